import cluster from 'node:cluster';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BILLING_ATTACHMENT_UPLOADS } from '../lib/billing/billing-attachment-addresses';
import { COMPANY_LOGO_UPLOADS } from '../lib/companies/company-logo-pages';
import { PROFILE_UPLOADS } from '../lib/talent/upload-addresses';
import { CV_IMPORT_UPLOADS } from '../lib/cv-import/cv-import-addresses';
import { readConfig, type AppConfig } from './config';
import { runClusterPrimary, workerCountOf } from './process/cluster-primary';
import { createGracefulShutdown } from './http/graceful-shutdown';
import { createHealthEndpoints } from './http/health';
import { createMediaEndpoint } from './http/media';
import { createRequestBodyLimit } from './http/request-body-limit';
import { loadAstroHandler } from './http/astro-handler';
import { createBackchannelLogoutEndpoint } from './http/backchannel-logout';
import { createUnsubscribeEndpoint, UNSUBSCRIBE_PATH } from './http/unsubscribe';
import { applySecurityHeaders } from './http/security-headers';
import { createStaticAssets } from './http/static-assets';
import { createGuestPageCache } from './http/guest-page-cache';
import { createHtmlCompression } from './http/html-compression';
import { createIdleMemoryRelease, exposedCollector } from './process/idle-memory-release';
import { listenForPublicPageChanges } from './db/public-pages-listener';
import { splitLanguagePath } from '../lib/i18n/language-path';
import { getTranslator } from '../lib/i18n/i18n';
import { inRequestLanguage } from './api/request-language';
import { loggerFromEnv, type Logger } from './logging/logger';
import { answerWithRequestId } from './logging/request-log';
import { observeRequest, startProcessMetrics } from './metrics/metrics';
import { readMetricsConfig, startMetricsEndpoint } from './metrics/metrics-endpoint';
import { inRequestSpan } from './tracing/spans';
import { readTracingConfig, startTracing } from './tracing/tracing';
import type { Language } from '../lib/i18n/namespaces';
import { BACKCHANNEL_LOGOUT_PATH, createServices, type AppServices, type OwnedServices } from './services';
import { responseDrained } from './http/response-drained';


/** Quiet this long after a burst, a worker runs a full garbage collection (see idle-memory-release.ts). */
const IDLE_COLLECTION_MS = 5_000;
const IDLE_COLLECTION_MIN_REQUESTS = 100;

const pathOf = (req: IncomingMessage) => (req.url ?? '/').split('?')[0] ?? '/';

/** What Astro receives as `locals` on every request: a fresh object, shared services, the language of the address, and a wait for its response's connection. */
export interface RequestLocals {
  services: AppServices;
  language: Language;
  responseDrained: () => Promise<void>;
}

export interface StartOptions {
  /** Environment to read the configuration from (default process.env). */
  env?: Record<string, string | undefined>;
  /** Folder holding `client/` and `server/` from the build; defaults to this file's folder. */
  distDir?: string;
  log?: (message: string) => void;
  /** Where structured lines go (the request lines, and `log`'s when it is not given); from LOG_FORMAT and LOG_LEVEL by default. */
  logger?: Logger;
}

/** With PORT=0 the origin is known only once the port is: read the configuration then. */
function configForPort(env: Record<string, string | undefined>, port: number): AppConfig {
  return readConfig(env.PORT?.trim() === '0' ? { ...env, PORT: String(port) } : env);
}

/**
 * The process entry: one HTTP server in front of the health endpoints, the built-in
 * identity provider, the GraphQL API, the built client assets and the Astro handler.
 */
