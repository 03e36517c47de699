import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBuild, startBuiltServer, type BuiltServer } from '../../support/built-server';
import { hostAndPort, startFaultProxy, throughProxy, type FaultProxy } from '../../support/fault-proxy';
import { csrfTokenOf, signUpThroughProduct } from '../../support/signed-in-browser';
import { createScratchDatabase, testDatabaseUrl } from '../../support/test-database';
import { expectTryAgainPage, readiness } from './fault-answers';

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const CREATE_COMPANY = 'mutation($data: CreateOneCompanyInput!) { createOneCompany(data: $data) { id } }';

// Checklist H42, PostgreSQL: the built product on its own database reached through a
// proxy that is stopped and started again, as a database restart looks to the app.
describe.skipIf(!hasBuild || !testDatabaseUrl)('PostgreSQL stopped and restarted while the product runs (checklist H42)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: FaultProxy;
  let server: BuiltServer;
  beforeAll(async () => {
    scratch = await createScratchDatabase('faults');
    proxy = await startFaultProxy(hostAndPort(testDatabaseUrl!, 5432));
    server = await startBuiltServer({ DATABASE_URL: throughProxy(scratch.url, proxy) });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await proxy?.close();
    await scratch?.drop();
  });

  it('says "try again" while it is down, recovers by itself, and loses no accepted write', async () => {
    const talent = await signUpThroughProduct(server.url);
    const csrf = csrfTokenOf(talent.landed.html);
    const cookie = () => talent.browser.jar.header(new URL(server.url));
    const createCompany = async (name: string) => {
      const response = await fetch(`${server.url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookie(), 'x-tp-csrf': csrf },
        body: JSON.stringify({ query: CREATE_COMPANY, variables: { data: { name } } }),
      });
      return { response, text: await response.text() };
    };
    const accepted: string[] = [];
    const refused: string[] = [];
    const write = async (name: string) => {
      const { response, text } = await createCompany(name);
      (response.status === 200 && !text.includes('"errors"') ? accepted : refused).push(name);
      return { response, text };
    };

    for (const name of ['Before One Ltd', 'Before Two Ltd']) await write(name);
    expect(accepted).toHaveLength(2);

    // Writes in flight when it stops: a lock taken behind the app's back holds their
    // inserts, so their connections are in use when they are cut. Each is answered "try
    // again" and the process lives on (such a cut once ended it: an error event on a
    // client in use had no listener).
    const locker = new pg.Client({ connectionString: scratch.url });
    locker.on('error', () => {}); // Cut by the clean-up's drop database when the test fails half-way.
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table company in exclusive mode');
    const inFlight = ['In Flight One Ltd', 'In Flight Two Ltd'].map((name) => write(name));
    await waitFor(async () => (await locker.query("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'")).rows[0].n === 2);
    await proxy.stop();
    for (const { response, text } of await Promise.all(inFlight)) expect([response.status, text]).toEqual([503, expect.stringContaining('"UNAVAILABLE"')]);
    await locker.query('rollback');
    await locker.end();
    expect(server.process.exitCode).toBeNull();

    // A write is refused, and says so: 503, Retry-After, the database named, no SQL or stack.
    const during = await write('During Ltd');
    expect(during.response.status).toBe(503);
    expect(Number(during.response.headers.get('retry-after'))).toBeGreaterThan(0);
    const error = (JSON.parse(during.text) as { errors: Array<{ message: string; extensions: { code: string } }> }).errors[0]!;
    expect(error.extensions.code).toBe('UNAVAILABLE');
    expect(error.message).toMatch(/database is unavailable.*Try again/);
    expect(during.text).not.toMatch(/ECONNREFUSED|select |insert into|\bat .*\.m?js:\d+/i);
    expect([...refused].sort()).toEqual(['During Ltd', 'In Flight One Ltd', 'In Flight Two Ltd']);

    // A signed-in page is the "try again" page (never a 500, never signed out); so is a guest's page that needs the database.
    await expectTryAgainPage(await talent.browser.request(`${server.url}/talent/dashboard`), /database is not answering/);
    const jobs = await fetch(`${server.url}/jobs`);
    expect([jobs.status, Number(jobs.headers.get('retry-after')) > 0]).toEqual([503, true]);
    expect(await jobs.text()).toContain('Search is unavailable right now');
    expect(await readiness(server.url)).toMatchObject({ status: 503, body: { status: 'unavailable', checks: { database: expect.stringMatching(/PostgreSQL unreachable/) } } });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    await proxy.start();

    // Recovered without a restart: the pool replaced the connections the stop cut.
    expect(await readiness(server.url)).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect((await talent.browser.request(`${server.url}/talent/dashboard`)).status).toBe(200);
    for (const name of ['After One Ltd', 'After Two Ltd']) await write(name);
    expect(accepted).toEqual(['Before One Ltd', 'Before Two Ltd', 'After One Ltd', 'After Two Ltd']);

    // Every write answered with success is stored; the refused one is not.
    const direct = new pg.Client({ connectionString: scratch.url });
    await direct.connect();
    try {
      const { rows } = await direct.query<{ name: string }>('select name from company order by created_at');
      expect(rows.map((row) => row.name)).toEqual(accepted);
    } finally {
      await direct.end();
    }
    expect(server.output()).not.toMatch(/\b(unhandled|uncaught)\b/i);
  }, 40_000);
});
