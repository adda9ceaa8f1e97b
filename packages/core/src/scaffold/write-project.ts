import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { planProblems, type ProjectPlan } from './project-plan.js';

/**
 * Writes a plan under `parent/<folderName>`. Refuses a plan with unsafe paths and an existing
 * folder that is not empty, so nothing the user has is overwritten. Returns the folder.
 */
export async function writeProject(parent: string, plan: ProjectPlan): Promise<string> {
  const problems = planProblems(plan);
  if (problems.length > 0) throw new Error(`the plan cannot be written: ${problems.join('; ')}`);
  const folder = path.join(path.resolve(parent), plan.folderName);
  const existing = await readdir(folder).catch(() => undefined);
  if (existing && existing.length > 0) throw new Error(`${folder} already exists and is not empty; choose another name or remove it`);
  await mkdir(folder, { recursive: true });
  for (const file of plan.files) {
    const target = path.join(folder, path.posix.normalize(file.path.replace(/\\/g, '/')));
    const relative = path.relative(folder, target);
    if (relative.startsWith('..') || path.isAbsolute(relative)) throw new Error(`${file.path} leaves the project folder`);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.content, { flag: 'wx' });
  }
  return folder;
}
