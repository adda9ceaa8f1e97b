import { generateObject, type ObjectStreamer } from '../providers/generate-object.js';
import { projectPlanSchema, type ProjectPlan } from './project-plan.js';

const INSTRUCTIONS = `You create new software projects from a description. Produce a complete, working, minimal project: every file with its full content (no placeholders or "..." elisions), a README.md that says how to run it, and the setup commands a developer would run once in the project folder (install dependencies, etc.). Prefer widely used tools and current stable versions. Keep it small.`;

/** Asks the model for a project plan matching the schema (validated by zod). */
export async function planProject(streamer: ObjectStreamer, model: string, description: string, signal: AbortSignal): Promise<ProjectPlan> {
  return generateObject(
    streamer,
    {
      schema: projectPlanSchema,
      name: 'create_project',
      description: 'Create the project: folder name, files and setup commands.',
      model,
      systemPrompt: INSTRUCTIONS,
      history: [{ speaker: 'human', blocks: [{ type: 'text', text: `Create this project: ${description}` }] }],
    },
    signal,
  );
}
