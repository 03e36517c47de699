import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readConfig, type AppConfig } from './config';
import { createGracefulShutdown } from './http/graceful-shutdown';
import { createHealthEndpoints } from './http/health';
import { applySecurityHeaders } from './http/security-headers';
import { createStaticAssets } from './http/static-assets';
import { createServices, type AppServices } from './services';

type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: undefined, locals: object) => Promise<void>;

const pathOf = (req: IncomingMessage) => (req.url ?? '/').split('?')[0];

/** What Astro receives as `locals` on every request: a fresh object, shared services. */
export interface RequestLocals {
  services: AppServices;
}

export interface StartOptions {
  config?: AppConfig;
  /** Folder holding `client/` and `server/` from the build; defaults to this file's folder. */
  distDir?: string;
  log?: (message: string) => void;
}

/**
 * The process entry: one HTTP server in front of the health endpoints, the built client
 * assets and the Astro handler, plus the services it owns.
 */
export async function startServer(options: StartOptions = {}) {
  const config = options.config ?? readConfig();
  const log = options.log ?? ((message: string) => console.log(message));
  const distDir = options.distDir ?? path.dirname(fileURLToPath(import.meta.url));

  const owned = await createServices(config, log);
  const entry = (await import(pathToFileURL(path.join(distDir, 'server', 'entry.mjs')).href)) as { handler: AstroHandler };
  const serveStatic = createStaticAssets(path.join(distDir, 'client'));

  let shutdown: ReturnType<typeof createGracefulShutdown> | null = null;
  const handleHealth = createHealthEndpoints(owned.readiness, () => shutdown?.stopping ?? false);

  const server = createServer(async (req, res) => {
    applySecurityHeaders(res, config.production);
    try {
      if (await handleHealth(req, res)) return;
      if (owned.api && pathOf(req) === config.graphql.path) {
        await owned.api.handle(req, res);
        return;
      }
      serveStatic(req, res, () => {
        const locals: RequestLocals = { services: owned.services };
        void entry.handler(req, res, undefined, locals);
      });
    } catch (error) {
      log(`request failed: ${error instanceof Error ? error.stack : String(error)}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal Server Error');
    }
  });
  shutdown = createGracefulShutdown(server, {
    timeoutMs: config.shutdownTimeoutMs,
    closeResources: owned.close,
    log,
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  log(`${config.site.productName} is running at ${url}`);

  const stop = shutdown.stop;
  return { server, url, port, stop };
}

/** Runs the server until SIGTERM or SIGINT, then shuts down cleanly and exits 0. */
export async function runMain(options: StartOptions = {}) {
  const starting = startServer(options);
  // Listen before the address is printed: a supervisor may signal as soon as it sees it.
  const onSignal = (signal: NodeJS.Signals) => {
    starting
      .then((running) => running.stop(signal))
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  return starting;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runMain().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
