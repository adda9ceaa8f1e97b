import { applyEdits, modify, type FormattingOptions } from 'jsonc-parser';
import { removeProperty } from './remove-property.js';

/** How one flat (v1) key moves into the nested (v2) shape. */
interface V1Move {
  readonly to: string[];
  readonly convert?: (value: unknown) => unknown;
}

const asList = (value: unknown) => (typeof value === 'string' ? [value] : value);
const enabledFlag = (value: unknown) => (typeof value === 'object' && value !== null && 'enabled' in value ? value.enabled : value);

/** The v1 keys alfred knows, and where each lives now. Keys not listed here are left alone. */
const V1_MOVES: Readonly<Record<string, V1Move>> = {
  theme: { to: ['ui', 'theme'] },
  hideBanner: { to: ['ui', 'hideBanner'] },
  model: { to: ['general', 'model'] },
  provider: { to: ['general', 'defaultProvider'] },
  defaultProvider: { to: ['general', 'defaultProvider'] },
  approvalMode: { to: ['general', 'defaultApprovalMode'] },
  defaultApprovalMode: { to: ['general', 'defaultApprovalMode'] },
  maxSessionTurns: { to: ['general', 'maxTurns'] },
  maxTurns: { to: ['general', 'maxTurns'] },
  disableLoopDetection: { to: ['general', 'loopDetection'], convert: (value) => (typeof value === 'boolean' ? !value : value) },
  preferredEditor: { to: ['general', 'preferredEditor'] },
  coreTools: { to: ['tools', 'enabled'] },
  excludeTools: { to: ['tools', 'disabled'] },
  allowedTools: { to: ['policy', 'allow'] },
  contextFileName: { to: ['context', 'fileNames'], convert: asList },
  includeDirectories: { to: ['context', 'includeDirectories'] },
  checkpointing: { to: ['sessions', 'checkpointing'], convert: enabledFlag },
  folderTrust: { to: ['security', 'folderTrust', 'enabled'], convert: enabledFlag },
  debugMode: { to: ['debug', 'enabled'] },
  usageStatisticsEnabled: { to: ['telemetry', 'enabled'] },
};

/** Whether a parsed file is in the old flat shape (it has any top-level v1 key). */
export function isV1Settings(values: Record<string, unknown>): boolean {
  return Object.keys(values).some((key) => Object.hasOwn(V1_MOVES, key));
}

/**
 * Rewrites the text of a v1 file into the v2 shape with comment-preserving edits: each flat key is
 * removed and its value set at its nested path. Comments elsewhere in the file survive; comments
 * attached to a moved key move away with it (the backup keeps the original).
 */
export function migrateV1Text(text: string, values: Record<string, unknown>, formattingOptions: FormattingOptions): { text: string; moved: string[] } {
  let result = text;
  const moved: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    const move = Object.hasOwn(V1_MOVES, key) ? V1_MOVES[key] : undefined;
    if (!move) continue;
    result = removeProperty(result, [key]);
    const converted = move.convert ? move.convert(value) : value;
    result = applyEdits(result, modify(result, move.to, converted, { formattingOptions }));
    moved.push(`${key} → ${move.to.join('.')}`);
  }
  return { text: result, moved };
}
