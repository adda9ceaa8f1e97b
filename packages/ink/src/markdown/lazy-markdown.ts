import wrapAnsi from 'wrap-ansi';
import { sanitizeText } from '../state/sanitize.js';
import { DEFAULT_THEME, type Theme } from '../theme/themes.js';

type Render = (markdown: string, theme: Theme, width: number) => string[];

/** Headings, emphasis, a list, a table, a link and TypeScript: the paths most answers take. */
const WARM_UP = [
  '## Warm-up',
  'Some **bold**, *emphasis*, `code` and a [link](https://example.com).',
  '- one\n- two\n\n1. first\n2. second',
  '| a | b |\n|---|---|\n| 1 | 2 |',
  '> quoted',
  '```ts\nexport function f(value: number): string {\n  return `${value}`; // note\n}\n```',
].join('\n\n');

let render: Render | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/**
 * Loads the markdown renderer (marked, marked-terminal and highlight.js: most of the TUI's code) in
 * the background, so the first frame does not wait for it. Resolves when it is ready.
 */
export function loadMarkdown(): Promise<void> {
  loading ??= import('./render-markdown.js').then((module) => {
    render = module.renderMarkdown;
    for (const listener of listeners) listener();
    // The first answer would otherwise pay for compiling the renderer's code and a grammar as it
    // streams; a small sample drawn while the user is still typing pays it instead.
    setTimeout(() => module.renderMarkdown(WARM_UP, DEFAULT_THEME, 80), 100).unref();
  });
  return loading;
}

/** True once the real renderer is in; rows drawn before are plain text and must be redrawn. */
export function markdownReady(): boolean {
  return render !== undefined;
}

/** Called once when the renderer has loaded (the app re-renders then). */
export function onMarkdownReady(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Markdown rows, or the sanitised text wrapped to the width until the renderer has loaded. */
export function renderMarkdownRows(markdown: string, theme: Theme, width: number): string[] {
  if (render) return render(markdown, theme, width);
  void loadMarkdown();
  const text = sanitizeText(markdown).replace(/\s+$/u, '');
  return text === '' ? [] : wrapAnsi(text, Math.max(10, width), { hard: true, trim: false }).split('\n');
}
