import { useState } from 'react';
import { AuthDialog } from '../components/dialogs/AuthDialog.js';
import { SelectList } from '../components/dialogs/SelectList.js';
import { SettingsDialog } from '../components/dialogs/SettingsDialog.js';
import { ThemeDialog } from '../components/dialogs/ThemeDialog.js';
import { ToolsDialog } from '../components/dialogs/ToolsDialog.js';
import { TrustDialog } from '../components/dialogs/TrustDialog.js';
import { formatTokens } from '../components/transcript/format.js';
import { useAsync } from '../hooks/use-async.js';
import { useKeyHandOff } from '../hooks/use-keys.js';
import type { Theme } from '../theme/themes.js';
import type { LocalServer, ModelInfo, ReplayEvent, SessionController, SessionListing } from './session-controller.js';
import type { DialogKind } from './ui-commands.js';

/** Which dialog is open; `firstRun` marks the ones alfred opens by itself on start. */
export type DialogRequest = { kind: DialogKind | 'theme' | 'trust'; firstRun?: boolean };

export interface DialogHostProps {
  dialog: DialogRequest;
  controller: SessionController;
  theme: Theme;
  width: number;
  onClose(): void;
  onNotice(level: 'info' | 'error', text: string): void;
  onReplay(events: ReplayEvent[]): void;
  onTheme(theme: Theme): void;
}

const DEFAULT_PROVIDERS = ['anthropic', 'openai', 'gemini'];

