import type { FormattingOptions } from 'jsonc-parser';

/** Reads the indentation and line ends a file already uses, so inserted keys look like their neighbours. */
export function detectFormatting(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indented = /^([ \t]+)\S/m.exec(text)?.[1];
  if (indented?.startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol };
  return { insertSpaces: true, tabSize: indented ? Math.min(indented.length, 8) : 2, eol };
}
