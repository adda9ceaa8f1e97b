import { z } from 'zod';
import { DeclarativeTool, zodParameters } from '../declarative-tool.js';
import { Kind } from '../kind.js';
import type { ToolInvocation } from '../tool-invocation.js';
import { errorResult, textResult, type ToolResult } from '../tool-result.js';

const DESCRIPTION = `Loads the full instructions of a skill listed in the system prompt's skills index, by name. Load a skill before doing the task it describes.`;

/** Where skills come from; the context work implements it over `SKILL.md` files. */
export interface SkillSource {
  list(): Promise<Array<{ name: string; description: string }>>;
  load(name: string): Promise<string | undefined>;
}

const schema = z.strictObject({ name: z.string().min(1).describe('The skill name from the skills index.') });
type Params = z.output<typeof schema>;

/** `load_skill {name}`. */
export class LoadSkillTool extends DeclarativeTool<Params> {
  constructor(private readonly skills: SkillSource) {
    super({ name: 'load_skill', displayName: 'Load skill', description: DESCRIPTION, kind: Kind.Read, parameters: zodParameters(schema) });
  }

  protected createInvocation(params: Params): ToolInvocation<Params> {
    return this.quietInvocation(params, {
      description: `Load skill ${params.name}`,
      execute: async (): Promise<ToolResult> => {
        const body = await this.skills.load(params.name);
        if (body !== undefined) return textResult(`Skill "${params.name}":\n${body}`, `Loaded skill ${params.name}`);
        const known = (await this.skills.list()).map((skill) => skill.name);
        return errorResult('not_found', `No skill named "${params.name}". Available skills: ${known.length > 0 ? known.join(', ') : '(none)'}.`);
      },
    });
  }
}
