import { defineConfig } from 'vitest/config';

// Room tests step through negotiation and timers; on a busy shared machine they need more than
// the 5 s default. (browser.test.ts sets its own, longer, limits.)
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
