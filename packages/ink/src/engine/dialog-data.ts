import { listSettings, openKeyStore, resolveAlfredPaths, type AlfredRuntime } from '@alfred/core';
import type { LocalServer, McpServerStatus, SettingEntry, ToolInfo } from '../app/session-controller.js';

/** `/tools`: every registered tool with its state. */
export function toolList(runtime: AlfredRuntime): ToolInfo[] {
  return runtime.registry.list().map((tool) => ({
    name: tool.name,
    kind: tool.kind,
    enabled: tool.enabled,
    source: tool.source.type === 'mcp' ? tool.source.server : 'builtin',
  }));
}

/** `/settings`: each key's effective value and the layer it came from. */
export function settingsEntries(runtime: AlfredRuntime): SettingEntry[] {
  const merged = runtime.settings.merged as unknown as Record<string, unknown>;
  return listSettings().map((entry) => ({
    keyPath: entry.keyPath,
    value: entry.keyPath.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), merged),
    origin: runtime.settings.originOf(entry.keyPath),
    description: entry.leaf.description,
  }));
}

/** `/mcp`: each configured server's state. */
export function mcpStatus(runtime: AlfredRuntime): McpServerStatus[] {
  return (runtime.mcp?.status() ?? []).map((status) => ({
    name: status.name,
    // A server that answered 401 waits for `/mcp auth <name>` rather than having failed.
    status: status.needsSignIn ? 'needs sign-in' : status.state,
    tools: [...status.tools],
    ...(status.lastError ? { error: status.lastError } : {}),
  }));
}

/** Default ports of local OpenAI-compatible servers people run. */
const LOCAL_SERVERS: LocalServer[] = [
  { name: 'Ollama', baseUrl: 'http://127.0.0.1:11434/v1' },
  { name: 'LM Studio', baseUrl: 'http://127.0.0.1:1234/v1' },
];

/** The local servers that answer `/models` right now (half a second each, in parallel). */
export async function findLocalServers(servers: LocalServer[] = LOCAL_SERVERS): Promise<LocalServer[]> {
  const found = await Promise.all(
    servers.map(async (server) => {
      try {
        const response = await fetch(`${server.baseUrl}/models`, { signal: AbortSignal.timeout(500) });
        return response.ok ? server : undefined;
      } catch {
        return undefined;
      }
    }),
  );
  return found.filter((server): server is LocalServer => server !== undefined);
}

/** The first model a local server lists, to start with. */
export async function firstLocalModel(baseUrl: string): Promise<string | undefined> {
  try {
    const response = await fetch(`${baseUrl}/models`, { signal: AbortSignal.timeout(2_000) });
    const body = (await response.json()) as { data?: Array<{ id?: string }> };
    return body.data?.find((model) => typeof model.id === 'string')?.id;
  } catch {
    return undefined;
  }
}

/** Saves a key in the keychain (or the encrypted file) for later runs. */
export async function storeApiKey(provider: string, key: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const { store } = await openKeyStore({ paths: resolveAlfredPaths(env), env });
  await store.set(provider, key);
}

/** True when the active provider has no key and is not a keyless local server. */
export async function providerNeedsKey(runtime: AlfredRuntime): Promise<boolean> {
  const source = await runtime.providers.keySource().catch(() => undefined);
  if (source !== undefined) return false;
  const name = runtime.providers.activeProvider;
  const settings = (runtime.settings.merged.providers as Record<string, { baseUrl?: string }>)[name];
  const baseUrl = settings?.baseUrl ?? runtime.settings.env['OPENAI_BASE_URL'];
  // A local OpenAI-compatible server needs no key.
  return !(name !== 'anthropic' && name !== 'gemini' && baseUrl !== undefined && !baseUrl.includes('api.openai.com'));
}
