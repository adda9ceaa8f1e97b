/**
 * Finds where a streaming markdown answer can be cut so that everything before the cut is made of
 * closed blocks. The transcript moves that prefix into a finished item, which is rendered once and
 * (inline) written into `<Static>`, so the live part stays short however long the answer grows.
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Returns the length of the longest prefix of `text` that ends at a blank line outside any code
 * fence and is followed by a line that starts a new top-level block, or 0 when there is none.
 * Requiring an unindented next line keeps loose list items and their indented continuations together.
 */
export function closedBlocksLength(text: string): number {
  let fence: string | undefined;
  let best = 0;
  let lineStart = 0;
  let previousBlank = false;
  while (lineStart < text.length) {
    const newline = text.indexOf('\n', lineStart);
    if (newline === -1) {
      // The last line is still being written; it can only confirm a cut before it.
      if (previousBlank && fence === undefined && /^\S/.test(text.slice(lineStart))) best = lineStart;
      break;
    }
    const line = text.slice(lineStart, newline);
    const fenceMatch = FENCE.exec(line);
    if (fence === undefined && previousBlank && /^\S/.test(line)) best = lineStart;
    if (fenceMatch?.[1] !== undefined) {
      const marker = fenceMatch[1];
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
    }
    previousBlank = fence === undefined && line.trim() === '';
    lineStart = newline + 1;
  }
  return best;
}
