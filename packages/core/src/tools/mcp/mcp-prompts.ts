/** An MCP prompt as a server lists it: what `/server:prompt` offers and asks for. */
export interface McpPromptInfo {
  readonly server: string;
  readonly name: string;
  readonly description?: string;
  readonly arguments: readonly McpPromptArgument[];
}

/** One argument of an MCP prompt. */
export interface McpPromptArgument {
  readonly name: string;
  readonly description?: string;
  readonly required: boolean;
}

interface PromptMessage {
  role: string;
  content: { type: string; text?: string; resource?: { uri?: string; text?: string }; uri?: string };
}

/**
 * The text a `prompts/get` result puts in front of the model: each message's text, in order,
 * separated by blank lines. Embedded text resources are inlined; media and links become a short
 * marker, since a slash command's prompt is text.
 */
export function promptText(messages: readonly PromptMessage[]): string {
  return messages
    .map(({ content }) => {
      if (content.type === 'text') return content.text ?? '';
      if (content.type === 'resource') return content.resource?.text ?? `[resource ${content.resource?.uri ?? ''}]`;
      if (content.type === 'resource_link') return `[resource link ${content.uri ?? ''}]`;
      return `[${content.type} content]`;
    })
    .filter((text) => text !== '')
    .join('\n\n');
}
