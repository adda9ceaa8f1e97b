import path from 'node:path';
import { z } from 'zod';

/** What the model proposes for `alfred new`: a folder, its files and the commands that set it up. */
export const projectPlanSchema = z.object({
  folderName: z.string().min(1).max(100).describe('Name of the new project folder (letters, digits, ".", "_", "-")'),
  description: z.string().min(1).describe('One or two sentences about the project'),
  files: z
    .array(z.object({ path: z.string().min(1).describe('Path relative to the project folder, with / separators'), content: z.string().describe('Full file content') }))
    .min(1)
    .max(200)
    .describe('Every file of the project'),
  setupCommands: z.array(z.string().min(1)).max(20).describe('Shell commands to run in the project folder afterwards, e.g. npm install').default([]),
});

/** A validated project plan. */
export type ProjectPlan = z.output<typeof projectPlanSchema>;

const FOLDER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Problems that make a plan unsafe or unusable: names escaping the folder, duplicates, absolute paths. */
export function planProblems(plan: ProjectPlan): string[] {
  const problems: string[] = [];
  if (!FOLDER_NAME.test(plan.folderName) || plan.folderName === '.' || plan.folderName === '..') {
    problems.push(`folder name "${plan.folderName}" must be a plain name (letters, digits, ".", "_", "-")`);
  }
  const seen = new Set<string>();
  for (const file of plan.files) {
    const normalised = path.posix.normalize(file.path.replace(/\\/g, '/'));
    if (path.posix.isAbsolute(normalised) || /^[A-Za-z]:/.test(file.path)) problems.push(`${file.path}: absolute paths are not allowed`);
    else if (normalised === '..' || normalised.startsWith('../')) problems.push(`${file.path}: leaves the project folder`);
    else if (normalised.split('/').includes('.git')) problems.push(`${file.path}: writing into .git is not allowed`);
    if (seen.has(normalised)) problems.push(`${file.path}: listed twice`);
    seen.add(normalised);
  }
  return problems;
}

/** The preview shown before anything is written: a tree of files with their sizes. */
export function formatPlanTree(plan: ProjectPlan): string {
  const lines = [`${plan.folderName}/`];
  const printed = new Set<string>();
  const sorted = [...plan.files].sort((a, b) => a.path.localeCompare(b.path));
  for (const file of sorted) {
    const parts = path.posix.normalize(file.path.replace(/\\/g, '/')).split('/');
    for (let depth = 1; depth < parts.length; depth += 1) {
      const folder = parts.slice(0, depth).join('/');
      if (printed.has(folder)) continue;
      printed.add(folder);
      lines.push(`${'  '.repeat(depth)}${parts[depth - 1]}/`);
    }
    lines.push(`${'  '.repeat(parts.length)}${parts.at(-1)}  (${formatSize(Buffer.byteLength(file.content))})`);
  }
  const total = plan.files.reduce((sum, file) => sum + Buffer.byteLength(file.content), 0);
  lines.push(`${plan.files.length} files, ${formatSize(total)}`);
  return lines.join('\n');
}

function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}
