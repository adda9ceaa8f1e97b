import type { SubCommand } from './shell-analysis.js';
import type { ShellWord } from './shell-words.js';

/**
 * Commands that run another command: the policy must judge the inner command, not the wrapper.
 * `sudo` is kept as well, because running as root is itself worth asking about.
 */
export interface Unwrapped {
  /** Commands to judge as they are (the original when it is not a wrapper). */
  readonly keep: readonly SubCommand[];
  /** Inner commands, which may be wrappers again. */
  readonly inner: readonly SubCommand[];
  /** A script to parse as bash (`bash -c '…'`, `eval …`). */
  readonly script?: { readonly source: string; readonly wrapper: string };
  /** Part of the wrapper that cannot be accounted for. */
  readonly problem?: string;
}

type Unwrapper = (command: SubCommand, args: readonly ShellWord[]) => Unwrapped;

/** Options that take a separate value, per wrapper. */
const VALUE_OPTIONS: Record<string, readonly string[]> = {
  env: ['-u', '--unset', '-C', '--chdir'],
  nice: ['-n', '--adjustment'],
  timeout: ['-s', '--signal', '-k', '--kill-after'],
  stdbuf: ['-i', '-o', '-e', '--input', '--output', '--error'],
  sudo: ['-u', '-g', '-h', '-p', '-C', '-D', '-r', '-t', '-U', '-T', '--user', '--group', '--host', '--prompt', '--chdir'],
  xargs: ['-I', '-L', '-n', '-P', '-s', '-d', '-E', '-a', '--arg-file', '--delimiter', '--max-args', '--max-procs', '--max-lines', '--replace', '--eof'],
  command: [],
  nohup: [],
  time: [],
  exec: ['-a'],
};

const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh']);

const UNWRAPPERS: Record<string, Unwrapper> = {
  env: (command, args) => {
    const rest = skipOptions(args, VALUE_OPTIONS['env'] ?? []);
    if (rest.problem) return problem(command, rest.problem);
    if (args.some((word) => word.value === '-S' || word.value?.startsWith('--split-string'))) {
      return problem(command, '`env -S` splits a string into a command that is not analysed');
    }
    const assignments = [...command.assignments];
    let index = rest.index;
    while (index < args.length && (args[index]?.value?.includes('=') ?? false)) {
      assignments.push(args[index]?.text ?? '');
      index += 1;
    }
    if (index >= args.length) return { keep: [command], inner: [] };
    const inner = innerFrom(command, args.slice(index), 'env', { assignments });
    // `env NAME=value cmd` changes how cmd and anything it starts behaves (PATH, LD_PRELOAD …).
    return assignments.length > command.assignments.length ? { ...inner, keep: [command] } : inner;
  },
  command: (command, args) => {
    if (args.some((word) => word.value === '-v' || word.value === '-V')) return { keep: [command], inner: [] };
    return simpleWrapper(command, args, 'command');
  },
  nice: (command, args) => simpleWrapper(command, args, 'nice'),
  nohup: (command, args) => simpleWrapper(command, args, 'nohup'),
  time: (command, args) => simpleWrapper(command, args, 'time'),
  stdbuf: (command, args) => simpleWrapper(command, args, 'stdbuf'),
  exec: (command, args) => (args.length === 0 ? { keep: [], inner: [] } : simpleWrapper(command, args, 'exec')),
  timeout: (command, args) => {
    const rest = skipOptions(args, VALUE_OPTIONS['timeout'] ?? []);
    if (rest.problem) return problem(command, rest.problem);
    return innerFrom(command, args.slice(rest.index + 1), 'timeout');
  },
  sudo: (command, args) => {
    const rest = skipOptions(args, VALUE_OPTIONS['sudo'] ?? []);
    if (rest.problem) return problem(command, rest.problem);
    const inner = innerFrom(command, args.slice(rest.index), 'sudo');
    return { ...inner, keep: [command] };
  },
  xargs: (command, args) => {
    const rest = skipOptions(args, VALUE_OPTIONS['xargs'] ?? []);
    if (rest.problem) return problem(command, rest.problem);
    const innerArgs = args.slice(rest.index);
    const words = innerArgs.length > 0 ? innerArgs : [{ text: 'echo', value: 'echo' }];
    return innerFrom(command, words, 'xargs', { dynamicArguments: true });
  },
  eval: (command, args) => {
    if (args.some((word) => word.value === undefined)) return problem(command, '`eval` of text only known at run time');
    return { keep: [], inner: [], script: { source: args.map((word) => word.value).join(' '), wrapper: 'eval' } };
  },
  find: unwrapFind,
};

