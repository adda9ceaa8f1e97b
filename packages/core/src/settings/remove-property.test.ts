import { describe, expect, it } from 'vitest';
import { removeProperty } from './remove-property.js';

describe('removeProperty', () => {
  it('removes a first property without taking the comments that follow it', () => {
    const text = '{\n  "a": 1,\n  // about b\n  "b": 2\n}\n';
    expect(removeProperty(text, ['a'])).toBe('{\n  // about b\n  "b": 2\n}\n');
  });

  it('removes a last property and the comma before it, leaving strict JSON', () => {
    const text = '{\n  "a": 1, // about a\n  "b": 2\n}\n';
    expect(removeProperty(text, ['b'])).toBe('{\n  "a": 1 // about a\n}\n');
  });

  it('removes a middle property with its same-line comment', () => {
    const text = '{\r\n  "a": 1,\r\n  "b": 2, // gone\r\n  "c": 3\r\n}\r\n';
    expect(removeProperty(text, ['b'])).toBe('{\r\n  "a": 1,\r\n  "c": 3\r\n}\r\n');
  });

  it('removes a nested property and leaves a missing one alone', () => {
    const text = '{ "ui": { "theme": "x", "maxFps": 5 } }';
    expect(removeProperty(text, ['ui', 'maxFps'])).toBe('{ "ui": { "theme": "x" } }');
    expect(removeProperty(text, ['ui', 'nope'])).toBe(text);
  });
});
