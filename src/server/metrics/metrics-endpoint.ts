import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { AggregatorRegistry } from 'prom-client';
import { ConfigError } from '../config-error';
import { metricsRegistry } from './metrics';

// The metrics endpoint (docs/deploy.md, "Metrics"): Prometheus's text format on a port of
// its own, never the public one, bound to the loopback unless METRICS_HOST says otherwise,
// and behind a bearer token when METRICS_TOKEN is set. The primary of `npm start`'s cluster
// serves the sum of its workers' metrics; a single process its own.

export interface MetricsConfig {
  port: number;
  host: string;
  token: string | null;
}

/** METRICS_PORT (unset: no endpoint), METRICS_HOST (127.0.0.1), METRICS_TOKEN. */
export function readMetricsConfig(env: Record<string, string | undefined>): MetricsConfig | null {
  const rawPort = env.METRICS_PORT?.trim();
  if (!rawPort) return null;
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port < 1 || port > 65535) throw new ConfigError(`METRICS_PORT must be a port number, got "${rawPort}"`, 'for example 9464; it must differ from PORT');
  if (env.PORT?.trim() === rawPort) throw new ConfigError(`METRICS_PORT must differ from PORT (${rawPort})`, 'the metrics are never served on the public port');
  return { port, host: env.METRICS_HOST?.trim() || '127.0.0.1', token: env.METRICS_TOKEN?.trim() || null };
}

function authorized(req: IncomingMessage, token: string | null): boolean {
  if (!token) return true;
  const given = Buffer.from(req.headers.authorization ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** Serves GET /metrics; `cluster` sums the workers' metrics (in the primary). */
export async function startMetricsEndpoint(config: MetricsConfig, options: { cluster: boolean }): Promise<{ port: number; close: () => Promise<void> }> {
  const aggregator = options.cluster ? new AggregatorRegistry() : null;
  const server = createServer((req, res) => {
    if (req.url !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) return void res.writeHead(404).end();
    if (!authorized(req, config.token)) return void res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
    const body = aggregator ? aggregator.clusterMetrics() : metricsRegistry.metrics();
    body.then(
      (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end(`metrics unavailable: ${error instanceof Error ? error.message : String(error)}`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : config.port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
