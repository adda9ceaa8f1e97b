import path from 'node:path';

/** What a file holds, as far as tools care: text to read, media to pass to the model, or binary to refuse. */
export type FileCategory = { readonly kind: 'media'; readonly mimeType: string } | { readonly kind: 'binary'; readonly mimeType: string } | { readonly kind: 'maybe_text' };

const MEDIA_BY_EXTENSION: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.pdf': 'application/pdf',
};

const SIGNATURES: ReadonlyArray<readonly [string, readonly number[], 'media' | 'binary']> = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47], 'media'],
  ['image/jpeg', [0xff, 0xd8, 0xff], 'media'],
  ['image/gif', [0x47, 0x49, 0x46, 0x38], 'media'],
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d], 'media'],
  ['application/zip', [0x50, 0x4b, 0x03, 0x04], 'binary'],
  ['application/gzip', [0x1f, 0x8b], 'binary'],
  ['application/x-elf', [0x7f, 0x45, 0x4c, 0x46], 'binary'],
  ['application/wasm', [0x00, 0x61, 0x73, 0x6d], 'binary'],
  ['application/x-sqlite3', [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65], 'binary'],
  ['application/java-vm', [0xca, 0xfe, 0xba, 0xbe], 'binary'],
];

const BINARY_BY_EXTENSION: Readonly<Record<string, string>> = {
  '.zip': 'application/zip',
  '.gz': 'application/gzip',
  '.tar': 'application/x-tar',
  '.exe': 'application/vnd.microsoft.portable-executable',
  '.dll': 'application/vnd.microsoft.portable-executable',
  '.so': 'application/x-sharedlib',
  '.class': 'application/java-vm',
  '.jar': 'application/java-archive',
  '.wasm': 'application/wasm',
  '.ico': 'image/vnd.microsoft.icon',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/** Classifies a file by its first bytes, then by its extension. Text is confirmed later by decoding. */
export function categorizeFile(filePath: string, head: Uint8Array): FileCategory {
  for (const [mimeType, signature, kind] of SIGNATURES) {
    if (head.length >= signature.length && signature.every((byte, index) => head[index] === byte)) return { kind, mimeType };
  }
  const extension = path.extname(filePath).toLowerCase();
  if (extension === '.webp' && head.length >= 12 && String.fromCharCode(...head.subarray(8, 12)) === 'WEBP') {
    return { kind: 'media', mimeType: 'image/webp' };
  }
  const media = MEDIA_BY_EXTENSION[extension];
  if (media && extension === '.bmp' && head[0] === 0x42 && head[1] === 0x4d) return { kind: 'media', mimeType: media };
  const binary = BINARY_BY_EXTENSION[extension];
  if (binary) return { kind: 'binary', mimeType: binary };
  return { kind: 'maybe_text' };
}
