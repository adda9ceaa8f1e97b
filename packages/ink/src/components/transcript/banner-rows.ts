import type { Palette } from '../../theme/paint.js';

/** The block-letter greeting (seed 000 draws a figlet banner; two rows keep it out of the way). */
const LETTERS = ['▄▀█ █   █▀▀ █▀█ █▀▀ █▀▄', '█▀█ █▄▄ █▀  █▀▄ ██▄ █▄▀'];

export function bannerRows(version: string, palette: Palette, width: number): string[] {
  const hint = 'Ask anything. @path adds a file, /help lists commands, !cmd runs a shell command.';
  const art = width >= 30 ? LETTERS.map((row) => palette.accent.bold(row)) : [palette.accent.bold('alfred')];
  return [...art, palette.muted(`v${version}`), palette.muted(hint.length <= width ? hint : '/help lists commands'), ''];
}
