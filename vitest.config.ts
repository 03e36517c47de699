import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// graphql 16 has no "exports": Node loads its CommonJS build for packages (yoga, Pothos)
// while Vite would pick the ESM one for our sources, and two copies break `instanceof
// GraphQLError`. Point our sources at the same file Node loads, as in production.
const graphqlAsNodeLoadsIt = fileURLToPath(new URL('./node_modules/graphql/index.js', import.meta.url));

// Three projects: pure logic (node), React islands (jsdom), and integration
// suites that talk to real servers over HTTP (the built product, databases).
export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlAsNodeLoadsIt }] },
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
          // One migrated PGlite template per run instead of one per file.
          globalSetup: ['tests/support/integration-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
