import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { FAMILIES, type MockTurn } from './types.js';

const faultSchema = z.union([
  z.object({ status: z.number().int().min(400).max(599), body: z.unknown().optional(), retryAfter: z.string().optional() }),
  z.object({ kind: z.enum(['cut', 'malformed']), afterEvents: z.number().int().min(0) }),
  z.object({ kind: z.literal('stall'), afterEvents: z.number().int().min(0), ms: z.number().min(0).optional() }),
]);

/** The shape of a scripted turn, checked on scenario files and on turns POSTed to the server. */
export const mockTurnSchema = z
  .object({
    text: z.union([z.string(), z.array(z.string())]).optional(),
    thinking: z.object({ text: z.string(), signature: z.string().optional() }).optional(),
    toolCalls: z
      .array(
        z.object({
          id: z.string().optional(),
          name: z.string(),
          arguments: z.union([z.record(z.string(), z.unknown()), z.string()]),
          chunks: z.number().int().min(1).optional(),
        }),
      )
      .optional(),
    usage: z
      .object({
        input: z.number().optional(),
        output: z.number().optional(),
        cachedRead: z.number().optional(),
        cacheWrite: z.number().optional(),
        thinking: z.number().optional(),
      })
      .optional(),
    stopReason: z.enum(['end', 'tool_use', 'max_tokens']).optional(),
    fault: faultSchema.optional(),
    replay: z.string().optional(),
    family: z.enum(FAMILIES as [string, ...string[]]).optional(),
    done: z.boolean().optional(),
    delayMs: z.number().min(0).optional(),
    firstDelayMs: z.number().min(0).optional(),
  })
  .strict();

/** A scenario file: `{ name?, baseDir?, turns: [...] }` (other top-level fields are ignored). */
const scenarioSchema = z.object({ name: z.string().optional(), baseDir: z.string().optional(), turns: z.array(mockTurnSchema) }).passthrough();

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

/** Makes a turn's `replay` path absolute (from `baseDir`) and checks that the file exists. */
export function resolveReplay(turn: MockTurn, baseDir: string): MockTurn {
  if (turn.replay === undefined) return turn;
  const replay = path.resolve(baseDir, turn.replay);
  if (!existsSync(replay)) throw new Error(`mock-llm: replay file not found: ${replay} (from "${turn.replay}" in ${baseDir})`);
  return { ...turn, replay };
}

/** Checks turns given as JSON (a turn, an array, or `{ turns }`) and resolves their replay paths. */
export function parseTurns(json: unknown, baseDir: string): MockTurn[] {
  const list = Array.isArray(json) ? json : json !== null && typeof json === 'object' && 'turns' in json ? (json as { turns: unknown }).turns : [json];
  const parsed = z.array(mockTurnSchema).safeParse(list);
  if (!parsed.success) throw new Error(`mock-llm: invalid turns: ${describeIssues(parsed.error)}`);
  return (parsed.data as MockTurn[]).map((turn) => resolveReplay(turn, baseDir));
}

/** Checks a scenario object; relative replay paths start at its `baseDir` (itself relative to `baseDir`). */
export function parseScenario(json: unknown, baseDir: string): MockTurn[] {
  const parsed = scenarioSchema.safeParse(json);
  if (!parsed.success) throw new Error(`mock-llm: invalid scenario: ${describeIssues(parsed.error)}`);
  const root = parsed.data.baseDir === undefined ? baseDir : path.resolve(baseDir, parsed.data.baseDir);
  return (parsed.data.turns as MockTurn[]).map((turn) => resolveReplay(turn, root));
}

/** Reads a scenario file; relative replay paths start at the file's folder. */
export async function loadScenarioFile(file: string): Promise<MockTurn[]> {
  const text = await readFile(file, 'utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`mock-llm: scenario ${file} is not valid JSON: ${(error as Error).message}`);
  }
  try {
    return parseScenario(json, path.dirname(path.resolve(file)));
  } catch (error) {
    throw new Error(`${(error as Error).message} (in ${file})`);
  }
}
