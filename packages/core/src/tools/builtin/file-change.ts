import { createPatch } from 'diff';
import { writeFileAtomic } from '../../workspace/atomic-write.js';
import { readFileContent } from '../../workspace/text-file.js';
import { DEFAULT_TEXT_FORMAT, encodeText, type TextFormat } from '../../workspace/text-encoding.js';
import { errorResult, type ToolResult } from '../tool-result.js';
import { describeError, errorCode } from '../tool-paths.js';

/** The current state of a file about to be changed; text is LF-normalised. */
export type CurrentFile =
  | { readonly exists: false; readonly format: TextFormat }
  | { readonly exists: true; readonly text: string; readonly format: TextFormat };

/** Reads the file a write or edit will replace, or explains why it cannot be changed as text. */
export async function readCurrentFile(realPath: string, shownPath: string): Promise<{ ok: true; file: CurrentFile } | { ok: false; result: ToolResult }> {
  try {
    const content = await readFileContent(realPath);
    switch (content.kind) {
      case 'text':
        return { ok: true, file: { exists: true, text: content.text.replace(/\r\n/g, '\n'), format: content.format } };
      case 'not_a_file':
        return { ok: false, result: errorResult('not_a_file', `${shownPath} is ${content.isDirectory ? 'a directory' : 'not a regular file'}.`) };
      case 'too_large':
        return { ok: false, result: errorResult('file_too_large', `${shownPath} is too large to edit as text (${content.size} bytes).`) };
      default:
        return { ok: false, result: errorResult('binary_file', `${shownPath} is a binary file (${content.mimeType}); it cannot be edited as text.`) };
    }
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { ok: true, file: { exists: false, format: DEFAULT_TEXT_FORMAT } };
    return { ok: false, result: errorResult('io_error', `Could not read ${shownPath}: ${describeError(error)}`) };
  }
}

/** A unified diff between two texts, labelled with the file's display path. */
export function unifiedDiff(shownPath: string, before: string, after: string): string {
  const patch = createPatch(shownPath, before, after, 'current', 'proposed', { context: 3 });
  // createPatch opens with "Index:" and "====" lines that are not part of a unified diff; viewers
  // and models expect it to start at the "---" header.
  const start = patch.indexOf('\n--- ');
  return start === -1 ? patch : patch.slice(start + 1);
}

/** Writes LF text back in the file's own encoding, BOM and line endings, atomically. */
export async function writeInFormat(realPath: string, text: string, format: TextFormat): Promise<void> {
  await writeFileAtomic(realPath, encodeText(text, format));
}

/** Counts lines the way a person would: a trailing newline does not start a new line. */
export function countLines(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}
