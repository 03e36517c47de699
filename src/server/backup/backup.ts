import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, PGLITE_EXTENSIONS } from '../db/client';
import { DatabaseError } from '../db/database-error';
import { embeddedEngineOf, type EmbeddedEngine } from '../db/embedded-engine';
import { EMBEDDED_POSTGRES_FILES, embeddedPostgresPid, handOverToServerUser } from '../db/embedded-postgres-files';

/**
 * Backup and restore of what the product keeps: the database (the embedded PGlite data
 * directory; the embedded PostgreSQL server's files, copied while it is stopped, as its
 * package ships no pg_dump; or a PostgreSQL database through pg_dump/pg_restore) and the
 * uploads folder.
 * A backup is a folder: `manifest.json`, the database file and `uploads/`.
 */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: 'pglite' | 'embedded-postgres' | 'postgres';
  /** The database file in the backup folder. */
  databaseFile: string;
  uploads: { files: number; bytes: number };
}

export class BackupError extends Error {
  constructor(
    readonly code: 'BACKUP_TARGET_NOT_EMPTY' | 'BACKUP_NOT_FOUND' | 'BACKUP_TOOL_FAILED' | 'BACKUP_KIND_MISMATCH',
    message: string,
    readonly hint: string,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface BackupSource {
  /** PostgreSQL connection string; null for the embedded PGlite in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  /** Which embedded database `dataDir` holds (as EMBEDDED_DATABASE; default PGlite). */
  embedded?: EmbeddedEngine | 'auto';
  uploadsDir: string;
  /** PostgreSQL only: dump just this schema (tests keep each run in a schema of its own). */
  schemaName?: string;
}

const MANIFEST = 'manifest.json';
const PGLITE_FILE = 'database.pglite.tar.gz';
const POSTGRES_FILE = 'database.pgdump';
/** A folder: the embedded server's cluster and its password file. */
const EMBEDDED_POSTGRES_FOLDER = 'database.embedded-postgres';

function embeddedEngine(source: BackupSource): EmbeddedEngine {
  const wanted = source.embedded ?? 'pglite';
  return embeddedEngineOf(source.dataDir, wanted === 'auto' ? null : wanted);
}

async function countFiles(folder: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        files += 1;
        bytes += (await stat(full)).size;
      }
    }
  };
  await walk(folder);
  return { files, bytes };
}

/** Runs a PostgreSQL client tool, resolving on exit 0 and saying what failed otherwise. */
function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error) =>
      reject(new BackupError('BACKUP_TOOL_FAILED', `${command} could not be started: ${error.message}`, `install the PostgreSQL client tools (${command}) of your server's major version`)),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError('BACKUP_TOOL_FAILED', `${command} failed (exit ${code}): ${errors.trim().slice(0, 500)}`, 'check the connection string and that the tool matches the server version')),
    );
  });
}

/** Is the folder missing or empty? A backup never writes into, or restores over, anything. */
async function isEmptyFolder(folder: string): Promise<boolean> {
  const entries = await readdir(folder).catch(() => null);
  return entries === null || entries.length === 0;
}

/**
 * Writes a backup of the database and the uploads into `target` (a new or empty folder).
 * The embedded database is read with the directory lock held, so the server must be
 * stopped (the lock says so); PostgreSQL is dumped online with pg_dump.
 */
