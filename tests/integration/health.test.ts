import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHealthEndpoints, type ReadinessCheck } from '../../src/server/http/health';

const servers: Array<ReturnType<typeof createServer>> = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function serve(checks: ReadinessCheck[], stopping = false) {
  const handle = createHealthEndpoints(checks, () => stopping);
  const server = createServer(async (req, res) => {
    if (!(await handle(req, res))) res.writeHead(404).end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('health endpoints', () => {
  it('/healthz answers 200 while the process is up, whatever its dependencies say', async () => {
    const base = await serve([{ name: 'database', check: () => Promise.reject(new Error('down')) }]);
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
  });

  it('/readyz answers 200 when every dependency answers', async () => {
    const base = await serve([{ name: 'database', check: async () => {} }]);
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
  });

  it('/readyz answers 503 naming the dependency that failed', async () => {
    const base = await serve([
      { name: 'database', check: async () => {} },
      { name: 'identity', check: () => Promise.reject(new Error('connection refused')) },
    ]);
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', identity: 'connection refused' } });
  });

  it('/readyz names a failing non-critical dependency but stays 200 ("degraded"): the app works around it', async () => {
    const base = await serve([
      { name: 'database', check: async () => {} },
      { name: 'search', critical: false, check: () => Promise.reject(new Error('Typesense unreachable')) },
    ]);
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'degraded', checks: { database: 'ok', search: 'Typesense unreachable' } });
  });

  it('/readyz answers 503 when a critical dependency fails, whatever the others say', async () => {
    const base = await serve([
      { name: 'database', check: () => Promise.reject(new Error('refused')) },
      { name: 'search', critical: false, check: async () => {} },
    ]);
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable', checks: { database: 'refused', search: 'ok' } });
  });

  it('/readyz answers 503 when a dependency hangs past its timeout', async () => {
    const base = await serve([{ name: 'search', check: () => new Promise(() => {}) }]);
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(503);
  });

  it('/readyz answers 503 while shutting down so the load balancer drains the instance', async () => {
    const base = await serve([], true);
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
  });
});
