import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./server.ts'],
    // Fails a test during which the server answered something its route's contract does not document.
    setupFiles: ['./response-contract.setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Screens answer in well under a second, but on a busy 2-core CI machine a save, a redirect or a
    // chart can take a few: the 1 s default of expect.poll is a coin toss there.
    expect: { poll: { timeout: 10_000 } },
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: process.env.CI ? { json: '../.ci-results/e2e.json' } : undefined,
  },
});
