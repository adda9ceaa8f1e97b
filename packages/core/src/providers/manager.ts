/**
 * Holds the configured providers, the active provider and model, and runs requests through the
 * active one with retries and the quota fallback. `/provider`, `/model`, `/baseurl` and `/key`
 * call its setters; the next request uses the new values.
 */
import type { WireApi } from '../content/content.js';
import { AnthropicProvider } from './anthropic/anthropic-provider.js';
import { type KeySource, type KeyReader, resolveApiKey, resolveBaseUrl } from './auth.js';
import { classifyProviderError } from './classify-error.js';
import { GeminiProvider } from './gemini/gemini-provider.js';
import { DEFAULT_MODELS, withKnownLimits } from './model-catalog.js';
import { OpenAiChatProvider } from './openai/openai-chat-provider.js';
import { OpenAiResponsesProvider } from './openai/openai-responses-provider.js';
import type { ModelInfo, Provider, ProviderRequest } from './provider.js';
import { ProviderError } from './provider-error.js';
import { abortableSleep, DEFAULT_RETRY_POLICY, type RetryPolicy, retryDelay, streamWithRetry } from './retry.js';
import type { StreamEvent } from './stream-event.js';

/** Settings of one provider (`providers.<name>` in settings). */
export interface ProviderSettings {
  /**
   * Wire API: required for a custom provider; for a built-in name it overrides the implied one
   * (`providers.openai.api = 'openai-responses'`).
   */
  api?: WireApi;
  apiKey?: string;
  apiKeyFile?: string;
  baseUrl?: string;
  model?: string;
  /** Limits for models neither the API nor the built-in table knows. */
  contextWindow?: number;
  maxOutputTokens?: number;
}

/** What a provider factory receives: everything resolved. */
export interface ProviderConnection {
  name: string;
  api: WireApi;
  apiKey: string | undefined;
  baseUrl: string | undefined;
  idleTimeoutMs: number | undefined;
  maxOutputTokens: (model: string) => number | undefined;
}

/** Options of {@link ProviderManager}. */
export interface ProviderManagerOptions {
  provider: string;
  model?: string;
  providers?: Readonly<Record<string, ProviderSettings>>;
  env?: Readonly<Record<string, string | undefined>>;
  keyStore?: KeyReader;
  retry?: Partial<RetryPolicy>;
  idleTimeoutMs?: number;
  /** Model used after `quotaErrorsBeforeFallback` consecutive quota errors. */
  fallbackModel?: string;
  quotaErrorsBeforeFallback?: number;
  /** Replaces the built-in SDK providers (tests, or a custom backend). */
  createProvider?: (connection: ProviderConnection) => Provider;
}

const BUILT_IN_APIS: Readonly<Record<string, WireApi>> = { anthropic: 'anthropic', openai: 'openai-chat', gemini: 'gemini' };

/** The built-in SDK provider for a connection. */
export function createSdkProvider(connection: ProviderConnection): Provider {
  const common = {
    name: connection.name,
    apiKey: connection.apiKey,
    ...(connection.baseUrl ? { baseUrl: connection.baseUrl } : {}),
    ...(connection.idleTimeoutMs !== undefined ? { idleTimeoutMs: connection.idleTimeoutMs } : {}),
  };
  switch (connection.api) {
    case 'anthropic':
      return new AnthropicProvider({ ...common, maxOutputTokens: connection.maxOutputTokens });
    case 'gemini':
      return new GeminiProvider(common);
    case 'openai-chat':
      return new OpenAiChatProvider(common);
    case 'openai-responses':
      return new OpenAiResponsesProvider(common);
  }
}

/** The active provider and model, switchable at runtime. */
export class ProviderManager {
  private providerName: string;
  private model: string;
  private readonly ephemeralKeys = new Map<string, string>();
  private readonly baseUrls = new Map<string, string>();
  private cached: { name: string; provider: Provider; keySource: KeySource | undefined } | undefined;
  private quotaErrors = 0;
  private readonly policy: RetryPolicy;

  constructor(private readonly options: ProviderManagerOptions) {
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.providerName = options.provider;
    this.apiOf(options.provider);
    this.model = options.model ?? this.defaultModel(options.provider);
  }

  get activeProvider(): string {
    return this.providerName;
  }

  get activeModel(): string {
    return this.model;
  }

  /** Every provider name alfred can switch to. */
  get providerNames(): string[] {
    return [...new Set([...Object.keys(BUILT_IN_APIS), ...Object.keys(this.options.providers ?? {})])];
  }

  /** `/provider name [model]`. */
  setProvider(name: string, model?: string): void {
    this.apiOf(name);
    this.providerName = name;
    this.model = model ?? this.defaultModel(name);
    this.invalidate();
  }

  /** `/model id`. */
  setModel(model: string): void {
    if (model.trim() === '') throw new Error('a model id is required');
    this.model = model;
    this.quotaErrors = 0;
  }

  /** `/baseurl url` for the active provider (empty string resets to settings/environment). */
  setBaseUrl(url: string): void {
    if (url === '') this.baseUrls.delete(this.providerName);
    else {
      const parsed = URL.canParse(url) ? new URL(url) : undefined;
      if (!parsed || !/^https?:$/.test(parsed.protocol)) throw new Error(`not an http(s) URL: ${url}`);
      this.baseUrls.set(this.providerName, url);
    }
    this.invalidate();
  }

