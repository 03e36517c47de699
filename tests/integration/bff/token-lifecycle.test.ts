import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBff } from '../../../src/server/bff/bff';
import { createOidcClient } from '../../../src/server/bff/oidc-client';
import { createSessionManager, type LoadedSession } from '../../../src/server/bff/sessions';
import { company, companyOnUser, companyRole, talentProfile, user } from '../../../src/server/db/schema';
import { cookieValue, startBffHarness, type BffHarness } from '../../support/bff-harness';
import { TEST_ROLES_CLAIM } from '../../support/idp-server';
import { Browser } from '../idp/browser';
import { discoverClient, isCallback, submitForm } from '../idp/relying-party';

const FIND_ME = { query: '{ findMe { id } }' };

// The BFF in-process with the real built-in provider over HTTP and the real API verifying
// its tokens: only the clock is moved, by marking the session's access token as expired.
describe('BFF sign-in landing and token lifecycle (checklist E25, E27, E28)', () => {
  let h: BffHarness;
  let bff: BffHarness['bff'];
  let store: BffHarness['store'];
  let idp: BffHarness['idp'];
  let account: BffHarness['account'];
  let database: BffHarness['database'];
  let logs: string[];
  beforeAll(async () => {
    h = await startBffHarness();
    ({ bff, store, idp, account, database, logs } = h);
  });
  afterAll(() => h?.close());

  const signIn = async () => (await h.signIn()).session;

  async function expireAccessToken(session: LoadedSession) {
    const stored = await store.get(session.id);
    await store.set(session.id, { ...stored!, tokens: { ...stored!.tokens, expiresAt: Date.now() - 1000 } }, 3600);
    return (await bff.loadSession(session.id, { touch: true }))!;
  }

  const tokenCalls = () => idp.requests.filter((request) => request === 'POST /oidc/token').length;

  it('E27: twenty parallel calls with an expired access token make exactly one token request, and all succeed', async () => {
    const session = await expireAccessToken(await signIn());
    const before = tokenCalls();
    const oldToken = session.record.tokens.accessToken;
    const answers = await Promise.all(Array.from({ length: 20 }, () => bff.graphql(session, FIND_ME, '/talent/dashboard')));
    expect(tokenCalls() - before).toBe(1);
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(answers.every((answer) => (answer.body.data as { findMe?: { id: string } }).findMe?.id)).toBe(true);
    const stored = await store.get(session.id);
    expect(stored!.tokens.accessToken).not.toBe(oldToken);
    expect(stored!.tokens.expiresAt).toBeGreaterThan(Date.now() + 60_000);
  });

  it('two instances on one session store: parallel calls with an expired access token on both make one token request, and the session lives on', async () => {
    const instances = [bff, h.anotherInstance(), h.anotherInstance()];
    const session = await expireAccessToken(await signIn());
    const before = tokenCalls();
    // Each instance loads its own copy of the session, as requests arriving on each would.
    const answers = await Promise.all(
      instances.flatMap((instance) => Array.from({ length: 3 }, async () => instance.graphql((await instance.loadSession(session.id, { touch: false }))!, FIND_ME, '/talent/dashboard'))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(9).fill(200));
    expect(tokenCalls() - before).toBe(1);
    // The refresh token the session holds is the live one: the next refresh works.
    const again = await expireAccessToken((await bff.loadSession(session.id, { touch: false }))!);
    expect((await instances[1]!.graphql(again, FIND_ME, '/talent/dashboard')).status).toBe(200);
    expect(tokenCalls() - before).toBe(2);
  });

  it('a call waiting on another call\'s refresh gives up after the 5 s lock timeout with a 503; the refresh itself completes', async () => {
    const session = await expireAccessToken(await signIn());
    idp.delayTokenRequests(6_500);
    try {
      const started = Date.now();
      const refresher = bff.graphql(session, FIND_ME, '/talent/dashboard');
      const waiter = await bff.graphql(session, FIND_ME, '/talent/dashboard');
      const waited = Date.now() - started;
      expect(waiter.status).toBe(503);
      expect(waiter.body.errors?.[0]?.message).toMatch(/^Timeout/);
      expect(waited).toBeGreaterThanOrEqual(4_900);
      expect(waited).toBeLessThan(6_500);
      expect((await refresher).status).toBe(200);
    } finally {
      idp.delayTokenRequests(0);
    }
  }, 20_000);

  it('E28: a refresh answered invalid_grant ends the session; the API answer is a 401, not a loop', async () => {
    const session = await signIn();
    // The grant is revoked at the provider (as an admin or a password change would).
    const config = await discoverClient(idp);
    await oidc.tokenRevocation(config, session.record.tokens.refreshToken!, { token_type_hint: 'refresh_token' });
    const expired = await expireAccessToken(session);
    const before = tokenCalls();
    const answer = await bff.graphql(expired, FIND_ME, '/talent/dashboard');
    expect(answer.status).toBe(401);
    expect(answer.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(tokenCalls() - before).toBe(1);
    expect(await store.get(session.id)).toBeNull();
    // The next call has no session to refresh: no further token request.
    expect(await bff.loadSession(session.id, { touch: true })).toBeNull();
    expect(tokenCalls() - before).toBe(1);
  });

  it('a callback reaching an instance under another Host (behind a load balancer) completes the sign-in against the registered redirect URI', async () => {
    const start = await bff.startLogin('/talent/dashboard', false, 'en');
    const browser = new Browser();
    const page = await browser.follow(new URL(start.location), isCallback(idp));
    const callback = await submitForm(browser, idp, page, { email: account.email, password: account.password });
    // What Astro hands the callback page when a proxy passes the instance's own address.
    const asSeenByInstance = new URL(`${callback.url.pathname}${callback.url.search}`, 'http://10.0.0.7:4701');
    const done = await bff.completeLogin(asSeenByInstance, cookieValue(start.setCookies, 'tp-login'), undefined);
    expect(done.location).toBe('/talent/dashboard');
    expect(await bff.loadSession(cookieValue(done.setCookies, 'tp-session'), { touch: false })).not.toBeNull();
  });

  it("a sign-in without a destination lands on the user's redirect from findMe, same-origin paths only", async () => {
    await signIn(); // provisions the user row
    const setRedirect = (redirect: string | null) => database.db.update(user).set({ redirect }).where(eq(user.email, account.email));
    const landing = async (returnTo: string | null = null) => {
      const start = await bff.startLogin(returnTo, false, 'en');
      const browser = new Browser();
      const page = await browser.follow(new URL(start.location), isCallback(idp));
      const callback = await submitForm(browser, idp, page, { email: account.email, password: account.password });
      return (await bff.completeLogin(callback.url, cookieValue(start.setCookies, 'tp-login'), undefined)).location;
    };
    await setRedirect('/talent/profile#skills');
    expect(await landing()).toBe('/talent/profile#skills');
    // A page the user asked for (sent to sign in by a guard) wins.
    expect(await landing('/jobs?q=react')).toBe('/jobs?q=react');
    for (const unsafe of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
      await setRedirect(unsafe);
      expect(await landing(), unsafe).toBe('/');
    }
  });

  it('a sign-in without a destination lands at home: the talent dashboard, a verified company, the area worked in last when there are several', async () => {
    await signIn(); // provisions the user row
    const db = database.db;
    await db.update(user).set({ redirect: null }).where(eq(user.email, account.email));
    const [me] = await db.select({ id: user.id }).from(user).where(eq(user.email, account.email));
    const landing = async (rememberedArea: string | null = null) => {
      const start = await bff.startLogin(null, false, 'en');
      const browser = new Browser();
      const page = await browser.follow(new URL(start.location), isCallback(idp));
      const callback = await submitForm(browser, idp, page, { email: account.email, password: account.password });
      return (await bff.completeLogin(callback.url, cookieValue(start.setCookies, 'tp-login'), undefined, rememberedArea)).location;
    };
    await db.insert(talentProfile).values({ userId: me!.id, profileName: 'Homebody' });
    expect(await landing()).toBe('/talent/dashboard');
    const [northwind] = await db.insert(company).values({ name: 'Home Company', verificationStatus: 'verified' }).returning({ id: company.id });
    const [role] = await db.insert(companyRole).values({ companyId: northwind!.id, role: 'Owner', permissions: {}, isDefault: true }).returning({ id: companyRole.id });
    await db.insert(companyOnUser).values({ companyId: northwind!.id, userId: me!.id, roleId: role!.id });
    expect(await landing()).toBe('/company/dashboard');
    expect(await landing('talent')).toBe('/talent/dashboard');
    expect(await landing('admin')).toBe('/company/dashboard');
  });

  it('E25: sign-out revokes the refresh token at the provider and removes the session', async () => {
    const session = await signIn();
    const refreshToken = session.record.tokens.refreshToken!;
    const redirect = await bff.logout(session, 'en');
    expect(new URL(redirect.location).searchParams.get('id_token_hint')).toBe(session.record.tokens.idToken);
    expect(await store.get(session.id)).toBeNull();
    const config = await discoverClient(idp);
    await expect(oidc.refreshTokenGrant(config, refreshToken)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('E25: sign-out still succeeds when the provider cannot revoke (it is logged)', async () => {
    const session = await signIn();
    const unreachable = createBff({
      sessions: createSessionManager(store, { idleSeconds: 3600, absoluteSeconds: 86_400, cookieName: 'tp-session', secure: false }),
      // Port 9 (discard) on loopback: nothing answers, as with a provider that is down.
      oidc: createOidcClient({
        auth: { builtIn: false, issuer: 'http://127.0.0.1:9/oidc', clientId: 'x', clientSecret: 'y', audience: 'z', rolesClaim: TEST_ROLES_CLAIM, adminRole: 'a', impersonateRole: 'i', extraScopes: [], refreshTokens: true, organization: null, maxAgeSeconds: null, signUpsPerHour: 20 },
        clientSecret: 'y',
        redirectUri: 'http://127.0.0.1:9/cb',
        postLogoutRedirectUri: 'http://127.0.0.1:9/',
      }),
      callApi: async () => ({ status: 500, body: {} }),
      transactionKey: new Uint8Array(32).fill(7),
      transactionCookieName: 'tp-login',
      secureCookies: false,
      log: (message) => logs.push(message),
    });
    const redirect = await unreachable.logout(session, 'fr');
    expect(redirect.location).toBe('/fr');
    expect(await store.get(session.id)).toBeNull();
    expect(logs.some((line) => line.startsWith('sign-out: refresh token not revoked'))).toBe(true);
  }, 60_000);
});
