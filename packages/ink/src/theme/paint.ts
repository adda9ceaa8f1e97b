import chalk, { type ChalkInstance } from 'chalk';
import type { Theme, ThemeColor, ThemeColors } from './themes.js';

/** A chalk style for one theme colour. */
export function paint(color: ThemeColor): ChalkInstance {
  return color.startsWith('#') ? chalk.hex(color) : chalk[color as Exclude<ThemeColor, `#${string}`>];
}

/** Chalk styles for every colour of a theme, built once per theme. */
export type Palette = { readonly [K in keyof ThemeColors]: ChalkInstance };

const palettes = new WeakMap<Theme, Palette>();

export function paletteOf(theme: Theme): Palette {
  const cached = palettes.get(theme);
  if (cached) return cached;
  const entries = Object.entries(theme.colors).map(([key, color]) => [key, paint(color)]);
  const palette = Object.fromEntries(entries) as Palette;
  palettes.set(theme, palette);
  return palette;
}
