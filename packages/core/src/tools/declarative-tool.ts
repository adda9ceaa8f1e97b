import { z } from 'zod';
import type { ToolDeclaration } from '../providers/provider.js';
import type { Kind } from './kind.js';
import type { ToolInvocation, ToolLocation } from './tool-invocation.js';

/** A JSON Schema object as sent to providers. */
export type JsonSchema = Record<string, unknown>;

/** What the model is told about a tool: the provider boundary's own declaration type. */
export type { ToolDeclaration };

/** The outcome of parsing arguments: the typed value or a message naming the parameter and problem. */
export type ParseResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** How a tool's arguments are described to the model and checked when a call arrives. */
export interface ParameterSpec<P> {
  readonly jsonSchema: JsonSchema;
  parse(args: unknown): ParseResult<P>;
}

/** The outcome of `DeclarativeTool.build()`. */
export type BuildResult<P> =
  | { readonly ok: true; readonly invocation: ToolInvocation<P> }
  | { readonly ok: false; readonly error: string };

/** Static facts about a tool. */
export interface ToolSpec<P> {
  readonly name: string;
  readonly displayName: string;
  readonly description: string;
  readonly kind: Kind;
  readonly parameters: ParameterSpec<P>;
}

/**
 * A tool the model can call: a declaration plus `build()`, which validates arguments and returns an
 * invocation. Validation is separate from execution so the policy engine and the confirmation
 * dialog see a checked call before anything runs.
 */
export abstract class DeclarativeTool<P = unknown> {
  readonly name: string;
  readonly displayName: string;
  readonly description: string;
  readonly kind: Kind;
  readonly parameters: ParameterSpec<P>;

  constructor(spec: ToolSpec<P>) {
    this.name = spec.name;
    this.displayName = spec.displayName;
    this.description = spec.description;
    this.kind = spec.kind;
    this.parameters = spec.parameters;
  }

  /** The declaration sent to the model. */
  get declaration(): ToolDeclaration {
    return { name: this.name, description: this.description, parameters: this.parameters.jsonSchema };
  }

  /** Validates `args` and builds an invocation, or returns an error message the model can act on. */
  build(args: unknown): BuildResult<P> {
    const parsed = this.parameters.parse(args ?? {});
    if (!parsed.ok) return { ok: false, error: `Invalid arguments for ${this.name}: ${parsed.error}` };
    const problem = this.validateParams(parsed.value);
    if (problem !== undefined) return { ok: false, error: `Invalid arguments for ${this.name}: ${problem}` };
    return { ok: true, invocation: this.createInvocation(parsed.value) };
  }

  /** Checks that need more than the schema (ranges that depend on each other, non-empty strings). */
  protected validateParams(_params: P): string | undefined {
    return undefined;
  }

  protected abstract createInvocation(params: P): ToolInvocation<P>;

  /**
   * An invocation with nothing to show for approval (reads, searches, bookkeeping): the policy may
   * still ask by its rules, but there is no diff or command to preview.
   */
  protected quietInvocation(params: P, parts: { description: string; locations?: readonly ToolLocation[]; execute: ToolInvocation<P>['execute'] }): ToolInvocation<P> {
    const locations = parts.locations ?? [];
    return {
      toolName: this.name,
      kind: this.kind,
      params,
      getDescription: () => parts.description,
      toolLocations: () => locations,
      shouldConfirmExecute: () => Promise.resolve(false),
      execute: parts.execute,
    };
  }
}

/** Builds a {@link ParameterSpec} from a zod object schema: JSON Schema for the model, zod for checks. */
export function zodParameters<S extends z.ZodType<Record<string, unknown>>>(schema: S): ParameterSpec<z.output<S>> {
  const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return {
    jsonSchema,
    parse(args) {
      const result = schema.safeParse(args);
      if (result.success) return { ok: true, value: result.data };
      return { ok: false, error: formatIssues(result.error.issues) };
    },
  };
}

function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') return `unknown parameter(s) ${issue.keys.map((key) => `\`${key}\``).join(', ')}`;
      const name = issue.path.length > 0 ? `\`${issue.path.join('.')}\`` : 'arguments';
      if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
        return `${name} is required (${issue.expected})`;
      }
      return `${name}: ${issue.message}`;
    })
    .join('; ');
}
