import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { clipboardTool, copyText } from './clipboard.js';

describe('/copy', () => {
  it('picks the clipboard tool of the platform, and none without a desktop session', () => {
    expect(clipboardTool('darwin', {})).toEqual(['pbcopy']);
    expect(clipboardTool('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toEqual(['wl-copy']);
    expect(clipboardTool('linux', { DISPLAY: ':0' })).toEqual(['xclip', '-selection', 'clipboard']);
    expect(clipboardTool('linux', {})).toBeUndefined();
  });

  it('writes the text to the terminal as OSC 52 when there is no tool to run', async () => {
    const stdout = new PassThrough();
    let written = '';
    stdout.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const how = await copyText('héllo', stdout, { platform: 'linux', env: {} });
    expect(written).toBe(`\u001B]52;c;${Buffer.from('héllo').toString('base64')}\u0007`);
    expect(how).toContain('OSC 52');
  });
});
