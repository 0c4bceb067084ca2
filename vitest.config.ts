import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    // Two cores: two test files at a time (the default would use one).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/db/embedded-database.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each API test file starts its own embedded database worker (or database on a real server).
        },
      },
      {
        // Measures event-loop responsiveness: runs on its own, after the other server tests, so that
        // parallel test files do not compete with it for the two cores.
        test: {
          name: 'server-isolated',
          include: ['apps/server/src/db/embedded-database.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
          css: false,
        },
      },
    ],
  },
});
