import { open, stat } from 'node:fs/promises';
import { categorizeFile } from './file-type.js';
import { decodeText, type TextFormat } from './text-encoding.js';

/** The largest file a tool reads whole (the 20 MB cap). */
export const MAX_READ_BYTES = 20 * 1024 * 1024;

/** What a file turned out to hold. */
export type FileContent =
  | { readonly kind: 'text'; readonly text: string; readonly format: TextFormat; readonly size: number }
  | { readonly kind: 'media'; readonly mimeType: string; readonly bytes: Buffer; readonly size: number }
  | { readonly kind: 'binary'; readonly mimeType: string; readonly size: number }
  | { readonly kind: 'too_large'; readonly size: number; readonly limit: number }
  | { readonly kind: 'not_a_file'; readonly isDirectory: boolean };

/**
 * Reads a file and decides what it is: text (with its encoding, BOM and line endings, so a rewrite
 * keeps them), media (images, PDF) or binary. Throws only for I/O errors such as ENOENT.
 */
export async function readFileContent(filePath: string, maxBytes = MAX_READ_BYTES): Promise<FileContent> {
  const stats = await stat(filePath);
  if (!stats.isFile()) return { kind: 'not_a_file', isDirectory: stats.isDirectory() };
  if (stats.size > maxBytes) return { kind: 'too_large', size: stats.size, limit: maxBytes };
  const handle = await open(filePath, 'r');
  let bytes: Buffer;
  try {
    bytes = await handle.readFile();
  } finally {
    await handle.close();
  }
  const category = categorizeFile(filePath, bytes.subarray(0, 16));
  if (category.kind === 'media') return { kind: 'media', mimeType: category.mimeType, bytes, size: bytes.length };
  if (category.kind === 'binary') return { kind: 'binary', mimeType: category.mimeType, size: bytes.length };
  const decoded = decodeText(bytes);
  if ('binary' in decoded) return { kind: 'binary', mimeType: 'application/octet-stream', size: bytes.length };
  return { kind: 'text', text: decoded.text, format: decoded.format, size: bytes.length };
}

/** Human-readable byte size: `1.5 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
