import { createRequire } from 'node:module';
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
  const require = createRequire(import.meta.url);
  const runtimeWasm = location.runtimeWasm ?? resolveFile(require, 'web-tree-sitter/web-tree-sitter.wasm');
  const grammarWasm = location.grammarWasm ?? resolveFile(require, 'tree-sitter-bash/tree-sitter-bash.wasm');
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

function resolveFile(require: NodeJS.Require, specifier: string): string {
  try {
    return require.resolve(specifier);
  } catch (error) {
    throw new Error(
      `Cannot find ${specifier}; shell commands cannot be analysed, so every command will need approval. ` +
        `Reinstall alfred's dependencies (web-tree-sitter and tree-sitter-bash). (${(error as Error).message})`,
    );
  }
}
