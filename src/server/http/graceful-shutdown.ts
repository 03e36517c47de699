import type { Server } from 'node:http';

export interface GracefulShutdownOptions {
  /** After this long, connections still open are cut so the process can exit. */
  timeoutMs: number;
  /** Closes what the process owns (database, provider) once no request is left. */
  closeResources: () => Promise<void>;
  log?: (message: string) => void;
}

/**
 * Stops a server the way a load balancer expects: refuse new connections at once, let
 * in-flight requests finish (keep-alive sockets are closed as soon as they go idle),
 * then release resources. Resolves when everything is closed.
 */
export function createGracefulShutdown(server: Server, options: GracefulShutdownOptions) {
  let shutdown: Promise<void> | null = null;
  const log = options.log ?? (() => {});

  function stop(reason: string): Promise<void> {
    if (shutdown) return shutdown;
    log(`${reason}: stopping; finishing in-flight requests`);
    shutdown = new Promise<void>((resolve) => {
      // A response finishing on a kept-alive socket must not invite the next request.
      server.on('request', (_req, res) => res.setHeader('connection', 'close'));
      const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
      const forceTimer = setTimeout(() => {
        log(`requests still running after ${options.timeoutMs} ms: closing their connections`);
        server.closeAllConnections();
      }, options.timeoutMs);
      server.close(() => {
        clearInterval(idleSweep);
        clearTimeout(forceTimer);
        resolve();
      });
      server.closeIdleConnections();
    }).then(async () => {
      await options.closeResources();
      log('stopped');
    });
    return shutdown;
  }

  return {
    stop,
    get stopping() {
      return shutdown !== null;
    },
  };
}
