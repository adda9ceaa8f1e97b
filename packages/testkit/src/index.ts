/** The test kit's public surface. */
export { tempWorkspace, type FileTree, type TempWorkspace } from './fixtures/temp-workspace.js';
