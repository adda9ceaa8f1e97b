import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The package boundaries from docs/architecture.md, checked on the real sources: core has no UI,
 * ink reaches core only through its public entries, tests' helpers stay out of product code, and one
 * module alone resolves the home directory (so ALFRED_HOME can move it and tests never touch it).
 */

const PACKAGES = fileURLToPath(new URL('../../', import.meta.url));
const HOME_RESOLVER = path.join(PACKAGES, 'core/src/workspace/alfred-home.ts');

/** Every .ts/.tsx file under a folder, recursively (no node_modules or dist under src). */
function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Module specifiers a file imports: static, dynamic, `export … from`, `require()` and type-only. */
function importSpecifiers(sourceText: string): string[] {
  const info = ts.preProcessFile(sourceText, true, true);
  return info.importedFiles.map((file) => file.fileName);
}

/** The package an import specifier names: `react/jsx-runtime` → `react`, `@alfred/core/x` → `@alfred/core`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
}

/**
 * Lines (1-based) where a file calls `homedir()` from node:os, whether as `os.homedir()`, an imported
 * `homedir`, or a destructured one; a `homedir` imported from node:os without a call counts too.
 */
function homedirUses(fileName: string, sourceText: string): number[] {
  // Parsing is the slow part; a file that never spells the name cannot use it.
  if (!sourceText.includes('homedir')) return [];
  const source = ts.createSourceFile(fileName, sourceText, ts.ScriptTarget.Latest, true);
  const lines = new Set<number>();
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : undefined;
      if (name === 'homedir') lines.add(lineOf(node));
    }
    if (ts.isImportSpecifier(node) && (node.propertyName ?? node.name).text === 'homedir') lines.add(lineOf(node));
    if (ts.isBindingElement(node) && (node.propertyName ?? node.name).getText(source) === 'homedir') lines.add(lineOf(node));
    if (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression) && node.argumentExpression.text === 'homedir') {
      lines.add(lineOf(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...lines].sort((a, b) => a - b);
}

interface Violation {
  file: string;
  problem: string;
}

function violationsOf(files: string[], check: (file: string, text: string) => string[]): Violation[] {
  return files.flatMap((file) =>
    check(file, readFileSync(file, 'utf8')).map((problem) => ({ file: path.relative(PACKAGES, file), problem })),
  );
}

/** Test files, and the end-to-end folder whose helpers exist only for its pty tests. */
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || /(^|\/)e2e\//.test(file);

describe('the rule checks themselves', () => {
  it('finds imports of every form', () => {
    const text = `
      import React from 'react';
      import type { Props } from 'ink';
      export { x } from '@alfred/ink';
      const lazy = await import('ink/build/render.js');
      const cjs = require('react/jsx-runtime');
    `;
    expect(importSpecifiers(text).map(packageName)).toEqual(['react', 'ink', '@alfred/ink', 'ink', 'react']);
  });

  it('finds homedir calls however they are written, and ignores mentions in strings and comments', () => {
    const text = [
      "import os from 'node:os';",
      "import { homedir as home } from 'os';",
      'const a = os.homedir();',
      "// os.homedir() in a comment, and 'os.homedir()' in a string",
      'const { homedir } = os;',
      "const b = os['homedir']();",
    ].join('\n');
    expect(homedirUses('x.ts', text)).toEqual([2, 3, 5, 6]);
  });
});

describe('architecture', () => {
  const coreFiles = sourceFiles(path.join(PACKAGES, 'core/src'));
  const inkFiles = sourceFiles(path.join(PACKAGES, 'ink/src'));
  const allFiles = [...coreFiles, ...inkFiles, ...sourceFiles(path.join(PACKAGES, 'testkit/src'))];

  it('reads the real source tree', () => {
    expect(coreFiles).toContain(HOME_RESOLVER);
    expect(inkFiles.some((file) => file.endsWith(path.join('cli', 'alfred.ts')))).toBe(true);
  });

  it('keeps React, Ink and @alfred/ink out of packages/core', () => {
    const ui = new Set(['react', 'react-dom', 'ink', '@alfred/ink']);
    const violations = violationsOf(coreFiles, (file, text) => [
      ...(file.endsWith('.tsx') ? ['is a .tsx file: JSX belongs in packages/ink'] : []),
      ...importSpecifiers(text)
        .filter((specifier) => ui.has(packageName(specifier)))
        .map((specifier) => `imports "${specifier}"`),
    ]);
    expect(violations).toEqual([]);
  });

  it('lets packages/ink import @alfred/core only through its public entries', () => {
    // `@alfred/core/start-up` is the small entry the first frame loads before the engine.
    const violations = violationsOf(inkFiles, (_file, text) =>
      importSpecifiers(text)
        .filter((specifier) => specifier.startsWith('@alfred/core/') && specifier !== '@alfred/core/start-up')
        .map((specifier) => `deep-imports "${specifier}"; export it from packages/core/src/index.ts instead`),
    );
    expect(violations).toEqual([]);
  });

  it('keeps the test kit out of product code', () => {
    const violations = violationsOf(
      [...coreFiles, ...inkFiles].filter((file) => !isTest(file)),
      (_file, text) =>
        importSpecifiers(text)
          .filter((specifier) => packageName(specifier) === '@alfred/testkit')
          .map((specifier) => `imports "${specifier}" outside a test`),
    );
    expect(violations).toEqual([]);
  });

  it('resolves the home directory only in workspace/alfred-home.ts', () => {
    const violations = violationsOf(
      allFiles.filter((file) => file !== HOME_RESOLVER),
      (file, text) =>
        homedirUses(file, text).map((line) => `uses os.homedir() on line ${line}; resolve paths through ALFRED_HOME`),
    );
    expect(violations).toEqual([]);
  });
});
