/** The public surface of @alfred/ink, for tests and embedders. The command itself is cli/alfred.ts. */
export { createProgram, type CliOptions } from './cli/argv.js';
