import { describe, expect, it } from 'vitest';
import { LoopDetector } from './loop-detector.js';

describe('LoopDetector', () => {
  it('stops the fifth identical call in a row, whatever the key order of its arguments', () => {
    const detector = new LoopDetector();
    for (let index = 0; index < 4; index += 1) {
      expect(detector.recordCall('read_file', index % 2 ? { path: 'a', limit: 5 } : { limit: 5, path: 'a' })).toBeUndefined();
    }
    expect(detector.recordCall('read_file', { path: 'a', limit: 5 })?.kind).toBe('repeated_call');
  });

  it('does not count calls that differ only after a long shared prefix', () => {
    const detector = new LoopDetector();
    const prefix = 'x'.repeat(5000);
    for (let index = 0; index < 20; index += 1) {
      expect(detector.recordCall('write_file', { path: 'a.txt', content: `${prefix}${index}` })).toBeUndefined();
    }
  });

  it('finds an alternating cycle of two calls and of four calls', () => {
    const two = new LoopDetector();
    const results = [];
    for (let index = 0; index < 6; index += 1) results.push(two.recordCall(index % 2 ? 'ls' : 'read_file', { path: '.' }));
    expect(results.slice(0, 5).every((result) => result === undefined)).toBe(true);
    expect(results[5]?.kind).toBe('cycle');

    const four = new LoopDetector();
    const names = ['glob', 'grep', 'read_file', 'ls'];
    let finding;
    for (let index = 0; index < 12 && !finding; index += 1) finding = four.recordCall(names[index % 4]!, {});
    expect(finding?.kind).toBe('cycle');
    expect(finding?.detail).toContain('glob → grep → read_file → ls');
  });

  it('lets varied work through', () => {
    const detector = new LoopDetector();
    for (let index = 0; index < 40; index += 1) {
      expect(detector.recordCall('read_file', { path: `src/file-${index}.ts` })).toBeUndefined();
    }
  });

  it('stops text that repeats the same sentence over and over', () => {
    const detector = new LoopDetector();
    let finding;
    for (let index = 0; index < 40 && !finding; index += 1) {
      finding = detector.recordText('I will now check the file again to be sure it is right. ');
    }
    expect(finding?.kind).toBe('repeated_text');
  });

  it('ignores repetition inside code blocks and ordinary long prose', () => {
    const detector = new LoopDetector();
    const code = '```ts\n' + 'export const value = 1;\n'.repeat(200) + '```\n';
    expect(detector.recordText(code)).toBeUndefined();
    const prose = Array.from({ length: 200 }, (_, index) => `Sentence number ${index} says something new. `).join('');
    expect(detector.recordText(prose)).toBeUndefined();
  });
});
