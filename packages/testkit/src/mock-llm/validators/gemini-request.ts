import { notAnObject, type ApiRejection, type ValidationContext } from '../families/family-codec.js';

// Messages follow the real Gemini API's INVALID_ARGUMENT errors.

type Part = Record<string, unknown>;
interface Content {
  role?: unknown;
  parts?: unknown;
}

const FUNCTION_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}$/;

function reject(message: string): ApiRejection {
  return { status: 400, message };
}

function partsOf(content: Content): Part[] {
  return Array.isArray(content.parts) ? (content.parts as Part[]) : [];
}

function count(content: Content | undefined, key: string): number {
  return content ? partsOf(content).filter((part) => part !== null && typeof part === 'object' && key in part).length : 0;
}

function checkShape(contents: Content[]): ApiRejection | undefined {
  for (const [index, content] of contents.entries()) {
    // The API defaults a missing role to "user" for single-turn requests.
    if (content.role !== undefined && content.role !== 'user' && content.role !== 'model') {
      return reject('Please use a valid role: user, model.');
    }
    if (partsOf(content).length === 0) return reject(`* GenerateContentRequest.contents[${index}].parts: contents.parts must not be empty.\n`);
  }
  return undefined;
}

/** A call turn follows a user or response turn; a response turn follows a call turn and answers every call. */
function checkFunctionTurns(contents: Content[]): ApiRejection | undefined {
  for (const [index, content] of contents.entries()) {
    const previous = contents[index - 1];
    const calls = count(content, 'functionCall');
    const responses = count(content, 'functionResponse');
    if (calls > 0 && previous && previous.role === 'model') {
      return reject('Please ensure that function call turn comes immediately after a user turn or after a function response turn.');
    }
    if (responses > 0 && count(previous, 'functionCall') === 0) {
      return reject('Please ensure that function response turn comes immediately after a function call turn.');
    }
    const next = contents[index + 1];
    if (calls > 0 && next && count(next, 'functionResponse') !== calls) {
      return reject('Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.');
    }
  }
  return undefined;
}

/** Gemini 3 needs the thought signature back on the first call of each step of the current turn. */
function checkThoughtSignatures(model: string, contents: Content[]): ApiRejection | undefined {
  if (!/gemini-3/.test(model)) return undefined;
  let turnStart = 0;
  contents.forEach((content, index) => {
    if (content.role !== 'model' && count(content, 'functionResponse') === 0) turnStart = index;
  });
  for (let index = turnStart; index < contents.length; index += 1) {
    const content = contents[index] as Content;
    const first = partsOf(content).find((part) => part !== null && typeof part === 'object' && 'functionCall' in part);
    if (!first || typeof first.thoughtSignature === 'string') continue;
    const name = String((first.functionCall as { name?: unknown } | undefined)?.name);
    return reject(`Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${name}\` , position ${index + 1}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`);
  }
  return undefined;
}

function checkTools(tools: unknown): ApiRejection | undefined {
  if (!Array.isArray(tools)) return undefined;
  for (const [toolIndex, tool] of (tools as Array<{ functionDeclarations?: unknown }>).entries()) {
    if (!Array.isArray(tool.functionDeclarations)) continue;
    for (const [index, declaration] of (tool.functionDeclarations as Array<{ name?: unknown }>).entries()) {
      if (typeof declaration.name !== 'string' || !FUNCTION_NAME.test(declaration.name)) {
        return reject(`* GenerateContentRequest.tools[${toolIndex}].function_declarations[${index}].name: Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 128.\n`);
      }
    }
  }
  return undefined;
}

/**
 * What `generateContent` rejects with 400 INVALID_ARGUMENT: no contents, roles other than user/model,
 * empty parts, function calls and responses out of turn or unequal in number, Gemini 3 calls sent back
 * without their thought signature, malformed function names.
 */
export function validateGeminiRequest(body: unknown, options: Partial<ValidationContext> = {}): ApiRejection | undefined {
  const shape = notAnObject(body);
  if (shape) return shape;
  const request = body as Record<string, unknown>;
  if (!Array.isArray(request.contents) || request.contents.length === 0) {
    return reject('* GenerateContentRequest.contents: contents is not specified\n');
  }
  const contents = request.contents as Content[];
  return (
    checkShape(contents) ??
    checkFunctionTurns(contents) ??
    checkThoughtSignatures(options.model ?? '', contents) ??
    checkTools(request.tools)
  );
}