export async function startServer(options: StartOptions = {}) {
  const env = options.env ?? process.env;
  const logger = options.logger ?? loggerFromEnv(env);
  const log = options.log ?? ((message: string) => logger.info(message));
  const distDir = options.distDir ?? path.dirname(fileURLToPath(import.meta.url));
  const initial = readConfig(env);
  if (readMetricsConfig(env)) startProcessMetrics();
  const tracingConfig = readTracingConfig(env);
  const tracing = tracingConfig ? startTracing(tracingConfig) : null;

  let owned: OwnedServices | null = null;
  let config = initial;
  const astroHandler = await loadAstroHandler(distDir);
  const serveStatic = createStaticAssets(path.join(distDir, 'client'));
  let shutdown: ReturnType<typeof createGracefulShutdown> | null = null;
  const readiness = () => owned?.readiness ?? [{ name: 'startup', check: () => Promise.reject(new Error('starting')) }];
  const handleHealth = createHealthEndpoints({ get checks() { return readiness(); } }, () => shutdown?.stopping ?? false);
  const refuseOversizedBody = createRequestBodyLimit([PROFILE_UPLOADS, CV_IMPORT_UPLOADS, BILLING_ATTACHMENT_UPLOADS, COMPANY_LOGO_UPLOADS]);
  let serveMedia: ReturnType<typeof createMediaEndpoint> | null = null;
  const guestPages = createGuestPageCache({ seconds: initial.pageCacheSeconds });
  const compressHtml = createHtmlCompression();
  // Once a burst is over a worker drops its expired guest pages and collects its garbage
  // (a balancer's health probes do not count as traffic).
  const gc = exposedCollector();
  const idleMemory = createIdleMemoryRelease({
    idleMs: IDLE_COLLECTION_MS,
    minRequests: IDLE_COLLECTION_MIN_REQUESTS,
    collect: gc && (() => {
      guestPages?.dropExpired();
      gc();
    }),
  });
  let stopListening: (() => Promise<void>) | null = null;
  const backchannelLogout = createBackchannelLogoutEndpoint(() => owned?.services.bff ?? null);
  const unsubscribe = createUnsubscribeEndpoint(() => owned?.unsubscribeJobAlert ?? null);

  const trackerOrigin = config.analytics ? new URL(config.analytics.trackerBaseUrl).origin : null;
  const server = createServer((req, res) => {
    observeRequest(req, res);
    const trustBalancer = config.trustedProxyHops > 0;
    void answerWithRequestId(req, res, { logger, trustBalancerId: trustBalancer }, () => inRequestSpan(req, res, trustBalancer, () => answer(req, res)));
  });
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    applySecurityHeaders(res, config.hsts, trackerOrigin);
    // The language of the answer when all else fails (below): the address's.
    let answerLanguage: Language = 'en';
    try {
      if (await handleHealth(req, res)) return;
      res.once('close', idleMemory.begin());
      // The language prefix is taken off first: everything below, Astro's routing included,
      // reads the spec's paths, and the page is told its language (lib/i18n/language-path.ts).
      const address = req.url ?? '/';
      const { language, path: unprefixed } = splitLanguagePath(address);
      answerLanguage = language;
      if (!owned) {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '2' }).end(getTranslator(['common'], language)('errors.starting'));
        return;
      }
      req.url = unprefixed;
      // Before anything reads a body: an oversized upload is refused, never buffered.
      if (refuseOversizedBody(req, res, language)) return;
      const pathname = pathOf(req);
      if (owned.identityProvider && (pathname === '/oidc' || pathname.startsWith('/oidc/'))) {
        owned.identityProvider.handle(req, res);
        return;
      }
      if (pathname === BACKCHANNEL_LOGOUT_PATH) {
        await backchannelLogout(req, res);
        return;
      }
      if (pathname === UNSUBSCRIBE_PATH && (await unsubscribe(req, res, new URL(req.url ?? '/', 'http://localhost')))) return;
      if (owned.api && pathname === config.graphql.path) {
        await inRequestLanguage(req.headers['accept-language'], () => owned!.api!.handle(req, res));
        return;
      }
      if (serveMedia && (await serveMedia(req, res, pathname))) return;
      const services = owned.services;
      serveStatic(req, res, () =>
        compressHtml(req, res, () => {
          const locals: RequestLocals = { services, language, responseDrained: () => responseDrained(res) };
          const render = () => void astroHandler(req, res, undefined, locals);
          if (guestPages) guestPages.handle(req, res, render, address);
          else render();
        }),
      );
    } catch (error) {
      logger.error({ err: error }, 'request failed');
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(getTranslator(['common'], answerLanguage)('errors.failed'));
    }
  };
  shutdown = createGracefulShutdown(server, {
    timeoutMs: initial.shutdownTimeoutMs,
    closeResources: async () => {
      idleMemory.stop();
      await stopListening?.();
      await owned?.close();
      await tracing?.stop();
    },
    log,
  });

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(initial.port, initial.host, () => resolve());
    });
  const openServices = async () => {
    owned = await createServices(config, log);
    serveMedia = createMediaEndpoint(owned.services.storage);
    if (guestPages) stopListening = await listenForPublicPageChanges(owned.database, { changed: () => guestPages.invalidate(), listening: (live) => guestPages.setLive(live) }, log);
  };
  if (cluster.isWorker) {
    // The primary hands each connection to a listening worker: a worker listens only once it
    // can answer, so nobody gets "Starting" from it (the primary fixed the port beforehand).
    await openServices();
    await listen();
  } else {
    // One process: listen first, so /healthz answers while the services start (and PORT=0
    // tells the port, which the public origin needs).
    await listen();
    const address = server.address();
    config = configForPort(env, typeof address === 'object' && address ? address.port : initial.port);
    try {
      await openServices();
    } catch (error) {
      server.close();
      throw error;
    }
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : initial.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  // In a worker the primary says it once all of them listen.
  log(cluster.isWorker ? `worker ${process.pid}: serving` : `${config.site.productName} is running at ${url}`);

  return { server, url, port, config, stop: shutdown.stop };
}

