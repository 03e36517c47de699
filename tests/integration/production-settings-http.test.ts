import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBuild, startBuiltServer, type BuiltServer } from '../support/built-server';
import { csrfTokenOf, signInThroughProduct } from '../support/signed-in-browser';

// Production settings by default (security probe, trust between people): `npm start` served
// development settings unless NODE_ENV=production was set, which the README's command does
// not set: GraphQL introspection and "Did you mean" suggestions for guests, no HSTS, cookies
// without Secure and without the __Host- prefix. Each server here is started as `npm start`
// starts it, without NODE_ENV; only TALENTPLACE_MODE=development gives development settings.

const NO_NODE_ENV = { NODE_ENV: undefined };

const INTROSPECTION = JSON.stringify({ query: '{ __schema { queryType { name } } }' });
const MISSPELT_FIELD = JSON.stringify({ query: '{ jobAdSugestions(q: "dev") { id } }' });

const asGuest = (origin: string, body: string) => fetch(`${origin}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

/** A Set-Cookie header's name and attributes, lower-cased. */
function cookieOf(header: string) {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  return { name: pair.slice(0, pair.indexOf('=')), attributes: attributes.map((attribute) => attribute.toLowerCase()) };
}

describe.skipIf(!hasBuild)('production settings by default (probe: trust between people)', () => {
  let server: BuiltServer;
  let https: BuiltServer;
  let development: BuiltServer;
  beforeAll(async () => {
    // One after another: each product probes for free ports (its HTTP port, its embedded
    // PostgreSQL's) and binds them a moment later, so three starting at once could take each
    // other's (seen once: bind EADDRINUSE).
    server = await startBuiltServer(NO_NODE_ENV);
    https = await startBuiltServer({ ...NO_NODE_ENV, PUBLIC_ORIGIN: 'https://talentplace.example', SEED_DEMO: 'false' });
    development = await startBuiltServer({ ...NO_NODE_ENV, TALENTPLACE_MODE: 'development', SEED_DEMO: 'false' });
  }, 180_000);
  afterAll(() => Promise.all([server?.stop('SIGKILL'), https?.stop('SIGKILL'), development?.stop('SIGKILL')]));

  it('says which settings serve when it starts', () => {
    expect(server.output()).toMatch(/settings: production \(no GraphQL introspection or suggestions, Secure __Host- cookies\)/);
    expect(https.output()).toMatch(/settings: production \(.*, HSTS\)/);
    expect(development.output()).toMatch(/settings: development \(TALENTPLACE_MODE=development\)/);
  });

  it('refuses GraphQL introspection and gives no "Did you mean" suggestions to guests', async () => {
    const introspection = (await (await asGuest(server.url, INTROSPECTION)).json()) as { data?: unknown; errors?: Array<{ message: string }> };
    expect(introspection.data ?? null).toBeNull();
    expect(introspection.errors?.[0]?.message).toMatch(/introspection/i);
    const misspelt = await (await asGuest(server.url, MISSPELT_FIELD)).text();
    expect(misspelt).toMatch(/jobAdSugestions/);
    expect(misspelt).not.toMatch(/Did you mean/);
  });

  it('sets every cookie Secure and prefixed, __Host- at Path=/, through sign-in, a notice and sign-out (http://127.0.0.1 keeps them)', async () => {
    const other = await signInThroughProduct(server.url, 'recruiter@demo.test', '/company/dashboard');
    const northwindId = /data-company-id="([^"]+)"/.exec(other.landed.html)?.[1];
    const { browser } = await signInThroughProduct(server.url, 'owner@demo.test', '/company/dashboard');
    // company_id in the address selects the company and leaves a notice for the next page.
    const noticed = await browser.follow(`${server.url}/company/dashboard?company_id=${northwindId}`, () => false);
    expect(noticed.status).toBe(200);
    await browser.follow(`${server.url}/auth/logout`, () => false, { form: { csrf: csrfTokenOf(noticed.html) }, headers: { origin: server.url } });

    const cookies = browser.jar.received.map(cookieOf);
    const names = new Set(cookies.map((cookie) => cookie.name));
    for (const name of ['__Host-tp-login', '__Host-tp-session', '__Host-tp-notice', '__Secure-tp_idp_interaction', '__Secure-tp_idp_session']) expect(names, name).toContain(name);
    for (const cookie of cookies) {
      expect(cookie.attributes, cookie.name).toContain('secure');
      expect(cookie.attributes.some((attribute) => attribute.startsWith('domain=')), cookie.name).toBe(false);
      if (cookie.name.startsWith('__Host-')) expect(cookie.attributes, cookie.name).toContain('path=/');
      else expect(cookie.name, 'a cookie that is neither __Host- nor __Secure-').toMatch(/^__Secure-/);
    }
    // Each notice set was deleted by the page that showed it, Secure too (else browsers ignore it).
    expect(cookies.filter((cookie) => cookie.name === '__Host-tp-notice').length).toBeGreaterThanOrEqual(2);
  });

  it('sends no HSTS over an http origin, and HSTS with Secure cookies when PUBLIC_ORIGIN is https', async () => {
    expect((await fetch(server.url)).headers.get('strict-transport-security')).toBeNull();
    for (const path of ['/', '/healthz', '/jobs', '/graphql']) {
      expect((await fetch(`${https.url}${path}`)).headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
    }
    // (The https origin is not reachable here, so nobody signs in: a session cookie the
    // store does not know is cleared, under its production name and Secure.)
    const ended = await fetch(`${https.url}/jobs`, { headers: { cookie: '__Host-tp-session=unknown' } });
    expect(ended.headers.getSetCookie().map(cookieOf)).toEqual([{ name: '__Host-tp-session', attributes: expect.arrayContaining(['secure', 'path=/', 'max-age=0']) }]);
  });

  it('gives development settings only when TALENTPLACE_MODE=development chooses them', async () => {
    const introspection = (await (await asGuest(development.url, INTROSPECTION)).json()) as { data?: { __schema: { queryType: { name: string } } } };
    expect(introspection.data?.__schema.queryType.name).toBe('Query');
    expect(await (await asGuest(development.url, MISSPELT_FIELD)).text()).toMatch(/Did you mean/);
    const signIn = await fetch(`${development.url}/sign-in`, { redirect: 'manual' });
    expect(signIn.headers.get('strict-transport-security')).toBeNull();
    const transaction = signIn.headers.getSetCookie().map(cookieOf).find((cookie) => cookie.name.includes('tp-login'));
    expect(transaction?.name).toBe('tp-login');
    expect(transaction?.attributes).not.toContain('secure');
  });
});
