import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

/** The project-level ignore file alfred reads beside `.gitignore`. */
export const ALFRED_IGNORE_FILE = '.alfredignore';

/** The rules of one folder's ignore files, matched against paths relative to that folder. */
export interface RuleSet {
  readonly directory: string;
  readonly rules: Ignore;
}

/** Which ignore files one folder contributes. */
export interface RuleSources {
  readonly gitIgnore: boolean;
  readonly alfredIgnore: boolean;
  /** A workspace directory also reads `.git/info/exclude`. */
  readonly isWorkspaceDirectory: boolean;
}

/** Reads a folder's ignore files into one rule set; `undefined` when it has none. */
export async function loadRuleSet(directory: string, sources: RuleSources): Promise<RuleSet | undefined> {
  const files: string[] = [];
  if (sources.gitIgnore) {
    files.push(path.join(directory, '.gitignore'));
    if (sources.isWorkspaceDirectory) files.push(path.join(directory, '.git', 'info', 'exclude'));
  }
  if (sources.alfredIgnore) files.push(path.join(directory, ALFRED_IGNORE_FILE));
  const texts = await Promise.all(files.map((file) => readFile(file, 'utf8').catch(() => '')));
  const content = texts.filter((text) => text.trim() !== '');
  if (content.length === 0) return undefined;
  return { directory, rules: ignore().add(content.join('\n')) };
}

/**
 * Applies each rule set from the outermost folder in; a deeper negation (`!keep.log`) wins.
 * `absolute` must lie below every rule set's folder (the crawl guarantees it), so the relative path
 * is a slice rather than `path.relative`, which resolves both paths and dominated the crawl's time.
 */
export function ignoredByChain(chain: readonly RuleSet[], absolute: string, isDirectory: boolean): boolean {
  let ignored = false;
  for (const { directory, rules } of chain) {
    if (absolute.length <= directory.length) continue;
    let relative = absolute.slice(directory.length + 1);
    if (path.sep !== '/') relative = relative.split(path.sep).join('/');
    if (isDirectory) relative += '/';
    const result = rules.test(relative);
    if (result.ignored) ignored = true;
    else if (result.unignored) ignored = false;
  }
  return ignored;
}

/**
 * Keeps the files (relative to `directory`) that no rule ignores, where a file's rules are `seed`
 * followed by the rule sets of `inner` folders at or above it. Folder verdicts are cached, so a
 * file costs one test per rule set that applies to it, and none when no rule set does.
 */
export function filterByFolderRules(directory: string, seed: readonly RuleSet[], inner: ReadonlyMap<string, RuleSet>, relativeFiles: readonly string[]): string[] {
  const folders = new Map<string, { chain: readonly RuleSet[]; ignored: boolean }>([[directory, { chain: withInner(seed, inner.get(directory)), ignored: false }]]);
  const folderState = (folder: string): { chain: readonly RuleSet[]; ignored: boolean } => {
    let state = folders.get(folder);
    if (!state) {
      const parent = folderState(path.dirname(folder));
      const ignored = parent.ignored || (parent.chain.length > 0 && ignoredByChain(parent.chain, folder, true));
      state = { chain: ignored ? parent.chain : withInner(parent.chain, inner.get(folder)), ignored };
      folders.set(folder, state);
    }
    return state;
  };
  return relativeFiles.filter((relative) => {
    const absolute = path.join(directory, relative);
    const folder = folderState(path.dirname(absolute));
    return !folder.ignored && (folder.chain.length === 0 || !ignoredByChain(folder.chain, absolute, false));
  });
}

function withInner(chain: readonly RuleSet[], rules: RuleSet | undefined): readonly RuleSet[] {
  return rules ? [...chain, rules] : chain;
}
