import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeText, encodeText } from './text-encoding.js';

describe('text encoding', () => {
  it.each(['utf16le', 'utf16be', 'utf32le', 'utf32be', 'utf8'] as const)('reads %s with a BOM and writes it back byte for byte', (encoding) => {
    const bytes = iconv.encode('héllo\r\nwörld\r\n', encoding, { addBOM: true });
    const decoded = decodeText(bytes);
    if ('binary' in decoded) throw new Error('decoded as binary');
    expect(decoded.text).toBe('héllo\r\nwörld\r\n');
    expect(decoded.format).toEqual({ encoding, bom: true, lineEnding: '\r\n' });
    expect(encodeText('héllo\nwörld\n', decoded.format).equals(bytes)).toBe(true);
  });

  it('recognises UTF-16 without a BOM and calls bytes with NULs binary', () => {
    const decoded = decodeText(iconv.encode('plain ascii text here', 'utf16le'));
    expect(decoded).toMatchObject({ text: 'plain ascii text here', format: { encoding: 'utf16le', bom: false } });
    expect(decodeText(Buffer.from([0x41, 0x00, 0x00, 0x13, 0x99, 0x00, 0x42]))).toEqual({ binary: true });
  });
});
