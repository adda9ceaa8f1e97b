/**
 * IContent → Gemini `generateContentStream` parameters. Pure. Thought signatures go back on the
 * parts they came with; calls from other providers get Google's documented placeholder signature
 * so Gemini 3 accepts them; ids are sent only when the call had one (Gemini pairs id-less calls
 * and responses by order and name).
 */
import type { Content, FunctionCallingConfigMode, GenerateContentParameters, Part } from '@google/genai';
import { codeBlockText } from '../../content/block-text.js';
import type { ContentBlock, IContent, ThinkingBlock, ToolCallBlock } from '../../content/content.js';
import type { ProviderRequest, ToolChoice } from '../provider.js';

/** Google's documented value for a function call whose signature is unknown (another provider's). */
export const FOREIGN_THOUGHT_SIGNATURE = 'skip_thought_signature_validator';

function ownSignature(block: { opaque?: { api: string; signature?: string } }): string | undefined {
  return block.opaque?.api === 'gemini' ? block.opaque.signature : undefined;
}

function callId(block: ToolCallBlock): string | undefined {
  if (block.opaque?.api === 'gemini') return block.opaque.callId;
  return block.id;
}

function thinkingPart(block: ThinkingBlock, request: Pick<ProviderRequest, 'foreignThinking'>): Part | undefined {
  const signature = ownSignature(block);
  if (block.opaque?.api === 'gemini') {
    return signature || block.text ? { text: block.text, thought: true, ...(signature ? { thoughtSignature: signature } : {}) } : undefined;
  }
  return request.foreignThinking === 'text' && block.text ? { text: block.text } : undefined;
}

function functionCallPart(block: ToolCallBlock): Part {
  const id = callId(block);
  // Gemini 3 rejects a call turn without a signature; calls that never had one (other providers,
  // older Gemini models) get Google's documented placeholder.
  const signature = (block.opaque?.api === 'gemini' ? block.opaque.signature : undefined) ?? FOREIGN_THOUGHT_SIGNATURE;
  return { functionCall: { name: block.name, args: block.parameters, ...(id ? { id } : {}) }, thoughtSignature: signature };
}

function partOf(block: ContentBlock, calls: Map<string, ToolCallBlock>, request: Pick<ProviderRequest, 'foreignThinking'>): Part | undefined {
  switch (block.type) {
    case 'text': {
      const signature = ownSignature(block);
      if (block.text === '' && !signature) return undefined;
      return signature ? { text: block.text, thoughtSignature: signature } : { text: block.text };
    }
    case 'code':
      return { text: codeBlockText(block) };
    case 'media':
      return block.encoding === 'url'
        ? { fileData: { fileUri: block.data, mimeType: block.mimeType } }
        : { inlineData: { data: block.data, mimeType: block.mimeType } };
    case 'thinking':
      return thinkingPart(block, request);
    case 'tool_call':
      return functionCallPart(block);
    case 'tool_response': {
      const call = calls.get(block.callId);
      const id = call ? callId(call) : block.callId;
      const response = block.error !== undefined ? { error: block.error } : { output: block.result ?? '' };
      return { functionResponse: { name: block.toolName, response, ...(id ? { id } : {}) } };
    }
  }
}

/** Converts history to Gemini contents, merging consecutive turns of one speaker. */
export function toGeminiContents(history: readonly IContent[], request: Pick<ProviderRequest, 'foreignThinking'> = {}): Content[] {
  const calls = new Map<string, ToolCallBlock>();
  for (const content of history) for (const block of content.blocks) if (block.type === 'tool_call') calls.set(block.id, block);
  const contents: Content[] = [];
  let lastSpeaker: IContent['speaker'] | undefined;
  for (const content of history) {
    const parts = content.blocks.flatMap((block) => partOf(block, calls, request) ?? []);
    if (parts.length === 0) continue;
    const last = contents.at(-1);
    if (last && lastSpeaker === content.speaker) {
      last.parts?.push(...parts);
    } else {
      contents.push({ role: content.speaker === 'ai' ? 'model' : 'user', parts });
    }
    lastSpeaker = content.speaker;
  }
  return contents;
}

function functionCallingConfig(choice: ToolChoice): { mode: FunctionCallingConfigMode; allowedFunctionNames?: string[] } {
  if (choice === 'auto') return { mode: 'AUTO' as FunctionCallingConfigMode };
  if (choice === 'none') return { mode: 'NONE' as FunctionCallingConfigMode };
  if (choice === 'required') return { mode: 'ANY' as FunctionCallingConfigMode };
  return { mode: 'ANY' as FunctionCallingConfigMode, allowedFunctionNames: [choice.name] };
}

/** The parameters for `models.generateContentStream` (without the abort signal). */
export function toGeminiRequest(request: ProviderRequest): GenerateContentParameters {
  const settings = request.settings ?? {};
  const config: NonNullable<GenerateContentParameters['config']> = {};
  if (request.systemPrompt) config.systemInstruction = request.systemPrompt;
  if (request.tools && request.tools.length > 0) {
    config.tools = [{ functionDeclarations: request.tools.map((tool) => ({ name: tool.name, description: tool.description, parametersJsonSchema: tool.parameters })) }];
    if (request.toolChoice) config.toolConfig = { functionCallingConfig: functionCallingConfig(request.toolChoice) };
  }
  if (settings.temperature !== undefined) config.temperature = settings.temperature;
  if (settings.topP !== undefined) config.topP = settings.topP;
  if (settings.maxOutputTokens !== undefined) config.maxOutputTokens = settings.maxOutputTokens;
  if (settings.stopSequences) config.stopSequences = settings.stopSequences;
  if (settings.thinking?.enabled) {
    config.thinkingConfig = { includeThoughts: true, ...(settings.thinking.budgetTokens !== undefined ? { thinkingBudget: settings.thinking.budgetTokens } : {}) };
  }
  if (request.responseSchema) {
    config.responseMimeType = 'application/json';
    config.responseJsonSchema = request.responseSchema.schema;
  }
  return { model: request.model, contents: toGeminiContents(request.history, request), config };
}
