// Test runner settings: native addons (tree-sitter, better-sqlite3) run in forked workers; generous
// timeouts for tests that spawn the CLI or real compilers; temp folders under one per run, removed at its
// end. Benchmarks are not tests.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    globalSetup: ['test/helpers/temp-root.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
