import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { DatabaseError, rootMessage } from './database-error';
import { acquireDirectoryLock } from './directory-lock';
import { embeddedEngineOf, type EmbeddedEngine } from './embedded-engine';
import { openEmbeddedPostgres } from './embedded-postgres';
import { nameStatementsOf } from './named-statements';
import { timeStatementsOf, type StatementObserverFactory } from './statement-times';
import * as schema from './schema';

export type AppSchema = typeof schema;

/**
 * Query results as both drivers return them (`{ rows }`), so that
 * `db.execute<Row>(sql...)` is typed the same on PGlite and PostgreSQL.
 */
export interface AppQueryResultHKT extends PgQueryResultHKT {
  type: AppQueryResult<this['row']>;
}

export interface AppQueryResult<Row> {
  rows: Row[];
}

export type AppDatabase = PgDatabase<AppQueryResultHKT, AppSchema>;

/** A database handle or a transaction: what helpers that read and write rows need of either. */
export type Writer = Pick<AppDatabase, 'select' | 'insert' | 'update' | 'delete'>;

interface DatabaseBase {
  db: AppDatabase;
  /** The PostgreSQL schema everything lives in when one was asked for (tests), else null. */
  schemaName: string | null;
  /** The embedded default (PGlite, or the PostgreSQL server under DATA_DIR), not a DATABASE_URL. */
  embedded: boolean;
  /** Resolves when the database answers a query; for readiness checks. */
  ping(): Promise<void>;
  /** Closes connections and releases the data directory; safe to call twice. */
  close(): Promise<void>;
}

export interface PgliteDatabaseHandle extends DatabaseBase {
  kind: 'pglite';
  /** The PGlite instance, e.g. for `dumpDataDir()`. */
  client: PGlite;
}

export interface PostgresDatabaseHandle extends DatabaseBase {
  kind: 'postgres';
  pool: pg.Pool;
  /** For a second pool on the same database (pg-boss keeps its own). */
  connectionString: string;
}

export type Database = PgliteDatabaseHandle | PostgresDatabaseHandle;

/** In-memory PGlite: nothing on disk, gone on close (tests). */
export const MEMORY_DATA_DIR = 'memory://';

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; unset or null means the embedded database in `dataDir`. */
  databaseUrl?: string | null;
  /**
   * Without a URL: PGlite (the default here, for tests and tools), or the embedded
   * PostgreSQL server (what `npm start` asks for, see embedded-postgres.ts). `auto` is
   * PostgreSQL unless `dataDir` holds only PGlite files.
   */
  embedded?: EmbeddedEngine | 'auto';
  /** PGlite files go to `${dataDir}/pglite` (`memory://` keeps them in memory); the server's to `${dataDir}/postgres`. */
  dataDir: string;
  /** PostgreSQL only: put every object in this schema (created if missing). */
  schemaName?: string;
  /** PostgreSQL only: told of every statement the pool runs and its time (statement-times.ts). */
  statements?: StatementObserverFactory;
  /** In-memory PGlite only: start from a `dumpDataDir()` snapshot (a migrated template). */
  snapshot?: Blob;
  /** Where a broken idle PostgreSQL connection is reported. */
  log?: (message: string) => void;
}

/** How long a query waits for a new PostgreSQL connection before it fails. */
const CONNECT_TIMEOUT_MS = 5_000;

const schemaNamePattern = /^[a-z_][a-z0-9_]{0,62}$/;

function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | null = null;
  return () => (closing ??= close());
}

/** The extensions the migrations create, which a PGlite must load to open a database holding them. */
export const PGLITE_EXTENSIONS = { btree_gin, pg_trgm, unaccent };

async function openPglite(options: OpenDatabaseOptions): Promise<PgliteDatabaseHandle> {
  const extensions = PGLITE_EXTENSIONS;
  let client: PGlite;
  let releaseLock = async () => {};
  if (options.dataDir === MEMORY_DATA_DIR) {
    client = await PGlite.create({ extensions, ...(options.snapshot ? { loadDataDir: options.snapshot } : {}) });
  } else {
    if (options.snapshot) {
      throw new DatabaseError(
        'DATABASE_OPTIONS_INVALID',
        'A snapshot can only be loaded into an in-memory database',
        `pass dataDir: '${MEMORY_DATA_DIR}' with snapshot`,
      );
    }
    await mkdir(options.dataDir, { recursive: true });
    releaseLock = await acquireDirectoryLock(path.join(options.dataDir, 'pglite.lock'), options.dataDir);
    try {
      client = await PGlite.create(path.join(options.dataDir, 'pglite'), { extensions });
    } catch (error) {
      await releaseLock();
      throw error;
    }
  }
  // Narrowed to what both drivers share, so the rest of the app has one database type.
  const db = drizzlePglite({ client, schema }) as AppDatabase;
  return {
    kind: 'pglite',
    db,
    client,
    schemaName: null,
    embedded: true,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: closeOnce(async () => {
      try {
        // Without this the process never exits (PGlite keeps its WASM runtime alive).
        await client.close();
      } finally {
        await releaseLock();
      }
    }),
  };
}

