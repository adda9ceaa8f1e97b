/** A text search over the workspace, as the grep tool asks for it. */
export interface GrepQuery {
  readonly pattern: string;
  /** Real absolute directory or file to search. */
  readonly target: string;
  /** Glob limiting which files are searched (`*.ts`, `src/**\/*.{js,ts}`); no slash matches basenames. */
  readonly include?: string;
  readonly ignoreCase: boolean;
  /** Lines of context before and after each match. */
  readonly context: number;
  /** Stop after this many matching lines. */
  readonly maxMatches: number;
  readonly signal: AbortSignal;
}

/** One line of output: a match or a context line. */
export interface GrepLine {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  readonly isMatch: boolean;
}

/** What a search found. `truncated` means `maxMatches` was reached and more may exist. */
export interface GrepOutcome {
  readonly lines: GrepLine[];
  readonly matchCount: number;
  readonly truncated: boolean;
}

/** A search engine: ripgrep or the JS fallback. */
export type GrepEngine = (query: GrepQuery) => Promise<GrepOutcome>;
