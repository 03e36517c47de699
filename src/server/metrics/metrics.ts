import cluster from 'node:cluster';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, register, type Registry } from 'prom-client';
import { splitLanguagePath } from '../../lib/i18n/language-path';
import { findRouteByPath } from '../../lib/routes/route-table';
import { isHealthProbe } from '../http/health';
import type { Mailer } from '../mail/mailer';

// The product's metrics (docs/deploy.md, "Metrics"), in prom-client's process registry: each
// process counts its own, and the primary of `npm start`'s cluster sums its workers' when
// scraped (metrics-endpoint.ts). Labels stay few: a route is the route table's key, never
// an address, so an id in a path cannot make a new series.

export const metricsRegistry: Registry = register;

let started = false;
/** Process metrics (CPU, memory, event loop lag, handles), and a worker's answer to its primary's scrape. */
export function startProcessMetrics(): void {
  if (started) return;
  started = true;
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'talentplace_' });
  // Constructing one makes a worker answer the primary's requests for its metrics.
  if (cluster.isWorker) new AggregatorRegistry();
}

export const httpRequestDuration = new Histogram({
  name: 'talentplace_http_request_duration_seconds',
  help: 'Time to answer a request, by route (the route table key, or api, oidc, media, assets, other), method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const databaseStatementDuration = new Histogram({
  name: 'talentplace_database_statement_duration_seconds',
  help: 'Time of each SQL statement of the PostgreSQL pool, from the call to its answer (waiting for a connection included)',
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [metricsRegistry],
});

export const pageCacheAnswers = new Counter({
  name: 'talentplace_page_cache_answers_total',
  help: 'Guest pages answered from the page cache (hit) or rendered (miss)',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

export const mailsSent = new Counter({
  name: 'talentplace_mails_total',
  help: 'Mails handed to the SMTP server or the outbox (sent), and tries that failed (failed)',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

export const queueJobFailures = new Counter({
  name: 'talentplace_queue_job_failures_total',
  help: 'Queued jobs (mail and push retries) whose try failed, by queue',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

/** What the gauges read when scraped; each source registers itself once it exists. */
const readers: {
  live?: () => number;
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
  queues?: () => Promise<Array<{ name: string; queuedCount: number; activeCount: number }>>;
} = {};

export const openLiveConnections = new Gauge({
  name: 'talentplace_live_connections',
  help: 'Open live connections (Server-Sent Events) of this process',
  registers: [metricsRegistry],
  collect() {
    if (readers.live) this.set(readers.live());
  },
});

export const databasePoolConnections = new Gauge({
  name: 'talentplace_database_pool_connections',
  help: 'Connections of the database pool of this process (total, idle), and callers waiting for one (waiting)',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    const pool = readers.pool;
    if (!pool) return;
    this.set({ state: 'total' }, pool.totalCount);
    this.set({ state: 'idle' }, pool.idleCount);
    this.set({ state: 'waiting' }, pool.waitingCount);
  },
});

export const queuedJobs = new Gauge({
  name: 'talentplace_queue_jobs',
  help: 'Jobs waiting (queued) or running (active) in each queue, as the queue tables hold them',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    if (!readers.queues) return;
    for (const queue of await readers.queues().catch(() => [])) {
      this.set({ queue: queue.name, state: 'queued' }, queue.queuedCount);
      this.set({ queue: queue.name, state: 'active' }, queue.activeCount);
    }
  },
});

/** The sources of the gauges, registered by the services that own them. */
export const measure = {
  liveConnections: (read: () => number) => void (readers.live = read),
  databasePool: (pool: { totalCount: number; idleCount: number; waitingCount: number }) => void (readers.pool = pool),
  queues: (read: () => Promise<Array<{ name: string; queuedCount: number; activeCount: number }>>) => void (readers.queues = read),
};

/** A request's route label: the route table's key for a page, else the kind of address. */
export function routeLabel(url: string): string {
  const path = splitLanguagePath(url.split('?')[0] ?? '/').path;
  if (path.startsWith('/api/') || path === '/graphql') return 'api';
  if (path === '/oidc' || path.startsWith('/oidc/')) return 'oidc';
  if (path.startsWith('/media/')) return 'media';
  if (path.startsWith('/_astro/')) return 'assets';
  if (path.startsWith('/auth/')) return 'auth';
  // A record's address (/job-apply/<id>/<slug>) counts as the route it is a record of.
  for (let candidate = path; candidate; candidate = candidate.slice(0, candidate.lastIndexOf('/'))) {
    const route = findRouteByPath(candidate);
    if (route) return route.key;
  }
  return 'other';
}

/** Times one request into the duration histogram, and counts a guest page cache hit or miss. */
export function observeRequest(req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? '/';
  if (isHealthProbe(url)) return;
  const stop = httpRequestDuration.startTimer();
  res.once('close', () => {
    stop({ route: routeLabel(url), method: req.method ?? 'GET', status: String(res.statusCode) });
    const cache = res.getHeader('x-page-cache');
    if (cache === 'hit' || cache === 'miss') pageCacheAnswers.inc({ result: cache });
  });
}

/** A mailer that counts what it sends and what fails (talentplace_mails_total). */
export function countedMailer(mailer: Mailer): Mailer {
  return {
    ...mailer,
    async send(message) {
      try {
        await mailer.send(message);
        mailsSent.inc({ result: 'sent' });
      } catch (error) {
        mailsSent.inc({ result: 'failed' });
        throw error;
      }
    },
  };
}
