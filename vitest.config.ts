import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { getViteConfig } from 'astro/config';
import { defineConfig } from 'vitest/config';

// graphql 16 has no "exports": Node loads its CommonJS build for packages (yoga, Pothos)
// while Vite would pick the ESM one for our sources, and two copies break `instanceof
// GraphQLError`. Point our sources at the same file Node loads, as in production.
const graphqlAsNodeLoadsIt = fileURLToPath(new URL('./node_modules/graphql/index.js', import.meta.url));

// Vitest's default for `run` leaves one core to its main process: a single worker on the
// 2-core CI machine, which then ran every file one after the other. The workers mostly
// run PGlite, one core each; the main process has little to do once files are running.
const workers = availableParallelism();

/**
 * Integration files that run one at a time, after every other file, with the machine to
 * themselves: each starts the built product or another server process (a product is a
 * primary, two workers and an embedded PostgreSQL: both cores), shares state beyond its
 * own database (Redis, the PostgreSQL server's advisory locks), or checks a time window
 * (a lock timeout, a TTL, a deadline, a polling queue) that a second file beside it
 * could stretch. Every other integration file has its own in-memory PGlite and its own
 * schema on the PostgreSQL server, and starts its servers in-process on port 0, so two
 * of them run side by side. `startBuiltServer` refuses to run outside this list.
 */
const serialIntegrationFiles = [
  // The built product (tests/support/built-server.ts) or another Node process.
  'tests/integration/server.test.ts',
  'tests/integration/*-http.test.ts',
  'tests/integration/bff/bff-security.test.ts',
  'tests/integration/bff/rate-limit.test.ts',
  'tests/integration/bff/select-company-endpoint.test.ts',
  'tests/integration/faults/*.test.ts',
  'tests/integration/http/guest-page-cache.test.ts',
  'tests/integration/load/*.test.ts',
  'tests/integration/process/*.test.ts',
  // The embedded PostgreSQL server, pg_dump and pg_restore.
  'tests/integration/db/embedded-postgres.test.ts',
  'tests/integration/db/backup-restore.test.ts',
  // Shared state or time windows.
  'tests/integration/bff/session-stores.test.ts',
  'tests/integration/bff/token-lifecycle.test.ts',
  'tests/integration/db/startup-lock.test.ts',
  'tests/integration/graceful-shutdown.test.ts',
  'tests/integration/health.test.ts',
  'tests/integration/queue/*.test.ts',
  'tests/integration/job-ad-search/job-title-suggestions.test.ts',
];

const integration = {
  environment: 'node' as const,
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // One migrated PGlite template per run instead of one per file.
  globalSetup: ['tests/support/integration-global-setup.ts'],
};

// Six projects: pure logic (node), React islands (jsdom), Astro components (rendered by
// Astro's container), integration suites that talk to real servers over HTTP (the built
// product, databases): those side by side, and those one at a time; and the HTML check of
// the pages the end-to-end suite kept.
export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlAsNodeLoadsIt }] },
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          exclude: ['tests/unit/islands/**', 'tests/unit/components/**'],
          maxWorkers: workers,
          // Pure logic: one worker keeps its modules from file to file instead of starting
          // afresh for each of some 170 files (about a second each on the CI machine).
          isolate: false,
        },
      },
      {
        test: {
          name: 'islands',
          environment: 'jsdom',
          setupFiles: ['tests/support/jsdom-setup.ts'],
          include: ['tests/unit/islands/**/*.test.{ts,tsx}'],
          maxWorkers: workers,
        },
      },
      // And .astro components (node), rendered to HTML with Astro's container API through
      // Astro's own Vite setup (astro.config.mjs), as the build compiles them.
      getViteConfig({
        test: {
          name: 'components',
          environment: 'node',
          include: ['tests/unit/components/**/*.test.ts'],
          maxWorkers: workers,
        },
      }),
      {
        test: {
          ...integration,
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: serialIntegrationFiles,
          maxWorkers: workers,
          isolate: false,
          // Read by startBuiltServer, which refuses to start the product beside another file.
          env: { INTEGRATION_FILES_IN_PARALLEL: '1' },
        },
      },
      {
        test: {
          ...integration,
          name: 'integration-serial',
          include: serialIntegrationFiles,
          // And the data folder templates their product starts copy (tests/support/built-server.ts).
          globalSetup: [...integration.globalSetup, 'tests/support/built-server-global-setup.ts'],
          fileParallelism: false,
        },
      },
      {
        // The W3C Nu HTML check of the pages the end-to-end suite kept: scripts/test.mjs runs
        // it on its own, after Playwright (tests/served-html/served-html.test.ts).
        test: {
          name: 'served-html',
          environment: 'node',
          include: ['tests/served-html/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
