import type { ToolInfo } from '../../app/session-controller.js';
import type { Theme } from '../../theme/themes.js';
import { SelectList } from './SelectList.js';

interface ToolsDialogProps {
  tools: readonly ToolInfo[];
  theme: Theme;
  width: number;
  onToggle(name: string, enabled: boolean): void;
  onClose(): void;
}

/** `/tools`: every tool with a checkbox; Enter or Space turns the selected one on or off for this session. */
export function ToolsDialog({ tools, theme, width, onToggle, onClose }: ToolsDialogProps) {
  const items = tools.map((tool) => ({ key: tool.name, label: `${tool.enabled ? '[x]' : '[ ]'} ${tool.name}`, detail: `${tool.kind} · ${tool.source}`, tool }));
  const enabled = tools.filter((tool) => tool.enabled).length;
  return (
    <SelectList
      title={`Tools (${enabled} of ${tools.length} enabled)`}
      items={items}
      theme={theme}
      width={width}
      emptyText="No tools are registered."
      hint="↑↓ move · type to filter · enter or space turn on/off · esc close"
      onChoose={(item) => onToggle(item.tool.name, !item.tool.enabled)}
      onKey={(input, _key, item) => {
        if (input !== ' ' || item === undefined) return false;
        onToggle(item.tool.name, !item.tool.enabled);
        return true;
      }}
      onCancel={onClose}
    />
  );
}
