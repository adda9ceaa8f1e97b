import { stat } from 'node:fs/promises';
import path from 'node:path';
import { glob } from 'tinyglobby';
import type { ContentBlock } from '../content/content.js';
import type { FileDiscoveryService } from '../workspace/file-discovery.js';
import { formatBytes, readFileContent } from '../workspace/text-file.js';
import type { WorkspaceContext } from '../workspace/workspace-context.js';
import { parseAtReferences, type AtReference } from './at-reference-parse.js';

export interface AtReferenceOptions {
  workspace: WorkspaceContext;
  files: FileDiscoveryService;
  /** Most files attached from one prompt (default 50). */
  maxFiles?: number;
  /** Most bytes of file content attached from one prompt (default 1 MB). */
  maxTotalBytes?: number;
}

/** What `@` references turned into. */
export interface AtReferenceResult {
  /** Blocks to send after the prompt text: file contents, media, and notes about what was left out. */
  blocks: ContentBlock[];
  /** One line per reference for the user ("attached src/a.ts (120 lines)", "not found: x.ts"). */
  notes: string[];
  attached: string[];
}

const GLOB_CHARACTERS = /[*?[\]{}]/;

/**
 * Resolves every `@path` in a prompt to file contents: files (with optional line ranges),
 * directories (their gitignore-aware files up to the caps), globs, and images/PDFs as media. A
 * missing or refused path becomes a note for the model and the user, never a failed prompt.
 */
export async function resolveAtReferences(prompt: string, options: AtReferenceOptions): Promise<AtReferenceResult> {
  const { references } = parseAtReferences(prompt);
  const budget = { files: options.maxFiles ?? 50, bytes: options.maxTotalBytes ?? 1024 * 1024 };
  const result: AtReferenceResult = { blocks: [], notes: [], attached: [] };
  const leftOut: string[] = [];
  for (const reference of references) {
    const targets = await expandReference(reference, options, result.notes);
    for (const target of targets) {
      if (result.attached.includes(target)) continue;
      if (budget.files <= 0 || budget.bytes <= 0) {
        leftOut.push(options.workspace.displayPath(target));
        continue;
      }
      const used = await attachFile(target, reference, options, result);
      budget.files -= used > 0 ? 1 : 0;
      budget.bytes -= used;
    }
  }
  if (leftOut.length > 0) {
    const note = `Left out ${leftOut.length} more file(s) over the attachment caps (${options.maxFiles ?? 50} files, ${formatBytes(options.maxTotalBytes ?? 1024 * 1024)}): ${leftOut.slice(0, 20).join(', ')}${leftOut.length > 20 ? ', …' : ''}. Read them with read_file if needed.`;
    result.notes.push(note);
    result.blocks.push({ type: 'text', text: note });
  }
  return result;
}

async function expandReference(reference: AtReference, options: AtReferenceOptions, notes: string[]): Promise<string[]> {
  if (GLOB_CHARACTERS.test(reference.path)) {
    const matches = await glob(reference.path, { cwd: options.workspace.root, absolute: true, dot: false, onlyFiles: true, ignore: ['**/.git/**', '**/node_modules/**'] });
    const kept = [];
    for (const match of matches.sort()) if (!(await options.files.isIgnored(match))) kept.push(match);
    if (kept.length === 0) notes.push(`No files match @${reference.path}.`);
    return kept;
  }
  const resolved = await options.workspace.resolve(reference.path);
  if (!resolved.ok) {
    notes.push(`@${reference.path}: ${resolved.message}`);
    return [];
  }
  let info;
  try {
    info = await stat(resolved.realPath);
  } catch {
    notes.push(`@${reference.path}: no such file or directory.`);
    return [];
  }
  if (info.isDirectory()) {
    // The crawl applies ignore files from the crawled folder down; rules from folders above it
    // (a root .gitignore) are checked per file.
    const files: string[] = [];
    for (const file of await options.files.crawl(resolved.realPath)) if (!(await options.files.isIgnored(file))) files.push(file);
    if (files.length === 0) notes.push(`@${reference.path}: the directory has no files (after ignore rules).`);
    return files;
  }
  return [resolved.realPath];
}

async function attachFile(file: string, reference: AtReference, options: AtReferenceOptions, result: AtReferenceResult): Promise<number> {
  const display = options.workspace.displayPath(file);
  const content = await readFileContent(file).catch(() => undefined);
  if (!content || content.kind === 'not_a_file') {
    result.notes.push(`@${display}: could not be read.`);
    return 0;
  }
  if (content.kind === 'binary' || content.kind === 'too_large') {
    const why = content.kind === 'binary' ? `a binary file (${content.mimeType})` : `too large (${formatBytes(content.size)})`;
    result.notes.push(`@${display}: not attached, ${why}.`);
    result.blocks.push({ type: 'text', text: `[${display} was not attached: ${why}.]` });
    return 0;
  }
  result.attached.push(file);
  if (content.kind === 'media') {
    result.blocks.push({ type: 'media', mimeType: content.mimeType, data: content.bytes.toString('base64'), encoding: 'base64', filename: path.basename(file) });
    result.notes.push(`attached ${display} (${content.mimeType}, ${formatBytes(content.size)})`);
    return content.size;
  }
  const lines = content.text.split('\n');
  const range = reference.lines && !GLOB_CHARACTERS.test(reference.path) ? reference.lines : undefined;
  const selected = range ? lines.slice(range.start - 1, range.end) : lines;
  const label = range ? `${display} (lines ${range.start}-${Math.min(range.end, lines.length)} of ${lines.length})` : display;
  const body = selected.join('\n');
  result.blocks.push({ type: 'text', text: `--- ${label} ---\n${body}\n--- end of ${display} ---` });
  result.notes.push(`attached ${label}`);
  return Buffer.byteLength(body);
}
