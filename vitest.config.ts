import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const serverProject = (dialect: 'sqlite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: `server:${dialect}`,
    include: ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: dialect },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// Server tests run on SQLite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/**/*.test.ts'], environment: 'node' } },
      serverProject('sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
    ],
  },
});
