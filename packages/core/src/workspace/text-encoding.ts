import iconv from 'iconv-lite';

/** The text encodings alfred reads and writes back unchanged. */
export type TextEncoding = 'utf8' | 'utf16le' | 'utf16be' | 'utf32le' | 'utf32be';

/** How a file's text is stored, so a rewrite keeps the same bytes around the content. */
export interface TextFormat {
  readonly encoding: TextEncoding;
  readonly bom: boolean;
  readonly lineEnding: '\n' | '\r\n';
}

/** The format of a new file: UTF-8, no BOM, LF. */
export const DEFAULT_TEXT_FORMAT: TextFormat = { encoding: 'utf8', bom: false, lineEnding: '\n' };

const BOMS: ReadonlyArray<readonly [TextEncoding, readonly number[]]> = [
  // UTF-32 LE must be tested before UTF-16 LE: its BOM starts with the same two bytes.
  ['utf32le', [0xff, 0xfe, 0x00, 0x00]],
  ['utf32be', [0x00, 0x00, 0xfe, 0xff]],
  ['utf8', [0xef, 0xbb, 0xbf]],
  ['utf16le', [0xff, 0xfe]],
  ['utf16be', [0xfe, 0xff]],
];

/** Finds a byte order mark; returns the encoding and its length in bytes. */
export function detectBom(bytes: Uint8Array): { encoding: TextEncoding; length: number } | undefined {
  for (const [encoding, bom] of BOMS) {
    if (bytes.length >= bom.length && bom.every((byte, index) => bytes[index] === byte)) return { encoding, length: bom.length };
  }
  return undefined;
}

/**
 * Guesses UTF-16 without a BOM: ASCII-heavy UTF-16 text has a zero in every other byte. Returns
 * undefined when the sample does not look like UTF-16.
 */
function sniffUtf16(sample: Uint8Array): TextEncoding | undefined {
  if (sample.length < 4) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  const pairs = Math.floor(sample.length / 2);
  for (let index = 0; index + 1 < sample.length; index += 2) {
    if (sample[index] === 0) evenZeros++;
    if (sample[index + 1] === 0) oddZeros++;
  }
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return 'utf16le';
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return 'utf16be';
  return undefined;
}

/**
 * Decides whether bytes are text and in which encoding. Binary means a NUL byte (outside
 * UTF-16/32) or many control characters in the first 8 KB.
 */
export function detectTextEncoding(bytes: Uint8Array): { encoding: TextEncoding; bom: boolean } | { binary: true } {
  const bom = detectBom(bytes);
  if (bom) return { encoding: bom.encoding, bom: true };
  const sample = bytes.subarray(0, 8192);
  const utf16 = sniffUtf16(sample);
  if (utf16) return { encoding: utf16, bom: false };
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return { binary: true };
    if (byte < 7 || (byte > 13 && byte < 32 && byte !== 27)) control++;
  }
  if (sample.length > 0 && control / sample.length > 0.1) return { binary: true };
  return { encoding: 'utf8', bom: false };
}

/** The dominant line ending of a text. */
export function detectLineEnding(text: string): '\n' | '\r\n' {
  const crlf = text.match(/\r\n/g)?.length ?? 0;
  const lf = (text.match(/\n/g)?.length ?? 0) - crlf;
  return crlf > lf ? '\r\n' : '\n';
}

/** Decodes file bytes to text, dropping the BOM, and reports the format to write back with. */
export function decodeText(bytes: Uint8Array): { text: string; format: TextFormat } | { binary: true } {
  const detected = detectTextEncoding(bytes);
  if ('binary' in detected) return detected;
  const bomLength = detected.bom ? (detectBom(bytes)?.length ?? 0) : 0;
  const text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset + bomLength, bytes.byteLength - bomLength), detected.encoding);
  return { text, format: { encoding: detected.encoding, bom: detected.bom, lineEnding: detectLineEnding(text) } };
}

/** Encodes text in a format, converting LF line endings to the format's and adding its BOM. */
export function encodeText(text: string, format: TextFormat): Buffer {
  const normalised = format.lineEnding === '\r\n' ? text.replace(/\r?\n/g, '\r\n') : text;
  return iconv.encode(normalised, format.encoding, { addBOM: format.bom });
}
