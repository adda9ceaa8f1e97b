import { describe, expect, it } from 'vitest';
import { expandEnvInValues, expandString } from './expand-env.js';

describe('expandEnvInValues', () => {
  it('expands $VAR and ${VAR} in string values at any depth, never in keys', () => {
    const unset: string[] = [];
    const result = expandEnvInValues(
      { $HOME: { path: '$HOME/x', list: ['${USER}-1', 3, true, null] } },
      { HOME: '/home/ada', USER: 'ada' },
      (name, keyPath) => unset.push(`${name}@${keyPath.join('.')}`),
    );
    expect(result).toEqual({ $HOME: { path: '/home/ada/x', list: ['ada-1', 3, true, null] } });
    expect(unset).toEqual([]);
  });

  it('leaves an unset variable as written and reports where it was', () => {
    const unset: string[] = [];
    expect(expandEnvInValues({ a: { b: 'key-${MISSING}' } }, {}, (name, keyPath) => unset.push(`${name}@${keyPath.join('.')}`))).toEqual({
      a: { b: 'key-${MISSING}' },
    });
    expect(unset).toEqual(['MISSING@a.b']);
  });

  it('does not treat a lone dollar or a digit after it as a variable', () => {
    expect(expandString('cost: $5 and $ alone', { 5: 'five' })).toBe('cost: $5 and $ alone');
  });
});
