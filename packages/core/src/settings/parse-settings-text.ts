import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { SettingsError } from './settings-error.js';

/** Keys that would reach an object's prototype if assigned naively; dropped on read. */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** A settings file read into plain data, with a way to point back at the text. */
export interface ParsedSettingsText {
  readonly values: Record<string, unknown>;
  /** Line and column (1-based) of the value at `keyPath`, or of the deepest ancestor that exists. */
  locate(keyPath: readonly (string | number)[]): { line: number; column: number };
  /** Dotted paths of keys dropped because they name the prototype. */
  readonly droppedKeys: string[];
}

/**
 * Parses JSON with comments: trailing commas, a BOM and CRLF line ends are accepted. Anything else
 * that is not well-formed (truncated, binary, a top level that is not an object) is an error with
 * the file's line and column. Never throws for bad text, only returns the error.
 */
export function parseSettingsText(text: string, file: string): ParsedSettingsText | SettingsError {
  if (text.includes('\u0000')) return new SettingsError('binary_file', 'this is not a text file (it contains NUL bytes)', { file });
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const lineStarts = indexLineStarts(source);
  const position = (offset: number) => toLineColumn(lineStarts, offset);
  if (source.trim() === '') return { values: {}, locate: () => ({ line: 1, column: 1 }), droppedKeys: [] };

  const errors: ParseError[] = [];
  const tree = parseTree(source, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first) {
    return new SettingsError('parse_failed', `${describeParseError(first.error)}; this layer is ignored until it is fixed`, {
      file,
      ...position(first.offset),
    });
  }
  if (!tree || tree.type !== 'object') {
    return new SettingsError('not_an_object', 'a settings file must hold one JSON object `{ … }`', {
      file,
      ...position(tree?.offset ?? 0),
    });
  }
  const droppedKeys: string[] = [];
  const values = toValue(tree, [], droppedKeys) as Record<string, unknown>;
  return {
    values,
    droppedKeys,
    locate(keyPath) {
      for (let length = keyPath.length; length >= 0; length--) {
        const node = findNodeAtLocation(tree, keyPath.slice(0, length) as (string | number)[]);
        if (node) return position(node.parent?.type === 'property' ? node.parent.offset : node.offset);
      }
      return { line: 1, column: 1 };
    },
  };
}

function describeParseError(code: number): string {
  const names: Record<string, string> = {
    InvalidSymbol: 'unexpected character',
    InvalidNumberFormat: 'malformed number',
    PropertyNameExpected: 'expected a property name in double quotes',
    ValueExpected: 'expected a value',
    ColonExpected: 'expected ":"',
    CommaExpected: 'expected ","',
    CloseBraceExpected: 'expected "}" (is the file cut short?)',
    CloseBracketExpected: 'expected "]" (is the file cut short?)',
    EndOfFileExpected: 'unexpected text after the settings object',
    InvalidCommentToken: 'malformed comment',
    UnexpectedEndOfComment: 'unterminated comment',
    UnexpectedEndOfString: 'unterminated string',
    UnexpectedEndOfNumber: 'unterminated number',
    InvalidUnicode: 'invalid \\u escape',
    InvalidEscapeCharacter: 'invalid escape character',
    InvalidCharacter: 'invalid character in string',
  };
  const name = printParseErrorCode(code);
  return names[name] ?? name;
}

function toValue(node: Node, path: string[], dropped: string[]): unknown {
  switch (node.type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const property of node.children ?? []) {
        const [keyNode, valueNode] = property.children ?? [];
        if (!keyNode || !valueNode) continue;
        const key = String(keyNode.value);
        if (PROTOTYPE_KEYS.has(key)) {
          dropped.push([...path, key].join('.'));
          continue;
        }
        result[key] = toValue(valueNode, [...path, key], dropped);
      }
      return result;
    }
    case 'array':
      return (node.children ?? []).map((child, index) => toValue(child, [...path, String(index)], dropped));
    default:
      return node.value;
  }
}

function indexLineStarts(text: string): number[] {
  const starts = [0];
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) === 10) starts.push(index + 1);
  return starts;
}

function toLineColumn(lineStarts: readonly number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (lineStarts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: offset - lineStarts[low]! + 1 };
}
