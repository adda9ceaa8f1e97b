/**
 * Puts files back from the shadow repository. For each file, the right content is the one in the
 * earliest checkpoint (from the one restored to onward) that saved it; a workspace checkpoint saved
 * everything, so it answers for every file no earlier checkpoint named, including files to delete.
 */
import { lstat, readdir, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Checkpoint } from './checkpoint-store.js';
import { type ShadowGit, splitNul } from './shadow-git.js';

/** What a restore changed on disk. */
export interface RestoredFiles {
  /** Files written back (workspace-relative). */
  restored: string[];
  /** Files created after the checkpoint, deleted. */
  deleted: string[];
  /** Files a restore would delete but did not, because they were too big to have been saved. */
  leftInPlace: string[];
}

async function removeFile(root: string, relative: string): Promise<boolean> {
  const absolute = path.join(root, relative);
  const removed = await unlink(absolute).then(
    () => true,
    () => false,
  );
  // Folders emptied by the deletion were created after the checkpoint too.
  for (let folder = path.dirname(absolute); removed && folder.startsWith(root + path.sep); folder = path.dirname(folder)) {
    const entries = await readdir(folder).catch(() => ['?']);
    if (entries.length > 0 || !(await rmdir(folder).then(() => true, () => false))) break;
  }
  return removed;
}

async function treeFiles(git: ShadowGit, commit: string, files?: string[]): Promise<Set<string>> {
  const args = ['ls-tree', '-r', '-z', '--name-only', commit];
  if (files) args.push('--', ...files.map((file) => `:(literal)${file}`));
  return new Set(splitNul(await git.run(args)));
}

/** Restores every file the given checkpoints (the target first, then every later one) cover. */
export async function restoreFiles(git: ShadowGit, checkpoints: readonly Checkpoint[], maxFileBytes: number): Promise<RestoredFiles> {
  const byCommit = new Map<string, string[]>();
  const assigned = new Set<string>();
  let workspace: Checkpoint | undefined;
  for (const checkpoint of checkpoints) {
    if (checkpoint.scope === 'workspace') {
      workspace = checkpoint;
      break;
    }
    const files = checkpoint.files.filter((file) => !assigned.has(file));
    files.forEach((file) => assigned.add(file));
    if (files.length > 0) byCommit.set(checkpoint.id, files);
  }
  const result: RestoredFiles = { restored: [], deleted: [], leftInPlace: [] };
  if (workspace) await restoreWorkspace(git, workspace, assigned, maxFileBytes, result);
  for (const [commit, files] of byCommit) {
    const saved = await treeFiles(git, commit, files);
    const present = files.filter((file) => saved.has(file));
    if (present.length > 0) await git.run(['checkout', commit, '--', ...present.map((file) => `:(literal)${file}`)]);
    result.restored.push(...present);
    for (const file of files.filter((candidate) => !saved.has(candidate))) {
      if (await removeFile(git.workTree, file)) result.deleted.push(file);
    }
  }
  result.restored.sort();
  result.deleted.sort();
  return result;
}

async function restoreWorkspace(
  git: ShadowGit,
  checkpoint: Checkpoint,
  assigned: ReadonlySet<string>,
  maxFileBytes: number,
  result: RestoredFiles,
): Promise<void> {
  const saved = await treeFiles(git, checkpoint.id);
  const current = splitNul(await git.run(['ls-files', '-z', '--cached', '--others', '--exclude-standard']));
  for (const file of new Set(current)) {
    if (saved.has(file) || assigned.has(file)) continue;
    const stats = await lstat(path.join(git.workTree, file)).catch(() => undefined);
    if (!stats) continue;
    if (stats.isFile() && stats.size > maxFileBytes) result.leftInPlace.push(file);
    else if (await removeFile(git.workTree, file)) result.deleted.push(file);
  }
  const differing = splitNul(await git.run(['diff', '--no-renames', '--name-only', '-z', checkpoint.id, '--', '.']));
  const changed = differing.filter((file) => saved.has(file) && !assigned.has(file));
  if (changed.length > 0) {
    await git.run(['checkout', checkpoint.id, '--', '.']);
    result.restored.push(...changed);
  }
}
