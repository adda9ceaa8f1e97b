import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['development'] },
  ssr: { resolve: { conditions: ['development'] } },
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    // node-pty and child processes are happier in forks than in worker threads.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // The test kit never lets a test reach the real home directory.
    env: { ALFRED_HOME: '/nonexistent/alfred-home-set-by-test', NO_COLOR: '' },
  },
});
