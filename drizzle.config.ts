import { defineConfig } from 'drizzle-kit';

// After a schema change, generate a migration (offline, no database needed) and strip the
// "public". qualifiers drizzle-kit writes, so that migrations apply in any schema (tests
// run each in a schema of their own; tests/integration/db/migrations.test.ts checks it):
//   npx drizzle-kit generate --name <what-changed>
//   sed -i 's/"public"\.//g' src/server/db/migrations/*.sql
// Extensions, functions and anything else drizzle-kit cannot express are added by hand to
// the generated file (see the top of 0000_initial.sql). Migrations apply at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
  strict: true,
  verbose: true,
});
