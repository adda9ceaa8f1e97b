/// <reference types="highlight.js" />
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import go from 'highlight.js/lib/languages/go';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import makefile from 'highlight.js/lib/languages/makefile';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import type { ChalkInstance } from 'chalk';
import type { Palette } from '../theme/paint.js';

/**
 * Code blocks coloured from highlight.js's token tree in the theme's colours. cli-highlight (what
 * marked-terminal uses) renders highlight.js's HTML and parses it back with parse5, which was most
 * of the cost of drawing an answer; the tree gives the same tokens directly. Only the languages
 * models write most are registered (the full set takes 30 ms to load); an unknown or missing
 * language is drawn plain rather than guessed, since guessing runs every grammar over the code.
 */
const LANGUAGES = {
  bash, c, cpp, csharp, css, diff, dockerfile, go, ini, java, javascript, json, kotlin, makefile, markdown,
  php, python, ruby, rust, shell, sql, swift, typescript, xml, yaml,
};
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);
hljs.registerAliases(['sh', 'zsh', 'console'], { languageName: 'bash' });
hljs.registerAliases(['toml'], { languageName: 'ini' });
hljs.registerAliases(['tsx', 'mts', 'cts'], { languageName: 'typescript' });
hljs.registerAliases(['jsx', 'mjs', 'cjs'], { languageName: 'javascript' });

interface TokenNode {
  kind?: string;
  sublanguage?: boolean;
  children: (string | TokenNode)[];
}

type Role = 'keyword' | 'string' | 'number' | 'comment' | 'title' | 'attribute' | 'addition' | 'deletion';

/** highlight.js scope names (their first part) and the role they play. */
const ROLES: Record<string, Role> = {
  keyword: 'keyword', built_in: 'keyword', type: 'keyword', literal: 'keyword', 'selector-tag': 'keyword', tag: 'keyword', name: 'keyword',
  string: 'string', regexp: 'string', symbol: 'string', bullet: 'string', 'template-variable': 'string',
  number: 'number',
  comment: 'comment', quote: 'comment', meta: 'comment', doctag: 'comment',
  title: 'title', section: 'title', function: 'title', 'class': 'title',
  // Keys and attributes, not every parameter and variable: code where everything is coloured reads
  // no better, and each colour costs the terminal bytes to parse.
  attr: 'attribute', attribute: 'attribute', 'selector-id': 'attribute', 'selector-class': 'attribute',
  addition: 'addition', deletion: 'deletion',
};

type Style = ChalkInstance | undefined;

function styles(palette: Palette): Record<Role, ChalkInstance> {
  return {
    keyword: palette.accent,
    string: palette.success,
    number: palette.warning,
    comment: palette.muted,
    title: palette.heading,
    attribute: palette.user,
    addition: palette.diffAdded,
    deletion: palette.diffRemoved,
  };
}

/** The tree as runs of text and the style each is drawn in (undefined: the terminal's own colour). */
function runsOf(node: TokenNode, roles: Record<Role, ChalkInstance>, inherited: Style, runs: { text: string; style: Style }[]): void {
  const role = node.kind === undefined ? undefined : ROLES[node.kind.split('.')[0] ?? ''];
  const style = role === undefined ? inherited : roles[role];
  for (const child of node.children) {
    if (typeof child !== 'string') runsOf(child, roles, style, runs);
    else if (runs.at(-1)?.style === style) (runs.at(-1) as { text: string }).text += child;
    else runs.push({ text: child, style });
  }
}

/** A style's opening and closing codes, found by styling a marker once. */
const codesOf = new WeakMap<ChalkInstance, [string, string]>();
function codes(style: ChalkInstance): [string, string] {
  let found = codesOf.get(style);
  if (!found) {
    const [open = '', close = ''] = style('\u0000').split('\u0000');
    found = [open, close];
    codesOf.set(style, found);
  }
  return found;
}

/**
 * Each line with its own colour codes (a row drawn alone keeps its colours), and no more codes
 * than it needs: none for plain text, and none between runs that follow each other. Colour codes
 * are most of the bytes of highlighted code, and every byte is the terminal's to parse.
 */
function paintRuns(runs: readonly { text: string; style: Style }[]): string {
  let out = '';
  let open: [string, string] | undefined;
  const closeOpen = () => {
    if (open) out += open[1];
    open = undefined;
  };
  for (const { text, style } of runs) {
    text.split('\n').forEach((part, index) => {
      if (index > 0) {
        closeOpen();
        out += '\n';
      }
      if (part === '') return;
      if (style === undefined) closeOpen();
      else {
        const wanted = codes(style);
        if (open?.[0] !== wanted[0]) {
          closeOpen();
          out += wanted[0];
          open = wanted;
        }
      }
      out += part;
    });
  }
  closeOpen();
  return out;
}

/** The code, coloured when its language is known; every line keeps its own colour codes. */
export function highlightCode(code: string, language: string | undefined, palette: Palette): string {
  const name = language?.trim().split(/\s+/)[0]?.toLowerCase();
  const roles = styles(palette);
  if (name === undefined || name === '' || hljs.getLanguage(name) === undefined) {
    return code.split('\n').map((line) => (line === '' ? '' : palette.code(line))).join('\n');
  }
  const result = hljs.highlight(code, { language: name, ignoreIllegals: true });
  const runs: { text: string; style: Style }[] = [];
  runsOf((result.emitter as unknown as { rootNode: TokenNode }).rootNode, roles, undefined, runs);
  return paintRuns(runs);
}
