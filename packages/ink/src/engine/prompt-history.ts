import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const MAX_ENTRIES = 500;

/** The prompts typed in one project, oldest first, kept as JSON lines beside its sessions. */
export class PromptHistory {
  private entries: string[];

  constructor(private readonly file: string) {
    this.entries = PromptHistory.read(file);
  }

  list(): string[] {
    return this.entries;
  }

  add(prompt: string): void {
    if (prompt.trim() === '' || this.entries.at(-1) === prompt) return;
    this.entries = [...this.entries, prompt].slice(-MAX_ENTRIES);
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      appendFileSync(this.file, `${JSON.stringify(prompt)}\n`);
    } catch {
      // History is a convenience; a read-only home must not break the prompt.
    }
  }

  private static read(file: string): string[] {
    try {
      return readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line) => {
          try {
            const value: unknown = JSON.parse(line);
            return typeof value === 'string' ? [value] : [];
          } catch {
            return [];
          }
        })
        .slice(-MAX_ENTRIES);
    } catch {
      return [];
    }
  }
}
