import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file builds its own app and database; two cores run two files at a time.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/support/**/*.test.ts'],
        },
      },
      {
        // Web components rendered in a DOM (jsdom) with the app's real providers; only fetch is faked.
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.tsx'],
          setupFiles: ['tests/support/web/setup.ts'],
        },
      },
    ],
  },
});
