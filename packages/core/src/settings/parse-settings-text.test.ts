import { describe, expect, it } from 'vitest';
import { parseSettingsText } from './parse-settings-text.js';
import { SettingsError } from './settings-error.js';

const FILE = '/tmp/settings.json';

function values(text: string): Record<string, unknown> {
  const parsed = parseSettingsText(text, FILE);
  if (parsed instanceof SettingsError) throw parsed;
  return parsed.values;
}

function failure(text: string): SettingsError {
  const parsed = parseSettingsText(text, FILE);
  if (!(parsed instanceof SettingsError)) throw new Error('expected the text to be rejected');
  return parsed;
}

describe('parseSettingsText', () => {
  it('accepts line and block comments and trailing commas', () => {
    expect(values('{\n  // the theme\n  "ui": { "theme": "dark", /* why */ },\n}\n')).toEqual({ ui: { theme: 'dark' } });
  });

  it('accepts a byte order mark and CRLF line ends', () => {
    expect(values('\uFEFF{\r\n  "general": {\r\n    "maxTurns": 9\r\n  }\r\n}\r\n')).toEqual({ general: { maxTurns: 9 } });
  });

  it('treats an empty or blank file as no settings', () => {
    expect(values('')).toEqual({});
    expect(values('  \n\t\n')).toEqual({});
  });

  it('reports a truncated file with the line and column where it ends', () => {
    const error = failure('{\n  "ui": {\n    "theme": "dark"\n');
    expect(error.code).toBe('parse_failed');
    expect(error.file).toBe(FILE);
    expect(error.line).toBe(4);
    expect(error.message).toMatch(/^\/tmp\/settings\.json:4:\d+: expected "}"/);
  });

  it('reports a missing comma at the offending line', () => {
    const error = failure('{\n  "a": 1\n  "b": 2\n}');
    expect(error).toMatchObject({ code: 'parse_failed', line: 3, column: 3 });
    expect(error.detail).toContain('expected ","');
  });

  it('refuses a binary file', () => {
    expect(failure('\u0000\u0001PNG\u0000').code).toBe('binary_file');
  });

  it('refuses a top level that is not an object', () => {
    expect(failure('[1, 2]')).toMatchObject({ code: 'not_an_object', line: 1, column: 1 });
    expect(failure('"text"').code).toBe('not_an_object');
  });

  it('drops prototype keys instead of letting them reach Object.prototype', () => {
    const parsed = parseSettingsText('{"__proto__": {"polluted": true}, "ui": {"constructor": {"prototype": 1}, "theme": "x"}}', FILE);
    if (parsed instanceof SettingsError) throw parsed;
    expect(parsed.values).toEqual({ ui: { theme: 'x' } });
    expect(parsed.droppedKeys).toEqual(['__proto__', 'ui.constructor']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(parsed.values)).toBe(Object.prototype);
  });

  it('locates a nested key by line and column', () => {
    const parsed = parseSettingsText('{\n  "ui": {\n    "maxFps": "fast"\n  }\n}', FILE);
    if (parsed instanceof SettingsError) throw parsed;
    expect(parsed.locate(['ui', 'maxFps'])).toEqual({ line: 3, column: 5 });
    expect(parsed.locate(['ui', 'missing'])).toEqual({ line: 2, column: 3 });
  });
});
