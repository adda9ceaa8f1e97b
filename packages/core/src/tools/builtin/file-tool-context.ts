import type { FileDiscoveryService } from '../../workspace/file-discovery.js';
import type { WorkspaceContext } from '../../workspace/workspace-context.js';

/** What every file tool needs: the workspace to check paths against and the ignore-aware crawler. */
export interface FileToolContext {
  readonly workspace: WorkspaceContext;
  readonly files: FileDiscoveryService;
}
