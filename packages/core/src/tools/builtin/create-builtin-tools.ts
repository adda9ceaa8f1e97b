import path from 'node:path';
import type { AlfredPaths } from '../../workspace/alfred-home.js';
import type { FileDiscoveryService } from '../../workspace/file-discovery.js';
import type { WorkspaceContext } from '../../workspace/workspace-context.js';
import type { DeclarativeTool } from '../declarative-tool.js';
import { ToolRegistry } from '../registry.js';
import { BackgroundProcesses } from '../shell/background-processes.js';
import { EditTool } from './edit.js';
import { GlobTool } from './glob.js';
import { GrepTool, type GrepEngineChoice } from './grep.js';
import { LoadSkillTool, type SkillSource } from './load-skill.js';
import { LsTool } from './ls.js';
import { ReadFileTool } from './read-file.js';
import { ReadManyFilesTool } from './read-many-files.js';
import { SaveMemoryTool } from './save-memory.js';
import { ShellTool } from './shell.js';
import { TodoWriteTool, type TodoStore } from './todo-write.js';
import { WebFetchTool, type WebFetchOptions } from './web-fetch.js';
import { WriteFileTool } from './write-file.js';

/** What the built-in tools need, in one narrow object. */
export interface BuiltinToolsOptions {
  readonly workspace: WorkspaceContext;
  readonly files: FileDiscoveryService;
  readonly alfredPaths: AlfredPaths;
  readonly todos: TodoStore;
  /** Without a skill source, `load_skill` is not offered. */
  readonly skills?: SkillSource;
  readonly background?: BackgroundProcesses;
  readonly grepEngine?: GrepEngineChoice;
  readonly respectGitIgnore?: boolean;
  readonly shellEnv?: NodeJS.ProcessEnv;
  readonly webFetch?: WebFetchOptions;
}

/** The built-in tools in the order they are declared to the model. */
export function createBuiltinTools(options: BuiltinToolsOptions): DeclarativeTool[] {
  const files = { workspace: options.workspace, files: options.files };
  const tools: DeclarativeTool[] = [
    new ReadFileTool(files),
    new ReadManyFilesTool(files),
    new WriteFileTool(files),
    new EditTool(files),
    new GlobTool({ ...files, engine: options.grepEngine, respectGitIgnore: options.respectGitIgnore }),
    new GrepTool({ ...files, engine: options.grepEngine, respectGitIgnore: options.respectGitIgnore }),
    new LsTool(files),
    new ShellTool({
      ...files,
      logDirectory: path.join(options.alfredPaths.tmp, 'shell'),
      background: options.background ?? new BackgroundProcesses(),
      env: options.shellEnv,
    }),
    new WebFetchTool(options.webFetch),
    new SaveMemoryTool(options.alfredPaths.memory),
    new TodoWriteTool(options.todos),
  ];
  if (options.skills) tools.push(new LoadSkillTool(options.skills));
  return tools as DeclarativeTool[];
}

/** A registry holding the built-in tools: the default for a session. */
export function createDefaultToolRegistry(options: BuiltinToolsOptions): ToolRegistry {
  const registry = new ToolRegistry();
  for (const tool of createBuiltinTools(options)) registry.register(tool);
  return registry;
}
