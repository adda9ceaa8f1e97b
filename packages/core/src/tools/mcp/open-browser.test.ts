import { describe, expect, it } from 'vitest';
import { browserCommand } from './open-browser.js';

describe('browserCommand', () => {
  it('uses the platform opener, and $BROWSER when set', () => {
    expect(browserCommand('darwin', {})).toEqual({ file: 'open', args: [] });
    expect(browserCommand('win32', {})).toEqual({ file: 'rundll32', args: ['url.dll,FileProtocolHandler'] });
    expect(browserCommand('linux', { DISPLAY: ':0' })).toEqual({ file: 'xdg-open', args: [] });
    expect(browserCommand('linux', { WAYLAND_DISPLAY: 'wayland-0', BROWSER: 'firefox' })).toEqual({ file: 'firefox', args: [] });
  });

  it('opens nothing on a machine without a display, or when $BROWSER is none', () => {
    expect(browserCommand('linux', { SSH_CONNECTION: '10.0.0.1 22 10.0.0.2 5000' })).toBeUndefined();
    expect(browserCommand('darwin', { BROWSER: 'none' })).toBeUndefined();
  });
});
