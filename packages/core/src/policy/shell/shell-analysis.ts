import path from 'node:path';
import type { Node } from 'web-tree-sitter';
import type { BashParser } from './bash-parser.js';
import { evaluateWord, type ShellWord } from './shell-words.js';
import { unwrapCommand } from './wrappers.js';

/** One command that would run, after wrappers (`sudo`, `env`, `bash -c` …) are unwrapped. */
export interface SubCommand {
  readonly words: readonly ShellWord[];
  /** The words as one line (known values where known, source text otherwise). */
  readonly text: string;
  /** `NAME=value` prefixes; they change how the command runs, so it is never read-only. */
  readonly assignments: readonly string[];
  /** Wrappers this command was found inside, outermost first. */
  readonly via: readonly string[];
  /** More arguments arrive at run time (`xargs`, `find -exec … {}`). */
  readonly dynamicArguments: boolean;
}

/** A redirection; `path` is absolute when the target is known, undefined when it is not. */
export interface ShellRedirection {
  readonly operator: string;
  readonly target: string;
  readonly path?: string;
  readonly writes: boolean;
}

/** Everything a command line would do, as far as the parser can tell. */
export interface ShellAnalysis {
  readonly command: string;
  readonly subCommands: readonly SubCommand[];
  readonly redirections: readonly ShellRedirection[];
  /** Parse errors and syntax the analysis cannot account for; any entry means "not understood". */
  readonly problems: readonly string[];
}

/** Where relative paths start and where `~` points. */
export interface ShellAnalysisOptions {
  readonly cwd: string;
  readonly userHome: string;
}

/** Nested `bash -c` deeper than this is not analysed and is reported as a problem (fails closed). */
const MAX_NESTING = 8;

const PASS_THROUGH = new Set([
  'program', 'list', 'pipeline', 'subshell', 'compound_statement', 'do_group', 'negated_command',
  'if_statement', 'elif_clause', 'else_clause', 'while_statement', 'for_statement',
  'c_style_for_statement', 'case_statement', 'case_item', 'test_command', 'binary_expression',
  'unary_expression', 'parenthesized_expression', 'ternary_expression', 'postfix_expression',
  'arithmetic_expansion', 'subscript', 'expansion', 'string', 'concatenation',
  'command_substitution', 'process_substitution', 'heredoc_body', 'heredoc_redirect',
  'herestring_redirect', 'array', 'translated_string', 'command_name', 'function_definition',
  'variable_assignments', 'simple_expansion', 'brace_expression', 'redirected_statement',
]);

const LEAVES = new Set([
  'raw_string', 'number', 'variable_name', 'special_variable_name', 'heredoc_start', 'heredoc_end',
  'file_descriptor', 'ansi_c_string', 'regex', 'extglob_pattern', 'test_operator', 'comment',
]);

