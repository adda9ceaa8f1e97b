import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ALFRED_IGNORE_FILE, filterByFolderRules, ignoredByChain, loadRuleSet, type RuleSet } from './ignore-chain.js';
import { isInside, type WorkspaceContext } from './workspace-context.js';

export { ALFRED_IGNORE_FILE };

/** Which ignore files to honour (settings: `fileFiltering.respectGitIgnore` and friends). */
export interface FileDiscoveryOptions {
  readonly workspace: WorkspaceContext;
  readonly respectGitIgnore?: boolean;
  readonly respectAlfredIgnore?: boolean;
  /** How long a crawl stays cached without an explicit `invalidate()`; default 10 s. */
  readonly cacheMaxAgeMs?: number;
}

/** A folder's verdict and the rule sets that apply to what is inside it, from its workspace directory down. */
interface DirectoryState {
  readonly chain: readonly RuleSet[];
  readonly ignored: boolean;
}

/**
 * A folder waiting to be read: its path as crawled, the rules of the folders above it, and the real
 * paths of the folders on the route that reached it (itself last), which is what a cycle returns to.
 */
interface PendingDirectory {
  readonly directory: string;
  readonly parentChain: readonly RuleSet[];
  readonly realRoute: readonly string[];
  /** Whether its verdict may be cached: not for a folder crawled by name, which may itself be ignored. */
  readonly cacheable: boolean;
}

const CRAWL_CONCURRENCY = 32;

/**
 * Lists and filters the workspace's files the way git would: nested `.gitignore` files apply to
 * their own folder and below (deeper files win), then `.alfredignore` the same way, and `.git/` is
 * never listed. A crawl of a subfolder starts with the rules of the folders above it, up to its
 * workspace directory. Symlinks are followed when their real path stays inside the workspace and
 * does not lead back to a folder on the route that reached them (a cycle). Crawls are cached until
 * `invalidate()` or the cache age; folder verdicts are cached with them, so `isIgnored` costs one
 * rule test per file.
 */
export class FileDiscoveryService {
  private readonly workspace: WorkspaceContext;
  private readonly respectGitIgnore: boolean;
  private readonly respectAlfredIgnore: boolean;
  private readonly cacheMaxAgeMs: number;
  private readonly rulesCache = new Map<string, Promise<RuleSet | undefined>>();
  private readonly directoryCache = new Map<string, Promise<DirectoryState>>();
  private readonly crawlCache = new Map<string, { at: number; files: Promise<string[]> }>();

  constructor(options: FileDiscoveryOptions) {
    this.workspace = options.workspace;
    this.respectGitIgnore = options.respectGitIgnore ?? true;
    this.respectAlfredIgnore = options.respectAlfredIgnore ?? true;
    this.cacheMaxAgeMs = options.cacheMaxAgeMs ?? 10_000;
  }

  /** Forgets crawls and ignore rules; file-changing tools call this after they run. */
  invalidate(): void {
    this.rulesCache.clear();
    this.directoryCache.clear();
    this.crawlCache.clear();
  }

  /**
   * Every non-ignored file under `directory` (a real path inside the workspace), as absolute paths
   * in a stable order. Naming an ignored folder lists it (as `rg dist` does), still filtered by
   * the rules of the folders above it.
   */
  async crawl(directory: string, signal?: AbortSignal): Promise<string[]> {
    const cached = this.crawlCache.get(directory);
    if (cached && Date.now() - cached.at < this.cacheMaxAgeMs) return cached.files;
    const files = this.walk(directory, signal);
    this.crawlCache.set(directory, { at: Date.now(), files });
    files.catch(() => this.crawlCache.delete(directory));
    return files;
  }

  /** Whether a real absolute path is ignored (itself or any folder above it, up to its workspace directory). */
  async isIgnored(absolutePath: string, isDirectory = false): Promise<boolean> {
    if (absolutePath.split(path.sep).includes('.git')) return true;
    const root = this.workspace.containingDirectory(absolutePath);
    if (root === undefined || root === absolutePath) return false;
    if (isDirectory) return (await this.directoryState(absolutePath, root)).ignored;
    const parent = await this.directoryState(path.dirname(absolutePath), root);
    return parent.ignored || ignoredByChain(parent.chain, absolutePath, false);
  }

  /**
   * Finishes a listing made by a gitignore-aware lister (`rg --files` run in `directory` without
   * parent rules): applies what it cannot know, the rules of the folders above `directory` and the
   * `.alfredignore` files inside it (found in the listing itself). Takes paths relative to
   * `directory` with `/` separators and returns the kept ones, in the same order.
   */
  async filterListed(directory: string, relativeFiles: readonly string[]): Promise<string[]> {
    const root = this.workspace.containingDirectory(directory) ?? directory;
    const seed = directory === root ? [] : (await this.directoryState(path.dirname(directory), root)).chain;
    const alfredFolders = this.respectAlfredIgnore ? relativeFiles.filter((file) => file === ALFRED_IGNORE_FILE || file.endsWith(`/${ALFRED_IGNORE_FILE}`)) : [];
    if (seed.length === 0 && alfredFolders.length === 0) return [...relativeFiles];
    const inner = new Map<string, RuleSet>();
    for (const file of alfredFolders) {
      const folder = path.join(directory, path.dirname(file));
      const rules = await loadRuleSet(folder, { gitIgnore: false, alfredIgnore: true, isWorkspaceDirectory: false });
      if (rules) inner.set(folder, rules);
    }
    return filterByFolderRules(directory, seed, inner, relativeFiles);
  }

