import type { ShellAnalysis } from './shell-analysis.js';

/**
 * What the confirmation dialog shows for a command: the exact text with everything that could
 * hide what runs made visible, and each command that would run on its own line.
 */
export interface RenderedCommand {
  /** The command with invisible and look-alike characters shown as `⟨…⟩` escapes. */
  readonly text: string;
  /** Whether anything had to be made visible (the dialog can warn). */
  readonly hadHiddenCharacters: boolean;
  /** Each sub-command, rendered the same way. */
  readonly subCommands: readonly string[];
}

/** Bidi controls, zero-width characters and other invisible format characters. */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u00AD\u180E]/u;
/** Runs of this many spaces or more are shown with their length. */
const LONG_SPACE_RUN = 4;

/** Renders a command line for the confirmation dialog. */
export function renderCommandForConfirmation(command: string, analysis?: ShellAnalysis): RenderedCommand {
  const text = makeVisible(command);
  return {
    text,
    hadHiddenCharacters: text !== command,
    subCommands: (analysis?.subCommands ?? []).map((sub) => {
      const rendered = makeVisible(sub.text);
      return sub.via.length > 0 ? `${rendered}  (via ${sub.via.join(' → ')})` : rendered;
    }),
  };
}

/** Makes control characters, invisible characters, non-ASCII spaces and long space runs visible. */
export function makeVisible(text: string): string {
  let output = '';
  for (const character of text) {
    const code = character.codePointAt(0) as number;
    if (character === '\n') output += '⏎\n';
    else if (character === '\t') output += '⟨TAB⟩';
    else if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0)) output += `⟨${controlName(code)}⟩`;
    else if (INVISIBLE.test(character) || (/\s/u.test(character) && character !== ' ')) output += `⟨U+${hex(code)}⟩`;
    else output += character;
  }
  return output.replace(new RegExp(` {${LONG_SPACE_RUN},}`, 'g'), (run) => `⟨${run.length} spaces⟩`);
}

function controlName(code: number): string {
  if (code === 0x1b) return 'ESC';
  if (code === 0x0d) return 'CR';
  if (code === 0x7f) return 'DEL';
  return `U+${hex(code)}`;
}

function hex(code: number): string {
  return code.toString(16).toUpperCase().padStart(4, '0');
}