async function openPostgres(databaseUrl: string, options: OpenDatabaseOptions, embedded = false): Promise<PostgresDatabaseHandle> {
  const schemaName = options.schemaName ?? null;
  if (schemaName !== null && !schemaNamePattern.test(schemaName)) {
    throw new DatabaseError(
      'DATABASE_OPTIONS_INVALID',
      `Invalid schema name "${schemaName}"`,
      'use lower-case letters, digits and underscores, starting with a letter or underscore',
    );
  }
  const log = options.log ?? ((message: string) => console.error(message));
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    // A server that stopped answering (not refusing) must not hold requests for minutes:
    // they fail with "try again" and the pool connects afresh once it is back.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Startup parameters, so every pooled connection gets them before its first query.
    // public stays on the path: that is where pg_trgm is installed. No JIT: the product's
    // statements read a page, and a misjudged plan's cost made PostgreSQL compile one for
    // 850 ms of a 1 s roster page (docs/benchmarks.md, "A large tenant").
    options: ['-c jit=off', ...(schemaName ? [`-c search_path=${schemaName},public`] : [])].join(' '),
  });
  // A connection the server drops must not crash the process. The pool listens only to
  // idle clients: one cut while a request holds it (between two queries of a transaction)
  // reports the error on the client itself, where no listener meant an uncaught 'error'
  // that ended the process (found by bench/faults.mjs). The query that follows fails
  // ("try again"), and the pool drops the broken client when it is released.
  pool.on('connect', (client) => client.on('error', (error) => log(`database: connection failed: ${error.message}`)));
  pool.on('connect', nameStatementsOf);
  const observerFor = options.statements;
  if (observerFor) pool.on('connect', (client) => timeStatementsOf(client, observerFor));
  // The same error again, for an idle client: already logged by the listener above.
  pool.on('error', () => {});
  try {
    if (schemaName) await pool.query(`create schema if not exists "${schemaName}"`);
    else await pool.query('select 1');
  } catch (error) {
    await pool.end();
    throw new DatabaseError(
      'DATABASE_UNREACHABLE',
      `Cannot use the PostgreSQL database: ${(error as Error).message}`,
      'check DATABASE_URL (host, port, credentials, database name) and that the server is running',
      { cause: error },
    );
  }
  const db = drizzleNodePostgres({ client: pool, schema }) as AppDatabase;
  return {
    kind: 'postgres',
    db,
    pool,
    connectionString: databaseUrl,
    schemaName,
    embedded,
    ping: async () => {
      try {
        await db.execute(sql`select 1`);
      } catch (error) {
        // /readyz shows this: the reason (refused, timed out), not drizzle's "Failed query".
        throw new Error(`PostgreSQL unreachable: ${rootMessage(error)}`, { cause: error });
      }
    },
    close: closeOnce(() => pool.end()),
  };
}

/** The embedded PostgreSQL server under `dataDir` (started or joined), with a pool on it. */
async function openEmbeddedServer(options: OpenDatabaseOptions): Promise<PostgresDatabaseHandle> {
  const log = options.log ?? ((message: string) => console.error(message));
  const server = await openEmbeddedPostgres(options.dataDir, log);
  let handle: PostgresDatabaseHandle;
  try {
    handle = await openPostgres(server.url, options, true);
  } catch (error) {
    await server.stop();
    throw error;
  }
  const closePool = handle.close;
  return {
    ...handle,
    close: closeOnce(async () => {
      try {
        await closePool();
      } finally {
        await server.stop();
      }
    }),
  };
}

/**
 * Opens the database: PostgreSQL when a URL is given; else the embedded one in `dataDir`:
 * PGlite in `${dataDir}/pglite` (locked against a second opener) or in memory, or the
 * embedded PostgreSQL server in `${dataDir}/postgres`. Does not migrate.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const databaseUrl = options.databaseUrl?.trim();
  if (databaseUrl) return openPostgres(databaseUrl, options);
  const wanted = options.embedded ?? 'pglite';
  const engine = options.dataDir === MEMORY_DATA_DIR ? 'pglite' : embeddedEngineOf(options.dataDir, wanted === 'auto' ? null : wanted);
  return engine === 'postgres' ? openEmbeddedServer(options) : openPglite(options);
}