/** "just now", "3m ago", "2h ago", "5d ago". */
export function ago(time: number, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - time) / 60_000));
  if (minutes === 0) return 'just now';
  if (minutes < 60) return `${minutes}m ago`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)}h ago`;
  return `${Math.round(minutes / 1440)}d ago`;
}

/** Shows the theme at once and keeps it for the next start (`ui.theme` in the user settings) while the dialog closes. */
function keepTheme({ controller, onTheme, onNotice }: DialogHostProps, theme: Theme): void {
  onTheme(theme);
  Promise.resolve(controller.setSetting?.('ui.theme', theme.name, 'user')).catch((error: unknown) =>
    onNotice('error', `The theme could not be saved: ${error instanceof Error ? error.message : String(error)}`),
  );
}

/** Draws the open dialog and wires it to the controller; each answer closes it or reloads it. */
export function DialogHost(props: DialogHostProps) {
  const { dialog, controller, theme, width, onClose, onNotice } = props;
  const [version, setVersion] = useState(0);
  const handOff = useKeyHandOff();
  const models = useAsync(dialog.kind === 'model' ? controller.listModels?.bind(controller) : undefined);
  const sessions = useAsync(dialog.kind === 'chat' ? controller.sessions?.bind(controller) : undefined);
  const servers = useAsync(dialog.kind === 'auth' ? controller.localServers?.bind(controller) : undefined);

  /**
   * Runs a controller call; a failure becomes an error line instead of an unhandled rejection. Keys
   * typed after the one that started it wait until the dialog has closed or reloaded.
   */
  const run = (work: () => void | Promise<void>, done?: string, close = true): Promise<void> => {
    handOff();
    return Promise.resolve()
      .then(work)
      .then(
        () => {
          if (done) onNotice('info', done);
          if (close) onClose();
          else setVersion((value) => value + 1);
        },
        (error: unknown) => onNotice('error', error instanceof Error ? error.message : String(error)),
      );
  };

  const common = { theme, width };
  const parts: DialogParts = { props, run, version, common, models: models.value, modelsError: models.error, sessions: sessions.value, sessionsError: sessions.error, servers };
  switch (dialog.kind) {
    case 'theme':
      return <ThemeDialog current={theme} width={width} onChoose={(chosen) => { if (chosen) keepTheme(props, chosen); onClose(); }} />;
    case 'model':
      return modelDialog(parts);
    case 'provider':
      return providerDialog(parts);
    case 'tools':
      return <ToolsDialog key={version} tools={controller.tools?.() ?? []} {...common} onClose={onClose}
        onToggle={(name, enabled) => void run(() => controller.setToolEnabled?.(name, enabled), undefined, false)} />;
    case 'chat':
      return chatDialog(parts);
    case 'settings':
      return <SettingsDialog key={version} entries={controller.settingsEntries?.() ?? []} {...common} onClose={onClose}
        onSave={(keyPath, value, scope) => run(() => controller.setSetting?.(keyPath, value, scope), `Saved ${keyPath} to the ${scope} settings.`, false)} />;
    case 'auth':
      return authDialog(parts);
    case 'trust':
      return <TrustDialog folder={controller.info().cwd} {...common} onChoose={(level) => void run(() => controller.setTrust?.(level))} />;
    case 'mcp':
      return mcpDialog(parts);
  }
}

interface DialogParts {
  props: DialogHostProps;
  run(work: () => void | Promise<void>, done?: string, close?: boolean): Promise<void>;
  version: number;
  common: { theme: Theme; width: number };
  models: ModelInfo[] | undefined;
  modelsError: string | undefined;
  sessions: SessionListing[] | undefined;
  sessionsError: string | undefined;
  servers: { value: LocalServer[] | undefined; error: string | undefined };
}

function modelDialog({ props, run, common, models, modelsError }: DialogParts) {
  const { controller, onClose } = props;
  const current = controller.info().model;
  const items = (models ?? []).map((model) => ({
    key: model.id,
    label: model.id === current ? `${model.id} (current)` : model.id,
    ...(model.contextWindow ? { detail: `${formatTokens(model.contextWindow)} context` } : {}),
  }));
  return (
    <SelectList title="Model" items={items} {...common} loading={models === undefined && modelsError === undefined}
      emptyText={modelsError ?? 'No models listed.'} onCancel={onClose}
      onChoose={(item) => void run(() => controller.setModel?.(item.key), `Model: ${item.key}`)} />
  );
}

function providerDialog({ props, run, common }: DialogParts) {
  const { controller, onClose } = props;
  const current = controller.info().provider;
  const items = (controller.listProviders?.() ?? []).map((name) => ({ key: name, label: name === current ? `${name} (current)` : name }));
  return <SelectList title="Provider" items={items} {...common} onCancel={onClose} onChoose={(item) => void run(() => controller.setProvider?.(item.key), `Provider: ${item.key}`)} />;
}

function chatDialog({ props, run, common, sessions, sessionsError }: DialogParts) {
  const { controller, onClose } = props;
  const items = (sessions ?? []).map((session) => ({ key: session.id, label: session.title, detail: `${session.messageCount === 1 ? '1 message' : `${session.messageCount} messages`} · ${ago(session.updated)}` }));
  return (
    <SelectList title="Saved sessions" items={items} {...common} loading={sessions === undefined && sessionsError === undefined}
      emptyText={sessionsError ?? 'No saved sessions in this folder yet.'} hint="↑↓ move · type to filter · enter resume · esc close" onCancel={onClose}
      onChoose={(item) => void run(async () => props.onReplay((await controller.resumeSession?.(item.key)) ?? []), `Resumed "${item.label}".`)} />
  );
}

function authDialog({ props, common, servers }: DialogParts) {
  const { controller, onClose, onNotice, dialog } = props;
  // Without a prober there is nothing to wait for; a failed probe offers no server rather than spinning.
  const found = controller.localServers ? (servers.value ?? (servers.error ? [] : undefined)) : [];
  return (
    <AuthDialog providers={controller.listProviders?.() ?? DEFAULT_PROVIDERS} servers={found}
      {...common} firstRun={dialog.firstRun ?? false} onClose={onClose}
      onKey={async (provider, key) => { await controller.setApiKey?.(provider, key); onNotice('info', `Saved the key for ${provider}.`); }}
      onServer={async (server) => { await controller.connectLocalServer?.(server); onNotice('info', `Using ${server.name} at ${server.baseUrl}.`); }} />
  );
}

function mcpDialog({ props, common }: DialogParts) {
  const { controller, onClose } = props;
  const items = (controller.mcpStatus?.() ?? []).map((server) => ({ key: server.name, label: server.name, detail: `${server.status} · ${server.tools.length} tools`, server }));
  return <SelectList title="MCP servers" items={items} {...common} emptyText="No MCP servers are configured." onCancel={onClose} onChoose={onClose}
    describe={(item) => item.server.error ?? (item.server.tools.join(', ') || undefined)} hint="↑↓ move · esc close" />;
}
