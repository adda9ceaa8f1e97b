/**
 * Session titles: a hook the caller fills with a cheap model call, and a fallback made from the
 * first prompt so every session has a readable title from its first line.
 */

/** The first exchange of a session, as a title generator sees it. */
export interface FirstExchange {
  prompt: string;
  answer: string;
}

/** Makes a short title from the first exchange (the lead wires a cheap model call here). */
export type TitleGenerator = (exchange: FirstExchange, signal: AbortSignal) => Promise<string>;

const MAX_TITLE_LENGTH = 60;

/** Trims a title to one line of at most 60 characters, cutting at a word when it can. */
export function cleanTitle(raw: string): string {
  const line = raw.replace(/\s+/g, ' ').trim().replace(/^["'`#*\s]+|["'`*\s.]+$/g, '');
  if (line.length <= MAX_TITLE_LENGTH) return line;
  const cut = line.slice(0, MAX_TITLE_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > MAX_TITLE_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The title shown until one is generated or given: the first prompt, shortened. */
export function fallbackTitle(firstPrompt: string | undefined): string {
  const title = firstPrompt === undefined ? '' : cleanTitle(firstPrompt);
  return title === '' ? 'Untitled session' : title;
}
