import { defineConfig } from 'vitest/config';

// Every suite runs on PGlite; when DATABASE_URL is set (CI) it runs again on PostgreSQL.
const projects = [{ extends: true as const, test: { name: 'pglite', env: { ZP_TEST_DB: 'pglite' } } }];
if (process.env.DATABASE_URL) projects.push({ extends: true as const, test: { name: 'postgres', env: { ZP_TEST_DB: 'postgres' } } });

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
    projects,
  },
});
