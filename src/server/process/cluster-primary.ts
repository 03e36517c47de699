import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import type { AppConfig } from '../config';
import { embeddedEngineOf, serverUserCannotReach } from '../db/embedded-engine';
import { openEmbeddedPostgres, type EmbeddedPostgresServer } from '../db/embedded-postgres';
import { freePort } from '../db/embedded-postgres-endpoint';
import { hostSharedCounters } from './shared-counter';

/** Workers by default: one per core, at most this many (each holds a few hundred MB). */
const DEFAULT_MAX_WORKERS = 4;
/** Beyond the workers' own drain time, before the primary kills what still runs. */
const STOP_MARGIN_MS = 5_000;

/**
 * How many Node processes serve requests. Several only when the database is a server they
 * can share (the embedded PostgreSQL or DATABASE_URL): PGlite lives inside one process.
 */
export function workerCountOf(config: AppConfig, log: (message: string) => void): number {
  const pglite = !config.databaseUrl && embeddedEngineOf(config.dataDir, config.embeddedDatabase === 'auto' ? null : config.embeddedDatabase) === 'pglite';
  const blocked = config.embeddedDatabase === 'auto' ? serverUserCannotReach(config.dataDir) : null;
  if (pglite && blocked) log(`database: the embedded PostgreSQL server would run as the user postgres, which cannot pass through ${blocked}; using the embedded PGlite instead (one process). Give DATA_DIR a place it can reach, or set DATABASE_URL`);
  if (pglite) {
    if ((config.workers ?? 1) > 1) log(`WEB_CONCURRENCY=${config.workers} ignored: the embedded PGlite serves one process (unset EMBEDDED_DATABASE for the embedded PostgreSQL)`);
    return 1;
  }
  return config.workers ?? Math.min(availableParallelism(), DEFAULT_MAX_WORKERS);
}

export interface ClusterPrimaryOptions {
  config: AppConfig;
  env: Record<string, string | undefined>;
  workers: number;
  /** The script each worker runs (dist/main.mjs). */
  entry: string;
  log?: (message: string) => void;
}

/**
 * The primary of `npm start` with several workers (node:cluster): it owns the embedded
 * PostgreSQL server, hosts the in-memory counters every worker shares (API rate limit,
 * sign-up limit, sign-in throttle, upload allowance), and forks the workers, which share
 * one listening port (the primary hands out connections in turn). Each worker is a whole
 * server (startServer): migrations and the demo seed run under database locks, so the
 * first worker does them and the others find nothing to do; sessions, secrets, uploads
 * and mail are files in DATA_DIR, safe across processes. A worker that crashes is
 * replaced; SIGTERM or SIGINT drains every worker, then stops the database server.
 */
export async function runClusterPrimary(options: ClusterPrimaryOptions) {
  const { config, workers } = options;
  const log = options.log ?? ((message: string) => console.log(message));
  hostSharedCounters();
  let database: EmbeddedPostgresServer | null = null;
  if (!config.databaseUrl) database = await openEmbeddedPostgres(config.dataDir, log);
  // Workers open their services before they listen, so they must know the port beforehand.
  const port = config.port === 0 ? await freePort(config.host) : config.port;
  const workerEnv = { ...options.env, PORT: String(port) };
  // --expose-gc: a worker collects its garbage when a burst is over (idle-memory-release.ts).
  // --max-semi-space-size=32 (MB; V8 grows it to 16 here by default): a page render allocates
  // many short-lived objects, and a larger young generation collects them in fewer
  // scavenges, promoting fewer to the old one (a guest /jobs about 10 % less Node CPU,
  // side by side). The idle collection gives the space back after a burst.
  cluster.setupPrimary({ exec: options.entry, args: [], execArgv: [...process.execArgv, '--expose-gc', '--max-semi-space-size=32'] });

  let stopping: Promise<void> | null = null;
  /** Workers that got as far as listening: one that dies before could not start at all. */
  const served = new WeakSet<Worker>();
  const fork = () => cluster.fork(workerEnv);

  const stop = (reason: string, exitCode = 0): Promise<void> => {
    stopping ??= (async () => {
      log(`${reason}: stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
      const running = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => Boolean(worker));
      await Promise.all(
        running.map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve();
              const kill = setTimeout(() => worker.process.kill('SIGKILL'), config.shutdownTimeoutMs + STOP_MARGIN_MS);
              worker.once('exit', () => {
                clearTimeout(kill);
                resolve();
              });
              worker.process.kill('SIGTERM');
            }),
        ),
      );
      await database?.stop();
      log('stopped');
      process.exit(exitCode);
    })();
    return stopping;
  };
  // on, not once: a second Ctrl-C must not kill the primary before its workers are down.
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  const ready = new Promise<void>((resolve) => {
    let listening = 0;
    cluster.on('listening', (worker) => {
      served.add(worker);
      listening += 1;
      if (listening === workers) resolve();
    });
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!served.has(worker)) {
      // A worker that cannot start (configuration, database) would fail again at once.
      log(`worker ${worker.process.pid} could not start (exit ${how}); stopping`);
      void stop('start-up failed', 1);
      return;
    }
    log(`worker ${worker.process.pid} ended (${how}); starting another`);
    fork();
  });

  for (let index = 0; index < workers; index += 1) fork();
  await ready;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  log(`${config.site.productName} is running at ${url} (${workers} worker processes)`);
  return { url, port, stop };
}
