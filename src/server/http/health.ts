import type { IncomingMessage, ServerResponse } from 'node:http';

export interface ReadinessCheck {
  name: string;
  /** Rejects when the dependency does not answer. */
  check: () => Promise<void>;
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

/**
 * `/healthz` says the process is up (liveness); `/readyz` says whether it should get
 * traffic: every dependency answered and the process is not shutting down.
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
      checks.map(async ({ name, check }) => {
        try {
          await withTimeout(check(), CHECK_TIMEOUT_MS);
          return [name, 'ok'] as const;
        } catch (error) {
          return [name, error instanceof Error ? error.message : 'failed'] as const;
        }
      }),
    );
    const ready = results.every(([, result]) => result === 'ok');
    sendJson(res, ready ? 200 : 503, { status: ready ? 'ready' : 'unavailable', checks: Object.fromEntries(results) });
    return true;
  };
}
