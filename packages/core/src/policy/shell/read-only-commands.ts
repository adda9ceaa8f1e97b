import type { SubCommand } from './shell-analysis.js';

/**
 * Commands known to only read, with the flags that make them write or run other programs
 * (`rg --pre`, `sort -o`, `find -delete`, `git -c` …). A command is read-only only when every
 * argument is known: an argument that expands at run time (a variable, a glob that could match a
 * file named `--pre=x`) could be any flag, so only commands without dangerous flags tolerate them.
 */
interface CommandKnowledge {
  /** Long flags (`--output`, also matching `--output=x`) that write or execute. */
  readonly dangerousLong?: readonly string[];
  /** Short flag letters that write or execute, also inside clusters (`-ro`). */
  readonly dangerousShort?: string;
  /** Exact arguments that write or execute (`-delete` for find). */
  readonly dangerousWords?: readonly string[];
  /** Further checks on the arguments (known values, options included). */
  readonly check?: (args: readonly string[]) => boolean;
}

const SAFE: CommandKnowledge = {};

const KNOWLEDGE: Record<string, CommandKnowledge> = {
  cat: SAFE, head: SAFE, tail: SAFE, wc: SAFE, ls: SAFE, pwd: SAFE, echo: SAFE, printf: SAFE,
  grep: SAFE, egrep: SAFE, fgrep: SAFE, which: SAFE, whoami: SAFE, id: SAFE, uname: SAFE,
  stat: SAFE, file: SAFE, du: SAFE, df: SAFE, basename: SAFE, dirname: SAFE, realpath: SAFE,
  readlink: SAFE, true: SAFE, false: SAFE, test: SAFE, '[': SAFE, diff: SAFE, cmp: SAFE,
  comm: SAFE, cut: SAFE, tr: SAFE, nl: SAFE, od: SAFE, jq: SAFE, seq: SAFE, sleep: SAFE,
  column: SAFE, fold: SAFE, rev: SAFE, tac: SAFE, md5sum: SAFE, sha1sum: SAFE, sha256sum: SAFE,
  strings: SAFE, printenv: SAFE, cd: SAFE, pushd: SAFE, popd: SAFE, type: SAFE, ps: SAFE,
  pgrep: SAFE, hexdump: SAFE,
  env: { check: (args) => args.length === 0 },
  command: { check: (args) => args[0] === '-v' || args[0] === '-V' },
  hostname: { check: (args) => args.every((arg) => arg.startsWith('-')) },
  date: { dangerousLong: ['--set'], dangerousShort: 's' },
  tree: { dangerousShort: 'o', dangerousLong: ['--output'] },
  uniq: { check: (args) => positional(args).length <= 1 },
  sort: { dangerousShort: 'o', dangerousLong: ['--output', '--compress-program'] },
  rg: { dangerousLong: ['--pre', '--hostname-bin', '--search-zip'], dangerousShort: 'z' },
  fd: { dangerousLong: ['--exec', '--exec-batch'], dangerousShort: 'xX' },
  find: {
    dangerousWords: ['-delete', '-fprint', '-fprint0', '-fprintf', '-fls', '-exec', '-execdir', '-ok', '-okdir'],
  },
  sed: { dangerousLong: ['--in-place', '--file'], dangerousShort: 'if', check: sedScriptsOnlyPrint },
  git: { check: gitIsReadOnly },
};

/** Whether the sub-command only reads, judged on its name and every argument. */
export function isReadOnlyCommand(command: SubCommand): boolean {
  if (command.assignments.length > 0 || command.via.includes('sudo')) return false;
  const [name, ...argWords] = command.words;
  if (name?.value === undefined || !Object.hasOwn(KNOWLEDGE, name.value)) return false;
  const knowledge = KNOWLEDGE[name.value] as CommandKnowledge;
  const argsKnown = argWords.every((word) => word.value !== undefined);
  if (!argsKnown || command.dynamicArguments) return knowledge === SAFE;
  const args = argWords.map((word) => word.value as string);
  return !args.some((arg) => isDangerousFlag(arg, knowledge)) && (knowledge.check?.(args) ?? true);
}

function isDangerousFlag(arg: string, knowledge: CommandKnowledge): boolean {
  if (knowledge.dangerousWords?.includes(arg)) return true;
  if (arg.startsWith('--')) {
    return (knowledge.dangerousLong ?? []).some((flag) => arg === flag || arg.startsWith(`${flag}=`));
  }
  if (arg.startsWith('-') && arg.length > 1 && knowledge.dangerousShort) {
    return [...arg.slice(1)].some((letter) => knowledge.dangerousShort?.includes(letter));
  }
  return false;
}

function positional(args: readonly string[]): string[] {
  return args.filter((arg) => !arg.startsWith('-') || arg === '-');
}

/** Only printing scripts: addresses with `p`, `d`, `q`, `=` or a substitution without the `w`/`e` flags. */
const SAFE_SED_SCRIPT =
  /^(\s*(\d+|\$|\/[^/]*\/)?(,\s*(\d+|\$|\/[^/]*\/))?\s*(!?[pdqn=]|s\/[^/]*\/[^/]*\/[gpiI\d]*)\s*;?)+$/;

function sedScriptsOnlyPrint(args: readonly string[]): boolean {
  const scripts: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (arg === '-e' || arg === '--expression') scripts.push(args[++index] ?? '');
    else if (arg.startsWith('--expression=')) scripts.push(arg.slice('--expression='.length));
  }
  if (scripts.length === 0) {
    const first = positional(args)[0];
    if (first === undefined) return false;
    scripts.push(first);
  }
  return scripts.every((script) => SAFE_SED_SCRIPT.test(script));
}

const GIT_READ_ONLY = new Set([
  'status', 'log', 'diff', 'show', 'rev-parse', 'ls-files', 'blame', 'describe', 'shortlog',
  'ls-tree', 'cat-file', 'show-ref', 'grep', 'merge-base', 'rev-list', 'whatchanged',
]);
/** `git -c`, `--config-env`, `--exec-path` and friends can make any subcommand run programs. */
const GIT_DANGEROUS = ['-c', '--config-env', '--exec-path', '--output', '--ext-diff', '--textconv', '--open-files-in-pager', '-O'];

function gitIsReadOnly(args: readonly string[]): boolean {
  if (args.some((arg) => GIT_DANGEROUS.some((flag) => arg === flag || arg.startsWith(`${flag}=`)))) return false;
  let index = 0;
  while (index < args.length && (args[index] as string).startsWith('-')) {
    index += args[index] === '-C' || args[index] === '--git-dir' || args[index] === '--work-tree' ? 2 : 1;
  }
  const subcommand = args[index];
  const rest = args.slice(index + 1);
  if (subcommand === undefined) return false;
  if (GIT_READ_ONLY.has(subcommand)) return true;
  const listing = rest.every((arg) => arg.startsWith('-')) && !rest.some((arg) => /^-(d|D|m|M|c|C|f|u)$|^--(delete|move|copy|force|set-upstream)/.test(arg));
  if (subcommand === 'branch' || subcommand === 'tag' || subcommand === 'remote') return listing;
  if (subcommand === 'stash') return rest[0] === 'list' || rest[0] === 'show';
  if (subcommand === 'config') return rest.some((arg) => ['--get', '--list', '-l', '--get-all', '--get-regexp'].includes(arg));
  return false;
}
