import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** A skill as the system prompt lists it. */
export interface SkillSummary {
  name: string;
  description: string;
  scope: 'workspace' | 'user';
  path: string;
}

/** A folder of skills: each `<dir>/<name>/SKILL.md` with `name` and `description` front matter. */
export interface SkillCatalogOptions {
  /** Searched in order; a workspace skill hides a user skill of the same name. */
  directories: Array<{ path: string; scope: SkillSummary['scope'] }>;
}

/** Finds skills and loads their bodies on demand (the model calls `load_skill`). */
export class SkillCatalog {
  constructor(private readonly options: SkillCatalogOptions) {}

  async list(): Promise<SkillSummary[]> {
    const byName = new Map<string, SkillSummary>();
    for (const directory of this.options.directories) {
      for (const skill of await scanDirectory(directory.path, directory.scope)) {
        if (!byName.has(skill.name)) byName.set(skill.name, skill);
      }
    }
    return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The skill's body (front matter removed) and a list of the other files in its folder. */
  async load(name: string): Promise<string | undefined> {
    const skill = (await this.list()).find((candidate) => candidate.name === name);
    if (!skill) return undefined;
    const { body } = parseFrontMatter(await readFile(skill.path, 'utf8'));
    const folder = path.dirname(skill.path);
    const others = (await listFiles(folder)).filter((file) => file !== 'SKILL.md');
    const files = others.length > 0 ? `\n\nOther files in this skill (read them with read_file under ${folder}):\n${others.map((file) => `- ${file}`).join('\n')}` : '';
    return `${body.trim()}${files}`;
  }
}

async function scanDirectory(directory: string, scope: SkillSummary['scope']): Promise<SkillSummary[]> {
  let entries: string[];
  try {
    entries = await readdir(directory);
  } catch {
    return [];
  }
  const skills: SkillSummary[] = [];
  for (const entry of entries.sort()) {
    const file = path.join(directory, entry, 'SKILL.md');
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      continue;
    }
    const { attributes, body } = parseFrontMatter(text);
    const description = attributes['description'] ?? firstLine(body);
    skills.push({ name: attributes['name'] ?? entry, description, scope, path: file });
  }
  return skills;
}

async function listFiles(folder: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(folder, entry.name), relative)));
    else out.push(relative);
    if (out.length > 50) break;
  }
  return out;
}

/**
 * Splits simple YAML front matter (`key: value` lines between `---` fences) from the body. Skills
 * and custom commands only use flat string keys, so a full YAML parser is not needed.
 */
export function parseFrontMatter(text: string): { attributes: Record<string, string>; body: string } {
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(normalised);
  if (!match) return { attributes: {}, body: normalised };
  const attributes: Record<string, string> = {};
  for (const line of match[1]!.split('\n')) {
    const pair = /^([A-Za-z0-9_-]+)\s*:\s*(.*)$/.exec(line);
    if (pair) attributes[pair[1]!] = pair[2]!.trim().replace(/^(['"])(.*)\1$/, '$2');
  }
  return { attributes, body: normalised.slice(match[0].length) };
}

function firstLine(body: string): string {
  return body.split('\n').find((line) => line.trim() !== '' && !line.startsWith('#'))?.trim() ?? '';
}

/** Where skills come from: the workspace's `.alfred/skills` (trusted folders only), then the user's. */
export function skillDirectories(options: { workspaceSkills: string; userSkills: string; trusted: boolean }): SkillCatalogOptions['directories'] {
  const directories: SkillCatalogOptions['directories'] = [];
  if (options.trusted) directories.push({ path: options.workspaceSkills, scope: 'workspace' });
  directories.push({ path: options.userSkills, scope: 'user' });
  return directories;
}