  private async walk(start: string, signal?: AbortSignal): Promise<string[]> {
    const root = this.workspace.containingDirectory(start) ?? start;
    // A subfolder starts with its ancestors' rules (not their verdict on it: it was named).
    const parentChain = start === root ? [] : (await this.directoryState(path.dirname(start), root)).chain;
    const files: string[] = [];
    const queue: PendingDirectory[] = [{ directory: start, parentChain, realRoute: [start], cacheable: start === root }];
    while (queue.length > 0) {
      signal?.throwIfAborted();
      const batch = queue.splice(0, CRAWL_CONCURRENCY);
      await Promise.all(batch.map((pending) => this.visit(pending, files, queue)));
    }
    return files.sort();
  }

  private async visit(pending: PendingDirectory, files: string[], queue: PendingDirectory[]): Promise<void> {
    const { directory } = pending;
    const [chain, entries] = await Promise.all([
      this.extendChain(pending.parentChain, directory),
      readdir(directory, { withFileTypes: true }).catch((): Dirent[] => []),
    ]);
    if (pending.cacheable) this.directoryCache.set(directory, Promise.resolve({ chain, ignored: false }));
    const prefix = directory + path.sep;
    for (const entry of entries) {
      if (entry.name === '.git') continue;
      const absolute = prefix + entry.name;
      if (entry.isDirectory()) {
        if (chain.length === 0 || !ignoredByChain(chain, absolute, true)) {
          const real = `${pending.realRoute.at(-1) ?? directory}${path.sep}${entry.name}`;
          queue.push({ directory: absolute, parentChain: chain, realRoute: [...pending.realRoute, real], cacheable: true });
        }
      } else if (entry.isFile()) {
        if (chain.length === 0 || !ignoredByChain(chain, absolute, false)) files.push(absolute);
      } else if (entry.isSymbolicLink()) {
        await this.followLink(absolute, chain, pending.realRoute, files, queue);
      }
    }
  }

  /** Follows a link whose real path stays inside the workspace and does not loop back up the route. */
  private async followLink(link: string, chain: readonly RuleSet[], realRoute: readonly string[], files: string[], queue: PendingDirectory[]): Promise<void> {
    const real = await realpath(link).catch(() => undefined);
    if (real === undefined || this.workspace.containingDirectory(real) === undefined) return;
    const stats = await stat(real).catch(() => undefined);
    if (stats?.isFile()) {
      if (!ignoredByChain(chain, link, false)) files.push(link);
    } else if (stats?.isDirectory()) {
      if (realRoute.some((above) => isInside(real, above))) return;
      if (ignoredByChain(chain, link, true)) return;
      queue.push({ directory: link, parentChain: chain, realRoute: [...realRoute, real], cacheable: true });
    }
  }

  private async extendChain(chain: readonly RuleSet[], directory: string): Promise<readonly RuleSet[]> {
    const rules = await this.rulesFor(directory);
    return rules ? [...chain, rules] : chain;
  }

  /** A folder's verdict, computed from its workspace directory down and cached per folder. */
  private directoryState(directory: string, root: string): Promise<DirectoryState> {
    let state = this.directoryCache.get(directory);
    if (!state) {
      state = this.computeDirectoryState(directory, root);
      this.directoryCache.set(directory, state);
    }
    return state;
  }

  private async computeDirectoryState(directory: string, root: string): Promise<DirectoryState> {
    if (directory === root || !isInside(root, directory)) {
      const rules = await this.rulesFor(directory);
      return { chain: rules ? [rules] : [], ignored: false };
    }
    const parent = await this.directoryState(path.dirname(directory), root);
    const ignored = parent.ignored || path.basename(directory) === '.git' || ignoredByChain(parent.chain, directory, true);
    if (ignored) return { chain: parent.chain, ignored };
    return { chain: await this.extendChain(parent.chain, directory), ignored };
  }

  private rulesFor(directory: string): Promise<RuleSet | undefined> {
    let rules = this.rulesCache.get(directory);
    if (!rules) {
      rules = loadRuleSet(directory, {
        gitIgnore: this.respectGitIgnore,
        alfredIgnore: this.respectAlfredIgnore,
        isWorkspaceDirectory: this.workspace.directories.includes(directory),
      });
      this.rulesCache.set(directory, rules);
    }
    return rules;
  }
}
