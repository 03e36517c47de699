import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBuild, startBuiltServer, type BuiltServer } from '../../support/built-server';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { startTypesenseStub, type TypesenseStub } from '../../support/typesense-stub';
import { readiness } from './fault-answers';

const jobLinks = (html: string) => html.match(/href="\/job-apply\/[0-9a-f-]{36}\//g)?.length ?? 0;

// Checklist H42, Typesense: the stub stands behind a proxy that is stopped and started
// again. Search falls back to PostgreSQL (the demo data), so /jobs keeps answering; the
// stub answers no hits, so which of the two answered shows in the results.
describe.skipIf(!hasBuild)('Typesense stopped and restarted while the product runs (checklist H42)', () => {
  let stub: TypesenseStub;
  let proxy: FaultProxy;
  let server: BuiltServer;
  beforeAll(async () => {
    stub = await startTypesenseStub();
    const { hostname, port } = new URL(stub.url);
    proxy = await startFaultProxy({ host: hostname, port: Number(port) });
    // Every search must reach a backend here: the guest page cache would answer a repeated
    // /jobs from memory (no write to the ads empties it when only Typesense comes and goes).
    server = await startBuiltServer({ TYPESENSE_HOST: `http://${proxy.host}:${proxy.port}`, TYPESENSE_API_KEY: 'admin', TYPESENSE_SEARCH_KEY: 'search-only', PAGE_CACHE_SECONDS: '0' });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await proxy?.close();
    await stub?.stop();
  });

  const searchStubCalls = () => stub.requests.filter((request) => request.path.endsWith('/documents/search')).length;

  it('search answers from PostgreSQL while it is down, /readyz names it without taking the instance out, and Typesense is used again once back', async () => {
    expect(await readiness(server.url)).toEqual({ status: 200, body: { status: 'ready', checks: expect.objectContaining({ search: 'ok' }) } });
    const up = await fetch(`${server.url}/jobs?q=developer`);
    expect(up.status).toBe(200);
    expect(searchStubCalls()).toBe(1);
    expect(jobLinks(await up.text())).toBe(0);

    await proxy.stop();

    const down = await fetch(`${server.url}/jobs?q=developer`);
    expect(down.status).toBe(200);
    expect(jobLinks(await down.text())).toBeGreaterThan(0);
    // Every instance shares Typesense: named as failing, but the instance stays in (200, degraded).
    const degraded = await readiness(server.url);
    expect(degraded).toMatchObject({ status: 200, body: { status: 'degraded', checks: { database: 'ok', search: expect.stringMatching(/Typesense at .* unreachable/) } } });

    await proxy.start();

    expect(await readiness(server.url)).toMatchObject({ status: 200, body: { status: 'ready', checks: { search: 'ok' } } });
    const back = await fetch(`${server.url}/jobs?q=developer`);
    expect(back.status).toBe(200);
    expect(searchStubCalls()).toBe(2);
    expect(jobLinks(await back.text())).toBe(0);
    expect(server.output()).toContain('search: Typesense failed, answering from PostgreSQL');
  }, 60_000);
});
