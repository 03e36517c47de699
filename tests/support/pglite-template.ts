import { readFile } from 'node:fs/promises';
import { MEMORY_DATA_DIR, openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';

/**
 * A migrated, empty in-memory PGlite as a `dumpDataDir()` snapshot. A new in-memory PGlite
 * costs about 6.5 s (its initdb, then every migration), loading one from a snapshot about
 * 1.2 s: the integration suites' global setup makes one per run and every test database
 * is loaded from it.
 */
export async function createPgliteTemplate(): Promise<Blob> {
  const database = await openDatabase({ dataDir: MEMORY_DATA_DIR });
  try {
    if (database.kind !== 'pglite') throw new Error('expected PGlite');
    await migrate(database);
    return await database.client.dumpDataDir('none');
  } finally {
    await database.close();
  }
}

/** The template the global setup wrote to this file. */
export async function readPgliteTemplate(file: string): Promise<Blob> {
  return new Blob([await readFile(file)]);
}
