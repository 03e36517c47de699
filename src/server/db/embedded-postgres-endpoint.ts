import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';

// How clients reach the embedded PostgreSQL: a free loopback port, a Unix socket in the
// cluster's folder when its path fits, and the connection string of a database on it.

/** The product's database on the server. */
const DATABASE_NAME = 'talentplace';
/** The database superuser, and (as root) the system user the server runs as. */
export const SUPERUSER = 'postgres';

/** Where a client reaches the server: its port, and the folder of its Unix socket if it has one. */
export interface Endpoint {
  port: number;
  socketDir: string | null;
}

/** A Unix socket's path must fit in sockaddr_un (108 bytes with its NUL) on Linux. */
const MAX_SOCKET_PATH = 100;

/**
 * The cluster's own folder holds the server's Unix socket when the socket's path fits:
 * the server's user owns that folder, and only it and root (this process, as root) pass
 * into it. Clients then skip loopback TCP, whose stack costs both sides CPU on every
 * query: sending a query was about a fifth of a signed-in page's Node time.
 */
export function socketDirFor(clusterDir: string): string | null {
  return path.join(clusterDir, '.s.PGSQL.65535').length <= MAX_SOCKET_PATH ? clusterDir : null;
}

/** A port nobody listens on now on `host` (the embedded server's, or the workers' for PORT=0). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The connection string of `database` (the product's unless named) on the server. */
export function urlOf(password: string, { port, socketDir }: Endpoint, database = DATABASE_NAME): string {
  const base = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  // node-postgres and pg-boss read `host` from the query: a folder means its Unix socket.
  return socketDir ? `${base}?host=${encodeURIComponent(socketDir)}` : base;
}

/** Creates the product's database on a fresh cluster (extensions come with the migrations). */
export async function ensureDatabase(password: string, endpoint: Endpoint): Promise<void> {
  const client = new pg.Client({ connectionString: urlOf(password, endpoint, 'postgres') });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (found.rowCount === 0) await client.query(`create database ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
}
