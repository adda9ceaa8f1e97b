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
  attr: 'attribute', attribute: 'attribute', variable: 'attribute', params: 'attribute', property: 'attribute', 'selector-id': 'attribute', 'selector-class': 'attribute',
  addition: 'addition', deletion: 'deletion',
};

function styles(palette: Palette): Record<Role | 'plain', ChalkInstance> {
  return {
    plain: palette.text,
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

function paintTree(node: TokenNode, palette: Record<Role | 'plain', ChalkInstance>, inherited: ChalkInstance): string {
  const role = node.kind === undefined ? undefined : ROLES[node.kind.split('.')[0] ?? ''];
  const style = role === undefined ? inherited : palette[role];
  let out = '';
  for (const child of node.children) {
    // Styled line by line: a row that wraps or scrolls alone still carries its own colour.
    out += typeof child === 'string' ? child.split('\n').map((line) => (line === '' ? '' : style(line))).join('\n') : paintTree(child, palette, style);
  }
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
  const root = (result.emitter as unknown as { rootNode: TokenNode }).rootNode;
  return paintTree(root, roles, roles.plain);
}
