/**
 * Where a provider's API key comes from, in order: the ephemeral `/key` value, settings
 * (`apiKey`, then `apiKeyFile`), the environment, then the key store. Keys are returned, never
 * logged; errors name the source, not the value.
 */
import { readFile } from 'node:fs/promises';

/** The part of a key store (keychain, encrypted file: `KeyStore` in credentials/) that auth reads. */
export interface KeyReader {
  get(name: string): Promise<string | undefined>;
}

/** The environment variables each built-in provider reads, in order. */
export const API_KEY_ENV: Readonly<Record<string, readonly string[]>> = {
  anthropic: ['ANTHROPIC_API_KEY'],
  openai: ['OPENAI_API_KEY'],
  gemini: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
};

/** The environment variables that move each built-in provider's base URL. */
export const BASE_URL_ENV: Readonly<Record<string, string>> = {
  anthropic: 'ANTHROPIC_BASE_URL',
  openai: 'OPENAI_BASE_URL',
  gemini: 'GOOGLE_GEMINI_BASE_URL',
};

/** What {@link resolveApiKey} looks at. */
export interface AuthSources {
  provider: string;
  ephemeral?: string;
  /** `apiKeyFile` is an absolute path (the settings loader expands `~`). */
  settings?: { apiKey?: string; apiKeyFile?: string };
  env?: Readonly<Record<string, string | undefined>>;
  keyStore?: KeyReader;
}

/** Where a key was found, for `/auth` status lines (never the key). */
export type KeySource = 'ephemeral' | 'settings' | 'key_file' | 'environment' | 'key_store';

/** A resolved key and its source. */
export interface ResolvedKey {
  apiKey: string;
  source: KeySource;
}

async function readKeyFile(path: string, provider: string): Promise<string> {
  try {
    const text = (await readFile(path, 'utf8')).trim();
    if (text === '') throw new Error('the file is empty');
    return text;
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String((error as NodeJS.ErrnoException).code) : (error as Error).message;
    throw new Error(`providers.${provider}.apiKeyFile ${path} could not be read (${reason})`, { cause: error });
  }
}

/** The first key found, in the documented order, or undefined when there is none. */
export async function resolveApiKey(sources: AuthSources): Promise<ResolvedKey | undefined> {
  if (sources.ephemeral) return { apiKey: sources.ephemeral, source: 'ephemeral' };
  if (sources.settings?.apiKey) return { apiKey: sources.settings.apiKey, source: 'settings' };
  if (sources.settings?.apiKeyFile) return { apiKey: await readKeyFile(sources.settings.apiKeyFile, sources.provider), source: 'key_file' };
  const env = sources.env ?? process.env;
  for (const name of API_KEY_ENV[sources.provider] ?? []) {
    const value = env[name];
    if (value) return { apiKey: value, source: 'environment' };
  }
  const stored = await sources.keyStore?.get(sources.provider);
  return stored ? { apiKey: stored, source: 'key_store' } : undefined;
}

/** The base URL: settings first, then the provider's environment variable. */
export function resolveBaseUrl(provider: string, settingsBaseUrl: string | undefined, env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  if (settingsBaseUrl) return settingsBaseUrl;
  const name = BASE_URL_ENV[provider];
  return (name ? env[name] : undefined) || undefined;
}
