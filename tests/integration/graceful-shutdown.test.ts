import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createGracefulShutdown } from '../../src/server/http/graceful-shutdown';

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function slowServer(delayMs: number, onAnswered?: () => void) {
  const server = createServer((_req, res) => {
    res.on('finish', () => onAnswered?.());
    setTimeout(() => res.end('done'), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

describe('graceful shutdown (SIGTERM/SIGINT)', () => {
  it('finishes in-flight requests, refuses new connections, then closes resources', async () => {
    const events: string[] = [];
    const { server, port } = await slowServer(400, () => events.push('in-flight answered'));
    const shutdown = createGracefulShutdown(server, {
      timeoutMs: 5_000,
      closeResources: async () => {
        events.push('resources closed');
      },
    });

    const inFlight = get(port, '/slow');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopped = shutdown.stop('SIGTERM');
    expect(shutdown.stopping).toBe(true);

    await expect(get(port, '/new')).rejects.toThrow(/ECONNREFUSED/);
    expect(await inFlight).toEqual({ status: 200, body: 'done' });
    await stopped;
    expect(events).toEqual(['in-flight answered', 'resources closed']);
  });

  it('cuts requests that outlive the grace period so the process can exit', async () => {
    const { server, port } = await slowServer(10_000);
    const shutdown = createGracefulShutdown(server, { timeoutMs: 200, closeResources: async () => {} });
    const inFlight = get(port, '/never').catch((error: Error) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await shutdown.stop('SIGTERM');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await inFlight).toBeInstanceOf(Error);
  });

  it('stops once when signalled twice', async () => {
    const { server } = await slowServer(0);
    let closes = 0;
    const shutdown = createGracefulShutdown(server, { timeoutMs: 1_000, closeResources: async () => void closes++ });
    await Promise.all([shutdown.stop('SIGTERM'), shutdown.stop('SIGINT')]);
    expect(closes).toBe(1);
  });
});