export async function createBackup(source: BackupSource, target: string): Promise<BackupManifest> {
  if (!(await isEmptyFolder(target))) throw new BackupError('BACKUP_TARGET_NOT_EMPTY', `${target} is not empty`, 'choose a new folder for each backup');
  await mkdir(target, { recursive: true });
  let databaseFile: string;
  if (source.databaseUrl) {
    databaseFile = POSTGRES_FILE;
    await runTool('pg_dump', ['--format=custom', '--no-owner', ...(source.schemaName ? [`--schema=${source.schemaName}`] : []), `--file=${path.join(target, databaseFile)}`, source.databaseUrl]);
  } else if (embeddedEngine(source) === 'postgres') {
    databaseFile = EMBEDDED_POSTGRES_FOLDER;
    const pid = await embeddedPostgresPid(source.dataDir);
    if (pid !== null) {
      throw new DatabaseError('DATABASE_LOCKED', `The embedded PostgreSQL in ${source.dataDir} is running (process ${pid})`, 'stop the server first: its files are copied while it is stopped');
    }
    for (const name of EMBEDDED_POSTGRES_FILES) await cp(path.join(source.dataDir, name), path.join(target, databaseFile, name), { recursive: true });
  } else {
    databaseFile = PGLITE_FILE;
    const database = await openDatabase({ dataDir: source.dataDir });
    try {
      if (database.kind !== 'pglite') throw new Error('expected the embedded database');
      const dump = await database.client.dumpDataDir('gzip');
      await writeFile(path.join(target, databaseFile), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
  }
  await cp(source.uploadsDir, path.join(target, 'uploads'), { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: source.databaseUrl ? 'postgres' : databaseFile === EMBEDDED_POSTGRES_FOLDER ? 'embedded-postgres' : 'pglite',
    databaseFile,
    uploads: await countFiles(path.join(target, 'uploads')),
  };
  await writeFile(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function readManifest(folder: string): Promise<BackupManifest> {
  const text = await readFile(path.join(folder, MANIFEST), 'utf8').catch(() => null);
  if (!text) throw new BackupError('BACKUP_NOT_FOUND', `${folder} holds no backup (no ${MANIFEST})`, 'name the folder a backup was written to');
  return JSON.parse(text) as BackupManifest;
}

/**
 * Restores a backup into the configured place. The embedded database and the uploads
 * folder must not exist yet (or be empty): restore into a fresh DATA_DIR, then point the
 * server at it. PostgreSQL objects are replaced (pg_restore --clean) in the target database.
 */
export async function restoreBackup(folder: string, target: BackupSource): Promise<BackupManifest> {
  const manifest = await readManifest(folder);
  if ((manifest.database === 'postgres') !== Boolean(target.databaseUrl)) {
    throw new BackupError(
      'BACKUP_KIND_MISMATCH',
      `the backup holds a ${manifest.database === 'postgres' ? 'PostgreSQL' : 'embedded'} database`,
      manifest.database === 'postgres' ? 'set DATABASE_URL to the database to restore into' : 'unset DATABASE_URL to restore the embedded database',
    );
  }
  if (!(await isEmptyFolder(target.uploadsDir))) throw new BackupError('BACKUP_TARGET_NOT_EMPTY', `${target.uploadsDir} is not empty`, 'restore into a fresh DATA_DIR (and UPLOADS_DIR)');
  const file = path.join(folder, manifest.databaseFile);
  if (manifest.database === 'postgres') {
    await runTool('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${target.databaseUrl}`, file]);
  } else if (manifest.database === 'embedded-postgres') {
    for (const name of EMBEDDED_POSTGRES_FILES) {
      if (existsSync(path.join(target.dataDir, name))) throw new BackupError('BACKUP_TARGET_NOT_EMPTY', `${path.join(target.dataDir, name)} already exists`, 'restore into a fresh DATA_DIR');
    }
    await mkdir(target.dataDir, { recursive: true });
    for (const name of EMBEDDED_POSTGRES_FILES) await cp(path.join(file, name), path.join(target.dataDir, name), { recursive: true });
    await handOverToServerUser(target.dataDir);
  } else {
    const pgliteDir = path.join(target.dataDir, 'pglite');
    if (!(await isEmptyFolder(pgliteDir))) throw new BackupError('BACKUP_TARGET_NOT_EMPTY', `${pgliteDir} already holds a database`, 'restore into a fresh DATA_DIR');
    await mkdir(target.dataDir, { recursive: true });
    const client = await PGlite.create(pgliteDir, { extensions: PGLITE_EXTENSIONS, loadDataDir: new Blob([await readFile(file)]) });
    await client.close();
  }
  await rm(target.uploadsDir, { recursive: true, force: true });
  await cp(path.join(folder, 'uploads'), target.uploadsDir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  return manifest;
}
