import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Fails a test whose requests got an answer its route's contract does not document.
    setupFiles: ['./test/response-contract.setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // In CI a JSON report feeds the one-line summary printed by .ci/run.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: process.env.CI ? { json: '../../.ci-results/api.json' } : undefined,
  },
});
