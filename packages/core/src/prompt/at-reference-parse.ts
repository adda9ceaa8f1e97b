/** One `@path` reference found in a prompt. */
export interface AtReference {
  /** The path as typed, unquoted and unescaped. */
  path: string;
  /** Line range from `@file:10-40` (1-based, inclusive). */
  lines?: { start: number; end: number };
  /** Where the reference sits in the prompt, for replacing it with a short mention. */
  start: number;
  end: number;
}

/**
 * Finds `@path` references: `@src/a.ts`, `@src/a.ts:10-40`, `@"docs/my notes.md"`, `@src/**\/*.ts`.
 * `\@` is a literal at sign, an `@` inside a word (an email address) is not a reference, and
 * trailing sentence punctuation is not part of the path.
 */
export function parseAtReferences(prompt: string): { references: AtReference[]; text: string } {
  const references: AtReference[] = [];
  let text = '';
  let index = 0;
  while (index < prompt.length) {
    const character = prompt[index]!;
    if (character === '\\' && prompt[index + 1] === '@') {
      text += '@';
      index += 2;
      continue;
    }
    const previous = index === 0 ? ' ' : prompt[index - 1]!;
    if (character !== '@' || !/\s|[([{"'`]/.test(previous)) {
      text += character;
      index += 1;
      continue;
    }
    const parsed = readReference(prompt, index);
    if (!parsed) {
      text += character;
      index += 1;
      continue;
    }
    references.push(parsed);
    text += prompt.slice(index, parsed.end);
    index = parsed.end;
  }
  return { references, text };
}

function readReference(prompt: string, at: number): AtReference | undefined {
  let cursor = at + 1;
  let raw = '';
  if (prompt[cursor] === '"') {
    const close = prompt.indexOf('"', cursor + 1);
    if (close === -1) return undefined;
    raw = prompt.slice(cursor + 1, close);
    cursor = close + 1;
  } else {
    while (cursor < prompt.length && !/\s/.test(prompt[cursor]!)) {
      if (prompt[cursor] === '\\' && cursor + 1 < prompt.length) {
        raw += prompt[cursor + 1];
        cursor += 2;
        continue;
      }
      raw += prompt[cursor];
      cursor += 1;
    }
    const trimmed = raw.replace(/[.,;:!?)\]}'"`]+$/, '');
    cursor -= raw.length - trimmed.length;
    raw = trimmed;
  }
  if (raw === '') return undefined;
  const range = /^(.*):(\d+)(?:-(\d+))?$/.exec(raw);
  if (range && range[1]) {
    const start = Number(range[2]);
    const end = range[3] ? Number(range[3]) : start;
    return { path: range[1], lines: { start, end: Math.max(start, end) }, start: at, end: cursor };
  }
  return { path: raw, start: at, end: cursor };
}