/** Text leaves in which bash would not run anything; a substitution opener there means the parse went wrong. */
const TEXT_LEAVES = new Set(['word', 'string_content', 'heredoc_content']);
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b-\u001f\u007f]/;
const HIDDEN_SUBSTITUTION = /\$\(|`|[<>]\(/;

/** Walks a command line's syntax tree and lists every command it would run. */
export function analyzeShellCommand(
  parser: BashParser,
  command: string,
  options: ShellAnalysisOptions,
): ShellAnalysis {
  const collector = new Collector(parser, options);
  collector.analyze(command, 0, []);
  return {
    command,
    subCommands: collector.subCommands,
    redirections: collector.redirections,
    problems: collector.problems,
  };
}

class Collector {
  readonly subCommands: SubCommand[] = [];
  readonly redirections: ShellRedirection[] = [];
  readonly problems: string[] = [];
  /** A `cd` makes later relative paths unknowable. */
  private directoryChanged = false;

  constructor(
    private readonly parser: BashParser,
    private readonly options: ShellAnalysisOptions,
  ) {}

  analyze(source: string, depth: number, via: readonly string[]): void {
    if (depth > MAX_NESTING) {
      this.problems.push(`commands nested more than ${MAX_NESTING} levels deep`);
      return;
    }
    if (source.trim() === '') {
      if (depth === 0) this.problems.push('the command is empty');
      return;
    }
    // The parser and bash disagree on some control characters (a carriage return is blank to one
    // and a word to the other), so a command that contains them is never taken as understood.
    const control = CONTROL_CHARACTER.exec(source);
    if (control) this.problems.push(`a control character (U+${control[0].charCodeAt(0).toString(16).padStart(4, '0')})`);
    this.parser.withTree(source, (root) => this.visit(root, depth, via));
  }

  private visit(node: Node, depth: number, via: readonly string[]): void {
    if (node.type === 'ERROR' || node.isMissing) {
      this.problems.push(`bash cannot parse "${clip(node.text)}"`);
      return;
    }
    switch (node.type) {
      case 'command':
        this.visitCommand(node, depth, via);
        return;
      case 'file_redirect':
        this.addRedirection(node);
        this.visitChildren(node, depth, via);
        return;
      case 'variable_assignment':
      case 'declaration_command':
      case 'unset_command':
        this.addBuiltin(node, via);
        this.visitChildren(node, depth, via);
        return;
    }
    if (TEXT_LEAVES.has(node.type)) {
      if (HIDDEN_SUBSTITUTION.test(node.text.replace(/\\./g, ''))) {
        this.problems.push(`substitution the parser did not recognise in "${clip(node.text)}"`);
      }
      return;
    }
    if (LEAVES.has(node.type)) return;
    if (PASS_THROUGH.has(node.type)) {
      this.visitChildren(node, depth, via);
      return;
    }
    this.problems.push(`unsupported shell syntax (${node.type}): "${clip(node.text)}"`);
  }

  private visitChildren(node: Node, depth: number, via: readonly string[]): void {
    for (const child of node.namedChildren) {
      if (child) this.visit(child, depth, via);
    }
  }

  private visitCommand(node: Node, depth: number, via: readonly string[]): void {
    const words: ShellWord[] = [];
    const assignments: string[] = [];
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === 'variable_assignment') {
        assignments.push(child.text);
        this.visitChildren(child, depth, via);
      } else if (child.type === 'file_redirect' || child.type === 'herestring_redirect') {
        this.visit(child, depth, via);
      } else {
        words.push(evaluateWord(child));
        this.visit(child, depth, via);
      }
    }
    if (words.length === 0) {
      this.addBuiltin(node, via);
      return;
    }
    const command: SubCommand = { words, text: wordsText(words), assignments, via, dynamicArguments: false };
    this.addUnwrapped(command, depth);
  }

  private addUnwrapped(command: SubCommand, depth: number): void {
    const name = command.words[0]?.value;
    if (name === 'cd' || name === 'pushd' || name === 'popd') this.directoryChanged = true;
    const unwrapped = unwrapCommand(command);
    if (unwrapped.problem) this.problems.push(unwrapped.problem);
    for (const kept of unwrapped.keep) this.subCommands.push(kept);
    for (const inner of unwrapped.inner) this.addUnwrapped(inner, depth);
    if (unwrapped.script !== undefined) {
      this.analyze(unwrapped.script.source, depth + 1, [...command.via, unwrapped.script.wrapper]);
    }
  }

  /** Assignments, `export`, `unset`: they change the environment of later commands. */
  private addBuiltin(node: Node, via: readonly string[]): void {
    const words: ShellWord[] = [{ text: node.text }];
    this.subCommands.push({ words, text: node.text, assignments: [node.text], via, dynamicArguments: false });
  }

  private addRedirection(node: Node): void {
    const destination = node.childForFieldName('destination') ?? node.namedChildren.at(-1) ?? null;
    const operator = node.children.find((child) => child && !child.isNamed)?.text ?? '';
    if (!destination) {
      this.problems.push(`a redirection without a target: "${clip(node.text)}"`);
      return;
    }
    const target = destination.text;
    const writes = operator.includes('>');
    if (destination.type === 'number' || target === '-') {
      this.redirections.push({ operator, target, path: undefined, writes: false });
      return;
    }
    const resolved = this.resolveTarget(destination);
    if (writes && resolved === undefined) this.problems.push(`a redirection to a target only known at run time: "${clip(target)}"`);
    this.redirections.push({ operator, target, path: resolved, writes });
  }

  private resolveTarget(destination: Node): string | undefined {
    const word = evaluateWord(destination);
    let value = word.value;
    if (value === undefined && /^~(\/[\w./-]*)?$/.test(word.text)) {
      value = path.join(this.options.userHome, word.text.slice(1));
    }
    if (value === undefined) return undefined;
    if (path.isAbsolute(value)) return path.resolve(value);
    return this.directoryChanged ? undefined : path.resolve(this.options.cwd, value);
  }
}

function wordsText(words: readonly ShellWord[]): string {
  return words.map((word) => word.value ?? word.text).join(' ');
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
