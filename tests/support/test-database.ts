import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { MEMORY_DATA_DIR, openDatabase, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seedDemoData } from '../../src/server/db/seed/demo-seed';
import { createPgliteTemplate, readPgliteTemplate } from './pglite-template';

export type TestDatabaseKind = Database['kind'];

/** PostgreSQL for the suites, e.g. postgres://postgres@127.0.0.1:5432/test; unset skips them. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || null;

const skippedMessage = 'TEST_DATABASE_URL is not set: PostgreSQL suites skipped';

export function databaseKinds(): TestDatabaseKind[] {
  return testDatabaseUrl ? ['pglite', 'postgres'] : ['pglite'];
}

// Loaded per test database from the run's migrated template (integration-global-setup.ts);
// a file run without that setup makes the template itself, once (module state is per file).
let pgliteTemplate: Promise<Blob> | null = null;

function pgliteTemplateOfRun(): Promise<Blob> {
  const file = inject('pgliteTemplateFile');
  return file ? readPgliteTemplate(file) : createPgliteTemplate();
}

async function openPostgresTestDatabase(databaseUrl: string): Promise<Database> {
  // A schema of its own per run: runs never see each other's rows, and dropping it cleans up.
  const schemaName = `test_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase({ databaseUrl, dataDir: MEMORY_DATA_DIR, schemaName });
  if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
  const dropSchemaAndClose = async () => {
    try {
      await database.pool.query(`drop schema if exists "${schemaName}" cascade`);
    } finally {
      await database.close();
    }
  };
  try {
    await migrate(database);
  } catch (error) {
    await dropSchemaAndClose();
    throw error;
  }
  let closing: Promise<void> | null = null;
  return { ...database, close: () => (closing ??= dropSchemaAndClose()) };
}

/** A migrated, empty database of the given kind; `close()` discards it. */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<Database> {
  if (kind === 'postgres') {
    if (!testDatabaseUrl) throw new Error(skippedMessage);
    return openPostgresTestDatabase(testDatabaseUrl);
  }
  pgliteTemplate ??= pgliteTemplateOfRun();
  return openDatabase({ dataDir: MEMORY_DATA_DIR, snapshot: await pgliteTemplate });
}

/** A migrated database of the given kind holding the demo data; `close()` discards it. */
export async function openSeededTestDatabase(kind: TestDatabaseKind): Promise<Database> {
  const database = await openTestDatabase(kind);
  try {
    await seedDemoData(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/**
 * A database of `kind` holding the demo data for the enclosing describe block: opened before
 * its tests (before the block's own beforeAll hooks), closed after them.
 */
export function useSeededTestDatabase(kind: TestDatabaseKind): { readonly db: Database['db'] } {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openSeededTestDatabase(kind);
  }, 120_000);
  afterAll(() => database?.close());
  return {
    get db() {
      if (!database) throw new Error('The seeded test database is read before its block opened it');
      return database.db;
    },
  };
}

/**
 * `describe` once per database kind ("name [pglite]", "name [postgres]"); the PostgreSQL
 * block is skipped, visibly, when TEST_DATABASE_URL is unset.
 */
export function describeEachDatabase(name: string, body: (kind: TestDatabaseKind) => void): void {
  describe(`${name} [pglite]`, () => body('pglite'));
  if (testDatabaseUrl) {
    describe(`${name} [postgres]`, () => body('postgres'));
  } else {
    console.warn(skippedMessage);
    describe.skip(`${name} [postgres]`, () => body('postgres'));
  }
}

/** The PostgreSQL SQLSTATE of a failed query, looking through drizzle's wrapping error. */
export function sqlStateOf(error: unknown): string | null {
  for (let current = error; current instanceof Error || (typeof current === 'object' && current !== null); ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Runs `query`, expecting it to fail, and resolves with the SQLSTATE it failed with. */
export async function failureSqlState(query: PromiseLike<unknown>): Promise<string | null> {
  try {
    await query;
  } catch (error) {
    return sqlStateOf(error);
  }
  throw new Error('expected the query to fail');
}

/**
 * A database of its own on the TEST_DATABASE_URL server, for a whole built product
 * (which uses the default schema of its DATABASE_URL): `url` names it, `drop()` removes it.
 */
export async function createScratchDatabase(prefix = 'scratch'): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  if (!testDatabaseUrl) throw new Error(skippedMessage);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: testDatabaseUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
