import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy on loopback standing in for a dependency (PostgreSQL, Redis, an identity
 * provider, Typesense) that can be stopped and started again. The shared servers behind
 * it are never touched: `stop()` makes the dependency look down to the app (the port
 * refuses connections, open ones are cut), `start()` brings it back on the same port.
 */
export interface FaultProxy {
  /** 127.0.0.1:<port>, for building connection URLs. */
  host: string;
  port: number;
  /** Where connections go; may be set after the proxy listens (an issuer must know its URL first). */
  target: { host: string; port: number } | null;
  running: boolean;
  /** Closes the listener and destroys every live connection, both sides. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultProxy(target: { host: string; port: number } | null = null): Promise<FaultProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        track(client);
        if (!proxy.target) {
          client.destroy();
          return;
        }
        const upstream = createConnection(proxy.target);
        track(upstream);
        // A reset on either side ends both, as a real server going away would.
        client.on('error', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as AddressInfo).port;
        server = next;
        resolve();
      });
    });

  const proxy: FaultProxy = {
    host: '127.0.0.1',
    get port() {
      return port;
    },
    target,
    get running() {
      return server !== null;
    },
    async stop() {
      const closing = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    async start() {
      if (!server) await listen();
    },
    close: () => proxy.stop(),
  };
  await listen();
  return proxy;
}

/** Host and port of a postgres:// or redis:// URL (the real server the proxy forwards to). */
export function hostAndPort(url: string, defaultPort: number): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: parsed.port ? Number(parsed.port) : defaultPort };
}

/** The same URL with its host and port replaced by the proxy's. */
export function throughProxy(url: string, proxy: FaultProxy): string {
  const parsed = new URL(url);
  parsed.hostname = proxy.host;
  parsed.port = String(proxy.port);
  return parsed.href;
}
