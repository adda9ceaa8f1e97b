import path from 'node:path';
import { describeEnvironment } from '../context/environment.js';
import type { MemoryLoader } from '../context/memory-files.js';
import type { SkillCatalog } from '../context/skills.js';
import { assembleSystemPrompt, type SystemPrompt } from '../context/system-prompt.js';
import type { AgentToolbox } from '../agent/ports.js';
import type { FileDiscoveryService } from '../workspace/file-discovery.js';
import type { WorkspaceContext } from '../workspace/workspace-context.js';

export interface SystemPromptBuilderOptions {
  workspace: WorkspaceContext;
  files: FileDiscoveryService;
  memory: MemoryLoader;
  skills: SkillCatalog;
  toolbox: AgentToolbox;
  countTokens: (text: string) => number;
}

/**
 * Builds the system prompt for every request: memory files and skills are re-read when they
 * change, and the environment is described once per session (its tree and git state are a snapshot
 * the model can refresh with tools). Keeps the last breakdown for `/context`.
 */
export class SystemPromptBuilder {
  private environment: Promise<string> | undefined;
  private last: SystemPrompt | undefined;

  constructor(private readonly options: SystemPromptBuilderOptions) {}

  async build(): Promise<string> {
    const { workspace, files } = this.options;
    this.environment ??= describeEnvironment({
      cwd: workspace.root,
      workspaceDirectories: [...workspace.directories],
      isIgnored: (relative, isDirectory) => files.isIgnored(path.join(workspace.root, relative), isDirectory),
    }).catch(() => `Working directory: ${workspace.root}`);
    const [environment, memory, skills] = await Promise.all([this.environment, this.options.memory.load(), this.options.skills.list()]);
    this.last = assembleSystemPrompt({
      environment,
      memory,
      skills,
      toolDeclarations: JSON.stringify(this.options.toolbox.declarations()),
      countTokens: this.options.countTokens,
    });
    return this.last.text;
  }

  /** The breakdown of the last prompt built (building one if none was yet). */
  async breakdown(): Promise<SystemPrompt> {
    if (!this.last) await this.build();
    return this.last!;
  }

  /** Forgets the environment snapshot (after `/directory add` or `/memory refresh`). */
  refresh(): void {
    this.environment = undefined;
  }
}