/**
 * Serves until SIGTERM or SIGINT (one process, or a worker of `npm start`'s cluster, which
 * also stops when its primary is gone), then drains and exits 0. Signals are listened to
 * before the address is printed (a supervisor may signal as soon as it sees it), with
 * process.on and one stop: a Ctrl-C reaches a worker and its primary forwards it too, and
 * the drain is bounded by SHUTDOWN_TIMEOUT_MS anyway.
 */
function serveUntilStopped(options: StartOptions) {
  const starting = startServer(options);
  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    starting
      .then((running) => running.stop(reason))
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  if (cluster.isWorker) process.on('disconnect', () => stop('primary gone'));
  return starting;
}

/** What the operator is told at start: which settings serve, and what an http origin costs. */
export function settingsLine(config: AppConfig): string {
  if (!config.production) {
    return 'settings: development (TALENTPLACE_MODE=development): GraphQL introspection and suggestions for everyone, cookies without Secure, no HSTS; never for a deployment';
  }
  if (!config.secureCookies) {
    return `settings: production, but PUBLIC_ORIGIN ${config.publicOrigin} is plain http: cookies cannot be Secure there and no HSTS is sent; serve it over https`;
  }
  return `settings: production (no GraphQL introspection or suggestions, Secure __Host- cookies${config.hsts ? ', HSTS' : ''})`;
}

/**
 * `npm start` and `node dist/main.mjs`: one process, or a primary with WEB_CONCURRENCY
 * workers (see process/cluster-primary.ts) when the database is a server all of them share.
 */
export async function runMain(options: StartOptions = {}) {
  if (cluster.isWorker) return serveUntilStopped(options);
  const env = options.env ?? process.env;
  const config = readConfig(env);
  const logger = options.logger ?? loggerFromEnv(env);
  const log = options.log ?? ((message: string) => logger.info(message));
  log(settingsLine(config));
  const workers = workerCountOf(config, log);
  const metrics = readMetricsConfig(env);
  if (metrics) {
    const endpoint = await startMetricsEndpoint(metrics, { cluster: workers > 1 });
    log(`metrics: Prometheus at http://${metrics.host}:${endpoint.port}/metrics${metrics.token ? ' (bearer token)' : ''}`);
  }
  if (workers <= 1) return serveUntilStopped(options);
  return runClusterPrimary({ config, env, workers, entry: fileURLToPath(import.meta.url), log });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runMain().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
