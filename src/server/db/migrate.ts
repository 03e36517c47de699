import { existsSync } from 'node:fs';
import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { AppSchema, Database } from './client';
import { DatabaseError } from './database-error';

export interface MigrateOptions {
  /**
   * Folder of generated migrations. Defaults to the source folder under the working
   * directory: the bundled dist/main.mjs has no migrations beside it, and the process
   * always runs from the project root.
   */
  migrationsFolder?: string;
}

// Any constants: instances starting together take turns instead of racing to create tables
// or to seed an empty database twice.
const migrationLockKey = 7_344_116_201;
export const SEED_LOCK_KEY = 7_344_116_202;

export function defaultMigrationsFolder(): string {
  return path.resolve(process.cwd(), 'src/server/db/migrations');
}

/**
 * Runs `run` while holding a PostgreSQL advisory lock, so that only one process at a time
 * does it (PGlite has one process by construction: its directory is locked).
 */
export async function withDatabaseLock<T>(database: Database, key: number, run: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return run();
  // A session lock on a connection of its own; the migrator uses other pool connections.
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    try {
      return await run();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key]);
    }
  } finally {
    client.release();
  }
}

/** Applies the migrations not yet applied; a second run is a no-op. */
export async function migrate(database: Database, options: MigrateOptions = {}): Promise<void> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  if (!existsSync(path.join(migrationsFolder, 'meta', '_journal.json'))) {
    throw new DatabaseError(
      'MIGRATIONS_NOT_FOUND',
      `No migrations in ${migrationsFolder}`,
      'start the process from the project root, or pass migrationsFolder',
    );
  }
  // With a schema of its own (tests), the bookkeeping table must live there too, or a
  // fresh schema would look already migrated.
  const config = { migrationsFolder, migrationsSchema: database.schemaName ?? 'drizzle' };
  try {
    await withDatabaseLock(database, migrationLockKey, async () => {
      if (database.kind === 'pglite') {
        await migratePglite(database.db as PgliteDatabase<AppSchema>, config);
      } else {
        await migrateNodePostgres(database.db as NodePgDatabase<AppSchema>, config);
      }
    });
  } catch (error) {
    throw new DatabaseError(
      'MIGRATION_FAILED',
      `Migrating the ${database.kind} database failed: ${(error as Error).message}`,
      'the database is left as it was before the failed migration; fix the migration or the data it trips on',
      { cause: error },
    );
  }
}
