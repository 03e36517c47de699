import type { IncomingMessage, ServerResponse } from 'node:http';

export interface ReadinessCheck {
  name: string;
  /** Rejects when the dependency does not answer. */
  check: () => Promise<void>;
  /**
   * False for a dependency the app works around while it is down (search falls back to
   * PostgreSQL; an external sign-in service is needed only to sign in or refresh): its
   * failure is named in /readyz, which stays 200 ("degraded"), because every instance
   * shares it and taking them all out of the load balancer would turn a partial outage
   * into a full one. Default true: the app cannot serve without it (503).
   */
  critical?: boolean;
}

const CHECK_TIMEOUT_MS = 2_000;

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      () => { clearTimeout(timer); resolve(); },
      (error: unknown) => { clearTimeout(timer); reject(error); },
    );
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** The balancer's probes: no log line, no metric, no trace is made of them (they come every few seconds). */
export const isHealthProbe = (url: string): boolean => /^\/(?:healthz|readyz)(?:[/?]|$)/.test(url);

/**
 * `/healthz` says the process is up (liveness); `/readyz` says whether it should get
 * traffic: every critical dependency answered and the process is not shutting down.
 * Each check's result is named either way, so an operator sees which one is down.
 */
export function createHealthEndpoints(source: readonly ReadinessCheck[] | { readonly checks: readonly ReadinessCheck[] }, isStopping: () => boolean) {
  return async function handleHealth(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname === '/healthz') {
      sendJson(res, 200, { status: 'ok' });
      return true;
    }
    if (pathname !== '/readyz') return false;
    if (isStopping()) {
      sendJson(res, 503, { status: 'stopping', checks: {} });
      return true;
    }
    const checks = 'checks' in source ? source.checks : source;
    const results = await Promise.all(
      checks.map(async ({ name, check, critical = true }) => {
        try {
          await withTimeout(check(), CHECK_TIMEOUT_MS);
          return { name, result: 'ok', critical };
        } catch (error) {
          return { name, result: error instanceof Error ? error.message : 'failed', critical };
        }
      }),
    );
    const failed = results.filter(({ result }) => result !== 'ok');
    const ready = failed.every(({ critical }) => !critical);
    const status = !ready ? 'unavailable' : failed.length ? 'degraded' : 'ready';
    sendJson(res, ready ? 200 : 503, { status, checks: Object.fromEntries(results.map(({ name, result }) => [name, result])) });
    return true;
  };
}
