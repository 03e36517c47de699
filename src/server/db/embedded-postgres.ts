import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseError } from './database-error';
import { acquireDirectoryLock, isAlive } from './directory-lock';
import { ensureDatabase, freePort, socketDirFor, urlOf, type Endpoint } from './embedded-postgres-endpoint';
import { CREDENTIALS_FILE, EMBEDDED_POSTGRES_DIR, OWNER_FILE, readPassword, runningServer, START_LOCK_FILE } from './embedded-postgres-files';
import { binaries, initialiseCluster, serverUser, START_TIMEOUT_MS, stopServer, waitForExit, waitUntilReady } from './embedded-postgres-process';
import { errorMessage } from '../../lib/text/error-message';

// The embedded PostgreSQL server that `npm start` owns (embedded-engine.ts says when it is
// used): started on DATA_DIR, or joined while another process of the product runs it, and
// stopped by the process that owns it. Its files, endpoint and processes are handled in
// the embedded-postgres-* files beside this one.

export interface EmbeddedPostgresServer {
  /** Connection string of the product's database on the server. */
  url: string;
  /** Whether this process started the server (and stops it in `stop`), or found it running. */
  owned: boolean;
  /** Stops the server when this process started it; does nothing otherwise. Safe to call twice. */
  stop(): Promise<void>;
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
