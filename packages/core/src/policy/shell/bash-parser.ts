import { existsSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Node, Parser as ParserType } from 'web-tree-sitter';

/**
 * Loads the tree-sitter bash grammar once per process. The grammar and the tree-sitter runtime
 * ship as `.wasm` files inside their npm packages; they are resolved through Node's module
 * resolution (not a relative path), so the same code works from `src/`, from `dist/` and from the
 * esbuild bundle of the `alfred` command.
 */
export interface BashParser {
  /** Parses a command line and hands its syntax tree to `use`; the tree is freed afterwards. */
  withTree<T>(source: string, use: (root: Node) => T): T;
}

/** Where to find the two wasm files, when module resolution cannot (tests, unusual installs). */
export interface BashParserLocation {
  readonly runtimeWasm?: string;
  readonly grammarWasm?: string;
}

let loading: Promise<BashParser> | undefined;

/** The shared parser, loading the wasm on first use. A failed load is retried on the next call. */
export function loadBashParser(location: BashParserLocation = {}): Promise<BashParser> {
  loading ??= createBashParser(location).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function createBashParser(location: BashParserLocation): Promise<BashParser> {
  const runtimeWasm = location.runtimeWasm ?? resolveFile('web-tree-sitter/web-tree-sitter.wasm');
  const grammarWasm = location.grammarWasm ?? resolveFile('tree-sitter-bash/tree-sitter-bash.wasm');
  const { Parser, Language } = await import('web-tree-sitter');
  await Parser.init({ locateFile: () => runtimeWasm });
  const language = await Language.load(grammarWasm);
  const parser: ParserType = new Parser();
  parser.setLanguage(language);
  return {
    withTree(source, use) {
      const tree = parser.parse(source);
      if (!tree) throw new Error('the bash parser returned no syntax tree');
      try {
        return use(tree.rootNode);
      } finally {
        tree.delete();
      }
    },
  };
}

/**
 * Resolves from this module first (src/ and dist/), then from the installed `@alfred/core` that a
 * bundle sits beside: the `alfred` bundle lives in packages/ink/dist, whose own node_modules only
 * hold ink's direct dependencies.
 */
function resolveFile(specifier: string): string {
  const bases = [import.meta.url, ...coreInstallsAbove(fileURLToPath(import.meta.url))];
  const failures: string[] = [];
  for (const base of bases) {
    try {
      return createRequire(base).resolve(specifier);
    } catch (error) {
      failures.push((error as Error).message.split('\n')[0] ?? '');
    }
  }
  throw new Error(
    `Cannot find ${specifier}; shell commands cannot be analysed, so every command will need approval. ` +
      `Reinstall alfred's dependencies (web-tree-sitter and tree-sitter-bash). (${failures.join('; ')})`,
  );
}

function coreInstallsAbove(file: string): string[] {
  const found: string[] = [];
  for (let directory = path.dirname(file); ; directory = path.dirname(directory)) {
    const manifest = path.join(directory, 'node_modules', '@alfred', 'core', 'package.json');
    if (existsSync(manifest)) found.push(realpathSync(manifest));
    if (path.dirname(directory) === directory) return found;
  }
}
