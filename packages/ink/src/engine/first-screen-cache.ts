import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { resolveAlfredPaths } from '@alfred/core/start-up';
import type { ScreenSettings, SessionInfo, TrustState } from '../app/session-controller.js';
import type { CliOptions } from '../cli/argv.js';

/**
 * What the first frame needs (footer, trust, screen settings), remembered from the last start in
 * this folder. Reading settings properly means loading the schema and most of the engine, which
 * is most of a start-up; this lets a returning user's first frame come before all that. Each
 * entry is checked against the files it was computed from (size and mtime, missing ones too) and
 * against which API-key variables are set, so any change to them makes it miss. The engine always
 * runs the real check behind it: the cache draws a frame, it never decides trust.
 */
export interface FirstScreen {
  placeholder: SessionInfo;
  trust: TrustState;
  keyKnown: boolean;
  ui: ScreenSettings;
}

interface Entry extends FirstScreen {
  stamps: Record<string, string>;
  keyEnvNames: string[];
  keyEnvPresent: string[];
}

type CacheOptions = Pick<CliOptions, 'trust' | 'provider' | 'model' | 'approvalMode' | 'yolo'>;

const MAX_ENTRIES = 50;

function cacheFile(env: NodeJS.ProcessEnv): string {
  return path.join(resolveAlfredPaths(env).tmp, 'first-screen.json');
}

function entryKey(cwd: string, options: CacheOptions, env: NodeJS.ProcessEnv): string {
  const { trust, provider, model, approvalMode, yolo } = options;
  return JSON.stringify([cwd, trust, provider, model, approvalMode, yolo, env['ALFRED_SYSTEM_SETTINGS_DIR']]);
}

function stampOf(file: string): string {
  const stat = statSync(file, { throwIfNoEntry: false });
  return stat ? `${stat.size}:${stat.mtimeMs}` : 'missing';
}

function readAll(file: string): Record<string, Entry> {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, Entry>) : {};
  } catch {
    return {};
  }
}

/** The remembered first screen for this folder and these options, when nothing it depends on changed. */
export function readFirstScreen(cwd: string, options: CacheOptions, env: NodeJS.ProcessEnv = process.env): FirstScreen | undefined {
  const entry = readAll(cacheFile(env))[entryKey(cwd, options, env)];
  if (!entry?.stamps || !Array.isArray(entry.keyEnvNames)) return undefined;
  for (const [file, stamp] of Object.entries(entry.stamps)) if (stampOf(file) !== stamp) return undefined;
  const present = entry.keyEnvNames.filter((name) => env[name]);
  if (present.join('\n') !== entry.keyEnvPresent.join('\n')) return undefined;
  const { placeholder, trust, keyKnown, ui } = entry;
  return { placeholder: { ...placeholder, cwd }, trust, keyKnown, ui };
}

/** Remembers what the real check found, for the next start. Failing to write only costs speed. */
export function writeFirstScreen(
  cwd: string,
  options: CacheOptions,
  screen: FirstScreen & { sources: string[]; keyEnvNames: string[] },
  env: NodeJS.ProcessEnv = process.env,
): void {
  const file = cacheFile(env);
  const { sources, keyEnvNames, ...rest } = screen;
  const entry: Entry = {
    ...rest,
    stamps: Object.fromEntries(sources.map((source) => [source, stampOf(source)])),
    keyEnvNames,
    keyEnvPresent: keyEnvNames.filter((name) => env[name]),
  };
  const key = entryKey(cwd, options, env);
  const all = readAll(file);
  // Most starts find what the last one did: then there is nothing to write.
  if (JSON.stringify(all[key]) === JSON.stringify(entry)) return;
  delete all[key];
  // Newest last; the oldest entries go first when there are too many.
  const kept = Object.entries(all).slice(-(MAX_ENTRIES - 1));
  const next = JSON.stringify(Object.fromEntries([...kept, [key, entry]]));
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, next, { mode: 0o600 });
    renameSync(temporary, file);
  } catch {
    // A read-only home still starts, just without the head start next time.
  }
}
