import wrapAnsi from 'wrap-ansi';
import { sanitizeText } from '../state/sanitize.js';
import type { Theme } from '../theme/themes.js';

type Render = (markdown: string, theme: Theme, width: number) => string[];

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
