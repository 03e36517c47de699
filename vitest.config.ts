import { defineConfig } from 'vitest/config';

// Three projects: pure logic (node), React islands (jsdom), and integration
// suites that talk to real servers over HTTP (the built product, databases).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          exclude: ['tests/unit/islands/**'],
        },
      },
      {
        test: {
          name: 'islands',
          environment: 'jsdom',
          setupFiles: ['tests/support/jsdom-setup.ts'],
          include: ['tests/unit/islands/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
