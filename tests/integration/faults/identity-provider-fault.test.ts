import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServiceUnavailable } from '../../../src/lib/http/service-unavailable';
import type { Database } from '../../../src/server/db/client';
import { startBffHarness, type BffHarness } from '../../support/bff-harness';
import { hasBuild, startBuiltServer, type BuiltServer } from '../../support/built-server';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { startIdpServer, type IdpTestServer } from '../../support/idp-server';
import { openTestDatabase } from '../../support/test-database';
import { readiness } from './fault-answers';

// Checklist H42, an external identity provider (AUTH_ISSUER): the provider is reached
// only through a proxy that is stopped and started again.

describe('an external identity provider stopped and restarted: the signed-in user (checklist H42)', () => {
  let proxy: FaultProxy;
  let h: BffHarness;
  beforeAll(async () => {
    proxy = await startFaultProxy();
    h = await startBffHarness({ idpBehind: proxy });
  });
  afterAll(async () => {
    await h?.close();
    await proxy?.close();
  });

  it('keeps working on its access token, gets "try again" (503, still signed in) when a refresh is due, and refreshes once it is back', async () => {
    const { session } = await h.signIn();
    const findMe = () => h.bff.graphql(session, { query: '{ findMe { id } }' }, '/talent/dashboard');
    expect((await findMe()).status).toBe(200);

    await proxy.stop();

    expect((await findMe()).status).toBe(200);
    // A refresh is due: the provider is needed and is down. The refresh reads the session
    // from the store under its lock (several instances), so the expiry is stored there.
    session.record.tokens.expiresAt = Date.now();
    await h.store.set(session.id, session.record, 3600);
    const due = await findMe();
    expect(due.status).toBe(503);
    expect(due.headers?.['retry-after']).toMatch(/^\d+$/);
    expect(due.body.errors?.[0]).toMatchObject({ message: expect.stringMatching(/sign-in service.*Try again/), extensions: { code: 'UNAVAILABLE', reason: 'signIn' } });
    // Pages get the "try again" page for it (the middleware answers this error), not a sign-out.
    const pageLoad = await h.bff.currentUser(session, '/talent/dashboard').catch((error: unknown) => error);
    expect(isServiceUnavailable(pageLoad) && pageLoad.dependency).toBe('signIn');
    expect(await h.store.get(session.id)).not.toBeNull();
    // Starting a sign-in checks the provider first, so the sign-in page can say so.
    await expect(h.bff.startLogin('/', false, 'en')).rejects.toMatchObject({ code: 'request_error' });

    await proxy.start();

    expect((await findMe()).status).toBe(200);
    expect((await h.store.get(session.id))!.tokens.expiresAt).toBeGreaterThan(Date.now() + 60_000);
    expect((await h.bff.startLogin('/', false, 'en')).location).toContain(`${proxy.port}/oidc/auth`);
  }, 30_000);
});

describe.skipIf(!hasBuild)('an external identity provider stopped and restarted: sign-in and /readyz of the built product (checklist H42)', () => {
  let database: Database;
  let proxy: FaultProxy;
  let idp: IdpTestServer;
  let server: BuiltServer;
  let issuer: string;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    proxy = await startFaultProxy();
    issuer = `http://${proxy.host}:${proxy.port}/oidc`;
    idp = await startIdpServer(database.db, { issuer });
    proxy.target = { host: '127.0.0.1', port: idp.port };
    server = await startBuiltServer({ SEED_DEMO: 'false', AUTH_ISSUER: issuer, AUTH_CLIENT_ID: idp.client.clientId, AUTH_CLIENT_SECRET: idp.client.clientSecret });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await proxy?.close();
    await idp?.close();
    await database?.close();
  });

  const signIn = () => fetch(`${server.url}/sign-in`, { redirect: 'manual' });

  it('sign-in shows a "try again" page while it is down, /readyz names it without taking the instance out, and both recover', async () => {
    expect(await readiness(server.url)).toMatchObject({ status: 200, body: { status: 'ready', checks: { 'identity provider': 'ok' } } });
    expect((await signIn()).headers.get('location')).toMatch(new RegExp(`^${issuer}/auth\\?`));

    await proxy.stop();

    const refused = await signIn();
    expect(refused.status).toBe(303);
    const page = await fetch(new URL(refused.headers.get('location')!, server.url));
    expect(page.status).toBe(503);
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
    const html = await page.text();
    expect(html).toContain('Unable to fetch the sign-in service');
    expect(html).toContain('You can try again now');
    expect(html).not.toMatch(/ECONNREFUSED|\bat .*\.m?js:\d+/);
    expect(await readiness(server.url)).toMatchObject({ status: 200, body: { status: 'degraded', checks: { database: 'ok', 'identity provider': expect.stringMatching(/sign-in service/) } } });
    // Guests browse on.
    expect((await fetch(`${server.url}/jobs`)).status).toBe(200);

    await proxy.start();

    expect(await readiness(server.url)).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect((await signIn()).headers.get('location')).toMatch(new RegExp(`^${issuer}/auth\\?`));
  }, 40_000);
});
