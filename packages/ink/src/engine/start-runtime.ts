import path from 'node:path';
import type { ScreenSettings, SessionInfo } from '../app/session-controller.js';
import {
  API_KEY_ENV,
  DEFAULT_MODELS,
  createRuntime,
  lookupModelLimits,
  loadSettings,
  resolveAlfredPaths,
  TrustedFolders,
  type AlfredRuntime,
  type ApprovalMode,
  type TrustState,
} from '@alfred/core';
import type { CliOptions } from '../cli/argv.js';

/** Where this folder stands, before anything from it is read. */
export interface TrustCheck {
  state: TrustState;
  /** False when the user turned folder trust off: every folder is then trusted. */
  enabled: boolean;
  trusted: boolean;
  /** A key for the chosen provider is in the environment or the settings (no key store lookup needed). */
  keyKnown: boolean;
  /** What the footer shows before the runtime is up. */
  placeholder: SessionInfo;
  /** How the screen is drawn (`ui.*` settings), before any workspace layer. */
  ui: ScreenSettings;
  /** Every file the check read or would have read: a change to any of them changes the outcome. */
  sources: string[];
}


/** Reads the trusted-folders file and whether folder trust is on at all. */
export async function checkTrust(cwd: string, options: Pick<CliOptions, 'trust' | 'provider' | 'model' | 'approvalMode' | 'yolo'>, env: NodeJS.ProcessEnv = process.env): Promise<TrustCheck> {
  const paths = resolveAlfredPaths(env);
  const [folders, settings] = await Promise.all([
    TrustedFolders.load({ alfredHome: paths.home }),
    loadSettings({ paths, workspaceTrusted: false, env, migrate: false }),
  ]);
  const enabled = settings.merged.security.folderTrust.enabled;
  const state = folders.trustOf(cwd);
  const merged = settings.merged;
  const provider = options.provider ?? merged.general.defaultProvider;
  const configured = (merged.providers as Record<string, { apiKey?: string; apiKeyFile?: string; model?: string; contextWindow?: number }>)[provider];
  const keyKnown = Boolean(configured?.apiKey || configured?.apiKeyFile || (API_KEY_ENV[provider] ?? []).some((name) => settings.env[name]));
  const model = options.model ?? merged.general.model ?? configured?.model ?? (DEFAULT_MODELS as Record<string, string>)[provider] ?? '';
  const placeholder: SessionInfo = {
    cwd,
    provider,
    model,
    approvalMode: requestedApprovalMode(options) ?? merged.general.defaultApprovalMode,
    contextWindow: configured?.contextWindow ?? lookupModelLimits(model)?.contextWindow ?? 0,
    contextTokens: 0,
    sessionTokens: 0,
  };
  const { screen, theme, maxFps, hideBanner } = merged.ui;
  const sources = [...settings.layers.flatMap((layer) => (layer.path ? [layer.path] : [])), path.join(paths.home, '.env'), folders.file];
  return { state, enabled, trusted: !enabled || state === 'trusted' || options.trust === true, keyKnown, placeholder, ui: { screen, theme, maxFps, hideBanner }, sources };
}

/** The approval mode the command line asked for, if any. */
export function requestedApprovalMode(options: Pick<CliOptions, 'approvalMode' | 'yolo'>): ApprovalMode | undefined {
  if (options.yolo) return 'yolo';
  return options.approvalMode;
}

/** Starts a runtime for this folder with the command line's choices. */
export async function startRuntime(
  options: CliOptions,
  context: { cwd: string; interactive: boolean; trusted: boolean; resume?: string; env?: NodeJS.ProcessEnv },
): Promise<AlfredRuntime> {
  const mode = requestedApprovalMode(options);
  const resume = context.resume ?? (options.continue ? 'latest' : options.resume === true ? 'latest' : options.resume);
  return createRuntime({
    cwd: context.cwd,
    interactive: context.interactive,
    trusted: context.trusted,
    ...(context.env ? { env: context.env } : {}),
    ...(options.provider ? { provider: options.provider } : {}),
    ...(options.model ? { model: options.model } : {}),
    ...(mode ? { approvalMode: mode } : {}),
    ...(resume ? { resume } : {}),
    rules: { allow: options.allow ?? [], ask: options.ask ?? [], deny: options.deny ?? [] },
    ...(options.debug ? { debug: true } : {}),
  });
}
