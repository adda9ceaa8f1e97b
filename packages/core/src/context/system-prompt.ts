import type { MemoryFile } from './memory-files.js';
import type { SkillSummary } from './skills.js';
import { CORE_INSTRUCTIONS } from './core-instructions.js';

/** One named section of the system prompt with its token cost, for `/context`. */
export interface PromptPart {
  name: 'instructions' | 'environment' | 'memory' | 'skills' | 'tools' | 'recall';
  text: string;
  tokens: number;
}

export interface SystemPromptInput {
  environment: string;
  memory: readonly MemoryFile[];
  skills: readonly SkillSummary[];
  /** Tool declarations are sent separately; their cost is shown in the breakdown. */
  toolDeclarations?: string;
  /** Past interactions recalled for this prompt, marked as such. */
  recall?: string;
  countTokens: (text: string) => number;
  /** Replaces the built-in core instructions (a setting for custom agents). */
  instructions?: string;
}

/** The assembled system prompt and the cost of each part. */
export interface SystemPrompt {
  text: string;
  parts: PromptPart[];
}

/** Joins the parts in a fixed order; tools are counted but sent as declarations, not prompt text. */
export function assembleSystemPrompt(input: SystemPromptInput): SystemPrompt {
  const sections: Array<Omit<PromptPart, 'tokens'>> = [
    { name: 'instructions', text: input.instructions ?? CORE_INSTRUCTIONS },
    { name: 'environment', text: `# Environment\n${input.environment}` },
  ];
  if (input.memory.length > 0) sections.push({ name: 'memory', text: formatMemory(input.memory) });
  if (input.skills.length > 0) sections.push({ name: 'skills', text: formatSkills(input.skills) });
  if (input.recall) sections.push({ name: 'recall', text: input.recall });
  const parts: PromptPart[] = sections.map((section) => ({ ...section, tokens: input.countTokens(section.text) }));
  const text = parts.map((part) => part.text).join('\n\n');
  if (input.toolDeclarations) parts.push({ name: 'tools', text: '', tokens: input.countTokens(input.toolDeclarations) });
  return { text, parts };
}

function formatMemory(files: readonly MemoryFile[]): string {
  const bodies = files.map((file) => `## From ${file.path}\n${file.content.trim()}`);
  return `# Memory\nInstructions and facts the user keeps for you. Later files are more specific and win over earlier ones.\n\n${bodies.join('\n\n')}`;
}

function formatSkills(skills: readonly SkillSummary[]): string {
  const lines = skills.map((skill) => `- ${skill.name}: ${skill.description}`);
  return `# Skills\nLoad a skill's full instructions with the load_skill tool when the task matches its description.\n${lines.join('\n')}`;
}
