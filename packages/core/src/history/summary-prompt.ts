import type { IContent } from '../content/content.js';

/** The instruction given to the model when it summarises the older part of a conversation. */
export const SUMMARY_INSTRUCTION = `The conversation above is about to be replaced by your summary of it, so that the work can go on within the context window. Write a structured summary that lets you continue without the original messages. Use exactly these sections, in markdown:

## Goal
What the user wants overall, in their words where possible.
## Decisions
Choices made and why, including approaches rejected.
## Files touched
Each file read, created or changed, and why; note the current state of anything edited.
## Errors met
Errors, failed commands and how they were resolved (or not).
## Pending work
What remains to be done, in order, and the very next step.
## User preferences
Style, tools, constraints and instructions the user gave that still apply.

Be specific: keep paths, names, commands and numbers. Do not call tools. Reply with the summary only.`;

/** The text that opens the summary entry placed at the head of a compressed history. */
export const SUMMARY_PREFIX = 'Summary of the earlier part of this conversation (older messages were compressed):';

/** Builds the history entry that replaces the compressed part. */
export function summaryEntry(summary: string): IContent {
  return {
    speaker: 'human',
    blocks: [{ type: 'text', text: `${SUMMARY_PREFIX}\n\n${summary.trim()}` }],
    metadata: { isSummary: true, synthetic: true, timestamp: Date.now() },
  };
}
