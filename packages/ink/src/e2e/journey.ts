import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  startAlfred,
  startMockLlmServer,
  tempWorkspace,
  trustWorkspace,
  type FileTree,
  type MockLlmServer,
  type PtySession,
  type TempWorkspace,
} from '@alfred/testkit';

/** The provider families a journey can run against, as the user names them with `--provider`. */
export type ProviderName = 'anthropic' | 'openai' | 'gemini';

/** What a journey starts from: files in the folder, settings, and who the user is. */
export interface JourneyOptions {
  files?: FileTree;
  provider?: ProviderName;
  /** User settings written to `$ALFRED_HOME/settings.json` before alfred starts. */
  settings?: Record<string, unknown>;
  /** False starts in a folder the user has not trusted yet (default true: a returning user). */
  trusted?: boolean;
  /** False starts without any API key in the environment (default true). */
  keys?: boolean;
  /** More command-line arguments for every start. */
  args?: readonly string[];
  cols?: number;
  rows?: number;
}

/** A user at a terminal: a temporary folder and home, the mock provider, and alfred in a pty. */
export interface Journey extends AsyncDisposable {
  readonly workspace: TempWorkspace;
  readonly mock: MockLlmServer;
  /** The alfred running now (replaced by `restart`). */
  readonly session: PtySession;
  /** Starts alfred again in the same folder and home, e.g. with `--continue`. */
  restart(args?: readonly string[]): PtySession;
  /** The environment alfred runs with, for headless runs of the same user. */
  env(): NodeJS.ProcessEnv;
}

/** The composer is on screen: its placeholder or a `>` prompt inside its box. */
export function composerReady(lines: string[]): boolean {
  return lines.some((line) => line.includes('Ask alfred') || /│\s*>/.test(line));
}

/**
 * Starts the mock provider, a temporary workspace and home, and alfred in a 120×40 pty, and waits
 * until alfred reads keys itself.
 */
export async function startJourney(options: JourneyOptions = {}): Promise<Journey> {
  const mock = await startMockLlmServer();
  const workspace = await tempWorkspace({ files: options.files ?? {} });
  if (options.trusted ?? true) await trustWorkspace(workspace);
  if (options.settings) await writeFile(path.join(workspace.alfredHome, 'settings.json'), JSON.stringify(options.settings, null, 2));
  const provider = options.provider ?? 'anthropic';
  const env = (): NodeJS.ProcessEnv => ({ ...workspace.env({ NO_COLOR: '' }), ...providerEnv(mock, options.keys ?? true) });
  const launch = (args: readonly string[] = []) =>
    startAlfred({ cwd: workspace.root, env: env(), cols: options.cols ?? 120, rows: options.rows ?? 40, args: [...providerArgs(provider), ...(options.args ?? []), ...args] });
  let session = launch();
  const journey: Journey = {
    workspace,
    mock,
    get session() {
      return session;
    },
    restart(args) {
      session = launch(args);
      return session;
    },
    env,
    async [Symbol.asyncDispose]() {
      await session[Symbol.asyncDispose]();
      await mock.close();
      await workspace.dispose();
    },
  };
  return journey;
}

/** Waits for the composer and for raw mode, so typed keys reach alfred and are not echoed by the tty. */
export async function waitForComposer(session: PtySession): Promise<void> {
  await session.waitForText(composerReady);
  await session.waitForRawInput();
}

/**
 * Types a line into the composer and, once it shows there, presses Enter. (Text and Enter that
 * reach alfred in one read are taken as a paste, where Enter is a new line, as in a real terminal.)
 */
export async function submit(session: PtySession, text: string): Promise<void> {
  session.type(text);
  await session.waitForText(text.slice(-40));
  session.press('enter');
}

function providerArgs(provider: ProviderName): string[] {
  return provider === 'anthropic' ? [] : ['--provider', provider];
}

function providerEnv(mock: MockLlmServer, withKeys: boolean): Record<string, string | undefined> {
  const urls = {
    ANTHROPIC_BASE_URL: mock.baseUrls.anthropic,
    OPENAI_BASE_URL: mock.baseUrls.openai,
    GOOGLE_GEMINI_BASE_URL: mock.baseUrls.gemini,
  };
  // Undefined drops the variable from the child's environment altogether.
  if (!withKeys) return { ...urls, ANTHROPIC_API_KEY: undefined, OPENAI_API_KEY: undefined, GEMINI_API_KEY: undefined, GOOGLE_API_KEY: undefined };
  return { ...urls, ANTHROPIC_API_KEY: 'test', OPENAI_API_KEY: 'test', GEMINI_API_KEY: 'test' };
}