  /** `/key value` for the active provider, kept in memory only. */
  setEphemeralKey(key: string): void {
    if (key === '') this.ephemeralKeys.delete(this.providerName);
    else this.ephemeralKeys.set(this.providerName, key);
    this.invalidate();
  }

  /** Where the active provider's key comes from (never the key itself). */
  async keySource(): Promise<KeySource | undefined> {
    return (await this.connect()).keySource;
  }

  /** The active provider instance (built on first use with the resolved key). */
  async provider(): Promise<Provider> {
    return (await this.connect()).provider;
  }

  /** Limits for a model: API list values are merged by `listModels`; here table, then settings. */
  modelInfo(model = this.model): ModelInfo {
    const settings = this.options.providers?.[this.providerName];
    // Limits the user wrote in settings win over the built-in table (a proxy with a smaller window).
    return withKnownLimits({ id: model, ...(settings?.contextWindow ? { contextWindow: settings.contextWindow } : {}), ...(settings?.maxOutputTokens ? { maxOutputTokens: settings.maxOutputTokens } : {}) });
  }

  /** The active provider's models with limits; the built-in default when the API lists none. */
  async listModels(signal: AbortSignal): Promise<ModelInfo[]> {
    const provider = await this.provider();
    const listed = provider.listModels ? await provider.listModels(signal) : [];
    const models = listed.length > 0 ? listed : [{ id: this.model }];
    return models.map((model) => withKnownLimits(model, this.modelInfo(model.id)));
  }

  /**
   * Streams through the active provider with retries; after repeated quota errors switches to the
   * fallback model (reported as a recoverable `error` event) and carries on.
   */
  async *stream(request: Omit<ProviderRequest, 'model'> & { model?: string }, signal: AbortSignal): AsyncGenerator<StreamEvent> {
    let model = request.model ?? this.model;
    for (let quotaAttempt = 1; ; quotaAttempt++) {
      const provider = await this.provider();
      try {
        yield* streamWithRetry((attemptSignal) => provider.stream({ ...request, model }, attemptSignal), signal, this.policy, (error) => classifyProviderError(error, provider.name));
        this.quotaErrors = 0;
        return;
      } catch (thrown) {
        const error = classifyProviderError(thrown, provider.name);
        const fallback = this.options.fallbackModel;
        if (error.kind !== 'quota' || !fallback || model === fallback || signal.aborted) throw error;
        this.quotaErrors++;
        if (this.quotaErrors >= (this.options.quotaErrorsBeforeFallback ?? 2)) {
          yield { type: 'error', recoverable: true, error: new ProviderError({ kind: 'quota', provider: provider.name, message: `${error.message}; switching from ${model} to the fallback model ${fallback}` }) };
          model = fallback;
          this.model = fallback;
          this.quotaErrors = 0;
          continue;
        }
        const delay = retryDelay(error, quotaAttempt, this.policy);
        if (delay instanceof ProviderError) throw delay;
        yield { type: 'retry', attempt: quotaAttempt + 1, maxAttempts: this.options.quotaErrorsBeforeFallback ?? 2, delayMs: delay, error };
        await abortableSleep(delay, signal);
      }
    }
  }

  private apiOf(name: string): WireApi {
    const api = this.options.providers?.[name]?.api ?? BUILT_IN_APIS[name];
    if (!api) throw new Error(`unknown provider "${name}": use one of ${this.providerNames.join(', ')}, or add providers.${name}.api to settings`);
    return api;
  }

  private defaultModel(name: string): string {
    const configured = this.options.providers?.[name]?.model;
    if (configured) return configured;
    const api = this.apiOf(name);
    return api === 'anthropic' ? DEFAULT_MODELS.anthropic : api === 'gemini' ? DEFAULT_MODELS.gemini : DEFAULT_MODELS.openai;
  }

  private invalidate(): void {
    this.cached = undefined;
    this.quotaErrors = 0;
  }

  private async connect(): Promise<NonNullable<ProviderManager['cached']>> {
    const name = this.providerName;
    if (this.cached?.name === name) return this.cached;
    const settings = this.options.providers?.[name] ?? {};
    const env = this.options.env ?? process.env;
    const resolved = await resolveApiKey({
      provider: name,
      ...(this.ephemeralKeys.has(name) ? { ephemeral: this.ephemeralKeys.get(name) } : {}),
      settings,
      env,
      ...(this.options.keyStore ? { keyStore: this.options.keyStore } : {}),
    });
    const connection: ProviderConnection = {
      name,
      api: this.apiOf(name),
      apiKey: resolved?.apiKey,
      baseUrl: this.baseUrls.get(name) ?? resolveBaseUrl(name, settings.baseUrl, env),
      idleTimeoutMs: this.options.idleTimeoutMs,
      maxOutputTokens: (model) => this.modelInfo(model).maxOutputTokens,
    };
    const provider = (this.options.createProvider ?? createSdkProvider)(connection);
    this.cached = { name, provider, keySource: resolved?.source };
    return this.cached;
  }
}
