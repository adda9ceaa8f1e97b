import { findNodeAtLocation, parseTree } from 'jsonc-parser';

/**
 * Removes one property from JSONC text, taking only its own lines: the property, its comma and a
 * comment on the same line. jsonc-parser's own removal re-formats the neighbourhood and, for a
 * first property, swallows the comments that follow it; users' notes must survive an edit.
 * Returns the text unchanged when the property does not exist.
 */
export function removeProperty(text: string, keys: readonly string[]): string {
  const tree = parseTree(text, [], { allowTrailingComma: true });
  const valueNode = tree ? findNodeAtLocation(tree, [...keys]) : undefined;
  const property = valueNode?.parent;
  if (!property || property.type !== 'property' || !property.parent) return text;

  let start = property.offset;
  let end = property.offset + property.length;
  const following = /^[ \t]*,/.exec(text.slice(end));
  if (following) {
    end += following[0].length;
  } else {
    // The last property: drop the comma that separated it from the one before, if any.
    const siblings = property.parent.children ?? [];
    const previous = siblings[siblings.indexOf(property) - 1];
    if (previous) {
      const previousEnd = previous.offset + previous.length;
      const comma = /^\s*,/.exec(text.slice(previousEnd));
      if (comma) {
        text = text.slice(0, previousEnd) + text.slice(previousEnd + comma[0].length);
        start -= comma[0].length;
        end -= comma[0].length;
      }
    }
  }
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const ownsLine = text.slice(lineStart, start).trim() === '';
  const rest = /^[ \t]*(\/\/[^\n]*)?(\r?\n)?/.exec(text.slice(end))!;
  if (ownsLine && rest[2] !== undefined) return text.slice(0, lineStart) + text.slice(end + rest[0].length);
  return text.slice(0, start) + text.slice(end).replace(/^[ \t]*/, ownsLine ? '' : ' ').replace(/^ (?=[}\s])/, '');
}
