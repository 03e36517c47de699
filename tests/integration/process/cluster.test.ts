import { existsSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedPostgresPid } from '../../../src/server/db/embedded-postgres-files';
import { hasBuild, startBuiltServer, type BuiltServer } from '../../support/built-server';

// `npm start` on its embedded default: a primary that owns the embedded
// PostgreSQL server and forks WEB_CONCURRENCY workers sharing one port.

/** A GET on a connection of its own: a kept-alive one may belong to the worker just killed. */
const statusOf = (url: string) =>
  new Promise<number>((resolve, reject) => {
    httpGet(url, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }).on('error', reject);
  });

const workerPids = (output: string) => [...output.matchAll(/worker (\d+): serving/g)].map((match) => Number(match[1]));

async function until(condition: () => boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!hasBuild)('the product as a primary and its workers on the embedded PostgreSQL server', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer({ WEB_CONCURRENCY: '2', SEED_DEMO: 'false' });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  it('says it runs two worker processes, each serving once it is ready, on an embedded PostgreSQL under DATA_DIR', async () => {
    expect(server.output()).toMatch(/running at http:\/\/127\.0\.0\.1:\d+ \(2 worker processes\)/);
    await until(() => workerPids(server.output()).length === 2, 'both workers');
    expect(existsSync(path.join(server.dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(await embeddedPostgresPid(server.dataDir)).toBeGreaterThan(0);
    const statuses = await Promise.all(Array.from({ length: 8 }, () => statusOf(`${server.url}/jobs`)));
    expect(statuses).toEqual(Array(8).fill(200));
  });

  it('replaces a worker that dies and keeps answering meanwhile', async () => {
    const [victim] = workerPids(server.output());
    process.kill(victim!, 'SIGKILL');
    await until(() => server.output().includes(`worker ${victim} ended (signal SIGKILL); starting another`), 'the replacement');
    // The other worker answers while the replacement starts; that one says when it serves.
    expect(await statusOf(`${server.url}/healthz`)).toBe(200);
    await until(() => workerPids(server.output()).length === 3, 'the new worker to serve');
    const statuses = await Promise.all(Array.from({ length: 6 }, () => statusOf(`${server.url}/jobs`)));
    expect(statuses).toEqual(Array(6).fill(200));
  });

  it('drains every worker on SIGTERM, stops the database server and exits 0', async () => {
    const code = await server.stop('SIGTERM');
    expect(code).toBe(0);
    expect(server.output()).toMatch(/SIGTERM: stopping 2 workers/);
    expect(await embeddedPostgresPid(server.dataDir)).toBeNull();
  });
});
