import { z } from 'zod';
import { setting } from './setting.js';

/** `ui`: how the terminal interface draws. */
export const uiSection = {
  screen: setting(z.enum(['fullscreen', 'inline']), {
    default: 'fullscreen',
    description: "`fullscreen` uses the alternate screen with a scrollable transcript; `inline` keeps the terminal's scrollback.",
  }),
  theme: setting(z.string().min(1), {
    default: 'default',
    description: 'Colour theme name.',
  }),
  maxFps: setting(z.number().int().min(1).max(120), {
    default: 30,
    description: 'Most redraws per second while output streams.',
  }),
  showCost: setting(z.boolean(), {
    default: false,
    description: 'Show the estimated cost of the session in the footer.',
  }),
  hideBanner: setting(z.boolean(), {
    default: false,
    description: 'Do not print the banner at start-up.',
  }),
  showThinking: setting(z.boolean(), {
    default: true,
    description: "Show the model's thinking while it streams.",
  }),
} as const;
