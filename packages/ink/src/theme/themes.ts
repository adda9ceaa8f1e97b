/**
 * Colour themes. A colour is a `#rrggbb` value or one of the 16 ANSI colour names, so the `ansi`
 * theme follows the terminal's own palette. Every theme has a dark or light appearance.
 */

export type ThemeColor = `#${string}` | AnsiColorName;
export type AnsiColorName =
  | 'black' | 'red' | 'green' | 'yellow' | 'blue' | 'magenta' | 'cyan' | 'white' | 'gray'
  | 'redBright' | 'greenBright' | 'yellowBright' | 'blueBright' | 'magentaBright' | 'cyanBright' | 'whiteBright';

export interface ThemeColors {
  text: ThemeColor;
  muted: ThemeColor;
  accent: ThemeColor;
  user: ThemeColor;
  border: ThemeColor;
  success: ThemeColor;
  warning: ThemeColor;
  error: ThemeColor;
  info: ThemeColor;
  heading: ThemeColor;
  code: ThemeColor;
  link: ThemeColor;
  diffAdded: ThemeColor;
  diffRemoved: ThemeColor;
}

export interface Theme {
  name: string;
  appearance: 'dark' | 'light';
  colors: ThemeColors;
}

export const THEMES: readonly Theme[] = [
  {
    name: 'alfred-dark',
    appearance: 'dark',
    colors: {
      text: '#e6e6e6', muted: '#8a8f98', accent: '#5fd7ff', user: '#c792ea', border: '#4e5663',
      success: '#8bd17c', warning: '#f0c674', error: '#ff6b6b', info: '#7aa2f7', heading: '#82aaff',
      code: '#f78c6c', link: '#7dcfff', diffAdded: '#8bd17c', diffRemoved: '#ff6b6b',
    },
  },
  {
    name: 'alfred-light',
    appearance: 'light',
    colors: {
      text: '#24292f', muted: '#6e7781', accent: '#0969da', user: '#8250df', border: '#afb8c1',
      success: '#1a7f37', warning: '#9a6700', error: '#cf222e', info: '#0550ae', heading: '#0550ae',
      code: '#953800', link: '#0969da', diffAdded: '#1a7f37', diffRemoved: '#cf222e',
    },
  },
  {
    name: 'dracula',
    appearance: 'dark',
    colors: {
      text: '#f8f8f2', muted: '#6272a4', accent: '#bd93f9', user: '#ff79c6', border: '#44475a',
      success: '#50fa7b', warning: '#f1fa8c', error: '#ff5555', info: '#8be9fd', heading: '#bd93f9',
      code: '#ffb86c', link: '#8be9fd', diffAdded: '#50fa7b', diffRemoved: '#ff5555',
    },
  },
  {
    name: 'solarized-light',
    appearance: 'light',
    colors: {
      text: '#586e75', muted: '#93a1a1', accent: '#268bd2', user: '#6c71c4', border: '#93a1a1',
      success: '#859900', warning: '#b58900', error: '#dc322f', info: '#2aa198', heading: '#268bd2',
      code: '#cb4b16', link: '#2aa198', diffAdded: '#859900', diffRemoved: '#dc322f',
    },
  },
  {
    name: 'ansi',
    appearance: 'dark',
    colors: {
      text: 'white', muted: 'gray', accent: 'cyan', user: 'magenta', border: 'gray',
      success: 'green', warning: 'yellow', error: 'red', info: 'blue', heading: 'cyanBright',
      code: 'yellow', link: 'blueBright', diffAdded: 'green', diffRemoved: 'red',
    },
  },
];

export const DEFAULT_THEME: Theme = THEMES[0] as Theme;

/** Finds a theme by name, falling back to the default. */
export function themeNamed(name: string | undefined): Theme {
  return THEMES.find((theme) => theme.name === name) ?? DEFAULT_THEME;
}
