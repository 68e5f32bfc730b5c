import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/**/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.api.test.ts'],
          environment: 'node',
          // The web tests' shared set-up (Testing Library's cleanup), and globals stubbed in a test put back after it.
          setupFiles: ['apps/web/src/test/setup.ts'],
          unstubGlobals: true,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/**/*.api.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file gets its own database; two at a time suit a 2-core machine.
          maxWorkers: 2,
          // Projects with their own worker count run as separate groups: unit tests first.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
