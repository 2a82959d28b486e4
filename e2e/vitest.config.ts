import { defineConfig } from 'vitest/config';

// One built product and one browser for the whole run (setup/global.ts); test files run one at a
// time on the shared machine and each opens its own browser contexts ("people").
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['setup/global.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Stopping the product finishes in-flight requests first (up to 10 s in main.ts).
    teardownTimeout: 30_000,
  },
});