/** Replaces a wrapper by the command it runs; other commands come back unchanged in `keep`. */
export function unwrapCommand(command: SubCommand): Unwrapped {
  const name = command.words[0]?.value;
  if (name === undefined) return { keep: [command], inner: [] };
  const args = command.words.slice(1);
  if (SHELLS.has(name)) return unwrapShell(command, name, args);
  const unwrapper = Object.hasOwn(UNWRAPPERS, name) ? UNWRAPPERS[name] : undefined;
  return unwrapper ? unwrapper(command, args) : { keep: [command], inner: [] };
}

function unwrapShell(command: SubCommand, name: string, args: readonly ShellWord[]): Unwrapped {
  let hasScriptFlag = false;
  for (let index = 0; index < args.length; index += 1) {
    const word = args[index] as ShellWord;
    if (word.value === undefined) return problem(command, `\`${name}\` with options only known at run time`);
    if (word.value === '-o' || word.value === '+o') {
      index += 1;
      continue;
    }
    if (/^[-+][a-zA-Z]+$/.test(word.value)) {
      hasScriptFlag ||= word.value.startsWith('-') && word.value.includes('c');
      continue;
    }
    if (word.value.startsWith('--')) continue;
    if (!hasScriptFlag) return { keep: [command], inner: [] };
    return { keep: [], inner: [], script: { source: word.value, wrapper: `${name} -c` } };
  }
  return hasScriptFlag ? problem(command, `\`${name} -c\` without a command`) : { keep: [command], inner: [] };
}

/** `find … -exec cmd {} ;` runs `cmd` once per file; `find` itself is judged without those parts. */
function unwrapFind(command: SubCommand, args: readonly ShellWord[]): Unwrapped {
  const findWords: ShellWord[] = [command.words[0] as ShellWord];
  const inner: SubCommand[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const word = args[index] as ShellWord;
    if (!['-exec', '-execdir', '-ok', '-okdir'].includes(word.value ?? '')) {
      findWords.push(word);
      continue;
    }
    const end = args.findIndex((candidate, position) => position > index && (candidate.value === ';' || candidate.value === '+'));
    if (end < 0) return problem(command, `\`find ${word.value}\` without a closing ";" or "+"`);
    const innerWords = args.slice(index + 1, end);
    if (innerWords.length === 0) return problem(command, `\`find ${word.value}\` without a command`);
    inner.push(subCommand(command, innerWords, 'find', { dynamicArguments: true }));
    index = end;
  }
  const find = subCommand(command, findWords, '', {});
  return { keep: [{ ...find, via: command.via }], inner };
}

function simpleWrapper(command: SubCommand, args: readonly ShellWord[], wrapper: string): Unwrapped {
  const rest = skipOptions(args, VALUE_OPTIONS[wrapper] ?? []);
  if (rest.problem) return problem(command, rest.problem);
  if (rest.index >= args.length) return { keep: [command], inner: [] };
  return innerFrom(command, args.slice(rest.index), wrapper);
}

function innerFrom(
  command: SubCommand,
  words: readonly ShellWord[],
  wrapper: string,
  extra: { assignments?: readonly string[]; dynamicArguments?: boolean } = {},
): Unwrapped {
  if (words.length === 0) return problem(command, `\`${wrapper}\` without a command`);
  return { keep: [], inner: [subCommand(command, words, wrapper, extra)] };
}

function subCommand(
  outer: SubCommand,
  words: readonly ShellWord[],
  wrapper: string,
  extra: { assignments?: readonly string[]; dynamicArguments?: boolean },
): SubCommand {
  return {
    words,
    text: words.map((word) => word.value ?? word.text).join(' '),
    assignments: extra.assignments ?? outer.assignments,
    via: wrapper ? [...outer.via, wrapper] : outer.via,
    dynamicArguments: (extra.dynamicArguments ?? false) || outer.dynamicArguments,
  };
}

/** Skips leading options; an option whose value is unknown cannot be skipped safely. */
function skipOptions(args: readonly ShellWord[], valueOptions: readonly string[]): { index: number; problem?: string } {
  let index = 0;
  while (index < args.length) {
    const value = args[index]?.value;
    if (value === undefined) return { index, problem: `wrapper options only known at run time: "${args[index]?.text ?? ''}"` };
    if (value === '--') return { index: index + 1 };
    if (!value.startsWith('-') || value === '-') return { index };
    index += valueOptions.includes(value) ? 2 : 1;
  }
  return { index };
}

function problem(command: SubCommand, message: string): Unwrapped {
  return { keep: [command], inner: [], problem: message };
}
