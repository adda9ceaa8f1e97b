import type { Node } from 'web-tree-sitter';

/**
 * One word of a command as bash would see it. `value` is the word after quote removal, present
 * only when it is known before the command runs: expansions, substitutions, globs and `~` leave
 * it undefined, and nothing that needs a known value (an allow rule's literal word, a read-only
 * check) may treat such a word as harmless.
 */
export interface ShellWord {
  /** The source text, quotes and all. */
  readonly text: string;
  readonly value?: string;
}

const GLOB_CHARACTERS = /[*?[\]{}]/;

/** The statically known value of an argument node, if it has one. */
export function evaluateWord(node: Node): ShellWord {
  const value = literalValue(node);
  return value === undefined ? { text: node.text } : { text: node.text, value };
}

function literalValue(node: Node): string | undefined {
  switch (node.type) {
    case 'word':
    case 'command_name':
      return node.type === 'command_name' ? commandNameValue(node) : unquotedValue(node.text);
    case 'number':
      return node.text;
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'string':
      return node.namedChildren.every((child) => child?.type === 'string_content')
        ? unescapeDoubleQuoted(node.text.slice(1, -1))
        : undefined;
    case 'concatenation':
      return concatenationValue(node);
    default:
      return undefined;
  }
}

function commandNameValue(node: Node): string | undefined {
  const inner = node.namedChild(0);
  return inner ? literalValue(inner) : unquotedValue(node.text);
}

function concatenationValue(node: Node): string | undefined {
  let value = '';
  for (const child of node.children) {
    if (!child) return undefined;
    const part = child.isNamed ? literalValue(child) : unquotedValue(child.text);
    if (part === undefined) return undefined;
    value += part;
  }
  return value;
}

/** Backslash removal for unquoted text; globs and a leading `~` make the value unknown. */
function unquotedValue(text: string): string | undefined {
  if (text.startsWith('~')) return undefined;
  let value = '';
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index] as string;
    if (character === '\\') {
      index += 1;
      const next = text[index];
      if (next !== undefined && next !== '\n') value += next;
      continue;
    }
    if (GLOB_CHARACTERS.test(character) || character === '$' || character === '`') return undefined;
    value += character;
  }
  return value;
}

/** Inside double quotes a backslash escapes only `$`, `` ` ``, `"`, `\` and a newline. */
function unescapeDoubleQuoted(text: string): string | undefined {
  let value = '';
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index] as string;
    const next = text[index + 1];
    if (character === '\\' && next !== undefined && '$`"\\\n'.includes(next)) {
      if (next !== '\n') value += next;
      index += 1;
      continue;
    }
    if (character === '$' || character === '`') return undefined;
    value += character;
  }
  return value;
}
