import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { WorkspaceContext } from './workspace-context.js';

/** Which ignore files to honour (settings: `fileFiltering.respectGitIgnore` and friends). */
export interface FileDiscoveryOptions {
  readonly workspace: WorkspaceContext;
  readonly respectGitIgnore?: boolean;
  readonly respectAlfredIgnore?: boolean;
  /** How long a crawl stays cached without an explicit `invalidate()`; default 10 s. */
  readonly cacheMaxAgeMs?: number;
}

/** The project-level ignore file alfred reads beside `.gitignore`. */
export const ALFRED_IGNORE_FILE = '.alfredignore';

interface RuleSet {
  readonly directory: string;
  readonly rules: Ignore;
}

const CRAWL_CONCURRENCY = 32;

/**
 * Lists and filters the workspace's files the way git would: nested `.gitignore` files apply to
 * their own folder and below (deeper files win), then `.alfredignore` the same way, and `.git/` is
 * never listed. Symlinks are not followed or listed (as ripgrep does), so a link cannot lead a crawl
 * out of the workspace or into a cycle. Crawls are cached until `invalidate()` or the cache age.
 */
export class FileDiscoveryService {
  private readonly workspace: WorkspaceContext;
  private readonly respectGitIgnore: boolean;
  private readonly respectAlfredIgnore: boolean;
  private readonly cacheMaxAgeMs: number;
  private readonly rulesCache = new Map<string, Promise<RuleSet | undefined>>();
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
    this.crawlCache.clear();
  }

  /**
   * Every non-ignored regular file under `directory` (a real path inside the workspace), as
   * absolute paths in a stable order.
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
    const segments = path.relative(root, absolutePath).split(path.sep);
    const chain: RuleSet[] = [];
    let current = root;
    for (let index = 0; index < segments.length; index++) {
      const rules = await this.rulesFor(current);
      if (rules) chain.push(rules);
      current = path.join(current, segments[index] as string);
      const last = index === segments.length - 1;
      if (ignoredByChain(chain, current, last ? isDirectory : true)) return true;
    }
    return false;
  }

  private async walk(root: string, signal?: AbortSignal): Promise<string[]> {
    const files: string[] = [];
    const queue: Array<{ directory: string; chain: RuleSet[] }> = [{ directory: root, chain: [] }];
    const visit = async (directory: string, parentChain: RuleSet[]) => {
      const rules = await this.rulesFor(directory);
      const chain = rules ? [...parentChain, rules] : parentChain;
      const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        const absolute = path.join(directory, entry.name);
        if (entry.isDirectory()) {
          if (entry.name === '.git' || ignoredByChain(chain, absolute, true)) continue;
          queue.push({ directory: absolute, chain });
        } else if (entry.isFile() && !ignoredByChain(chain, absolute, false)) {
          files.push(absolute);
        }
      }
    };
    while (queue.length > 0) {
      signal?.throwIfAborted();
      const batch = queue.splice(0, CRAWL_CONCURRENCY);
      await Promise.all(batch.map(({ directory, chain }) => visit(directory, chain)));
    }
    return files.sort();
  }

  private rulesFor(directory: string): Promise<RuleSet | undefined> {
    let rules = this.rulesCache.get(directory);
    if (!rules) {
      rules = this.loadRules(directory);
      this.rulesCache.set(directory, rules);
    }
    return rules;
  }

  private async loadRules(directory: string): Promise<RuleSet | undefined> {
    const sources: string[] = [];
    if (this.respectGitIgnore) {
      sources.push(path.join(directory, '.gitignore'));
      if (this.workspace.directories.includes(directory)) sources.push(path.join(directory, '.git', 'info', 'exclude'));
    }
    if (this.respectAlfredIgnore) sources.push(path.join(directory, ALFRED_IGNORE_FILE));
    const texts = await Promise.all(sources.map((source) => readFile(source, 'utf8').catch(() => '')));
    const content = texts.filter((text) => text.trim() !== '');
    if (content.length === 0) return undefined;
    return { directory, rules: ignore().add(content.join('\n')) };
  }
}

/** Applies each rule set from the outermost folder in; a deeper negation (`!keep.log`) wins. */
function ignoredByChain(chain: readonly RuleSet[], absolute: string, isDirectory: boolean): boolean {
  let ignored = false;
  for (const { directory, rules } of chain) {
    let relative = path.relative(directory, absolute).split(path.sep).join('/');
    if (relative === '') continue;
    if (isDirectory) relative += '/';
    const result = rules.test(relative);
    if (result.ignored) ignored = true;
    else if (result.unignored) ignored = false;
  }
  return ignored;
}
