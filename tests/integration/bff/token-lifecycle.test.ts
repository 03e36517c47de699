import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../../src/server/api/yoga';
import { createApiCaller } from '../../../src/server/bff/api-caller';
import { createBff } from '../../../src/server/bff/bff';
import { createFileSessionStore } from '../../../src/server/bff/file-session-store';
import { createOidcClient } from '../../../src/server/bff/oidc-client';
import { createSessionManager, type LoadedSession } from '../../../src/server/bff/sessions';
import type { SessionStore } from '../../../src/server/bff/session-record';
import type { Database } from '../../../src/server/db/client';
import { user } from '../../../src/server/db/schema';
import { seedIdentityAccount, startIdpServer, TEST_ROLES_CLAIM, type IdpTestServer, type SeededAccount } from '../../support/idp-server';
import { openTestDatabase } from '../../support/test-database';
import { Browser } from '../idp/browser';
import { discoverClient, isCallback, submitForm } from '../idp/relying-party';

const FIND_ME = { query: '{ findMe { id } }' };

// Sign-in landing and token life over HTTP and the real API verifying
// its tokens: only the clock is moved, by marking the session's access token as expired.
describe('BFF sign-in landing and token lifecycle (checklist E25, E27, E28)', () => {
  let database: Database;
  let idp: IdpTestServer;
  let store: SessionStore;
  let sessionDir: string;
  let account: SeededAccount;
  let bff: ReturnType<typeof createBff>;
  const logs: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    idp = await startIdpServer(database.db);
    account = await seedIdentityAccount(database.db, { roles: [] });
    sessionDir = await mkdtemp(path.join(tmpdir(), 'tp-sessions-'));
    store = await createFileSessionStore(sessionDir);
    const auth = {
      builtIn: false,
      issuer: idp.issuer,
      clientId: idp.client.clientId,
      clientSecret: idp.client.clientSecret,
      audience: idp.audience,
      rolesClaim: TEST_ROLES_CLAIM,
      adminRole: 'super:admin',
      impersonateRole: 'super:impersonate',
      extraScopes: [],
      refreshTokens: true,
      organization: null,
      maxAgeSeconds: null,
    };
    const api = createApi({
      db: database.db,
      path: '/graphql',
      production: false,
      auth: { issuer: idp.issuer, audience: idp.audience, rolesClaim: TEST_ROLES_CLAIM, adminRole: 'super:admin', impersonateRole: 'super:impersonate' },
    });
    bff = createBff({
      sessions: createSessionManager(store, { idleSeconds: 3600, absoluteSeconds: 86_400, cookieName: 'tp-session', secure: false }),
      oidc: createOidcClient({ auth, clientSecret: idp.client.clientSecret, redirectUri: idp.client.redirectUri, postLogoutRedirectUri: idp.client.postLogoutRedirectUri }),
      callApi: createApiCaller({ api, url: null, path: '/graphql' }),
      transactionKey: new Uint8Array(32).fill(7),
      transactionCookieName: 'tp-login',
      secureCookies: false,
      log: (message) => logs.push(message),
    });
  });
  afterAll(async () => {
    await store?.close();
    await idp?.close();
    await database?.close();
    if (sessionDir) await rm(sessionDir, { recursive: true, force: true });
  });

  const cookieValue = (setCookies: string[], name: string) => {
    const cookie = setCookies.find((candidate) => candidate.startsWith(`${name}=`));
    return cookie ? decodeURIComponent(cookie.slice(name.length + 1).split(';')[0]!) : undefined;
  };

  /** Signs in through the BFF and the provider's own form; the loaded session. */
  async function signIn(): Promise<LoadedSession> {
    const start = await bff.startLogin('/talent/dashboard', false);
    const browser = new Browser();
    const page = await browser.follow(new URL(start.location), isCallback(idp));
    const callback = await submitForm(browser, idp, page, { email: account.email, password: account.password });
    expect(isCallback(idp)(callback.url)).toBe(true);
    const done = await bff.completeLogin(callback.url, cookieValue(start.setCookies, 'tp-login'), undefined);
    expect(done.location).toBe('/talent/dashboard');
    const session = await bff.loadSession(cookieValue(done.setCookies, 'tp-session'), { touch: true });
    expect(session?.record.tokens.refreshToken).toBeTruthy();
    return session!;
  }

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

  it("a sign-in without a destination lands on the user's redirect from findMe, same-origin paths only", async () => {
    await signIn(); // provisions the user row
    const setRedirect = (redirect: string | null) => database.db.update(user).set({ redirect }).where(eq(user.email, account.email));
    const landing = async (returnTo: string | null = null) => {
      const start = await bff.startLogin(returnTo, false);
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

  it('E25: sign-out revokes the refresh token at the provider and removes the session', async () => {
    const session = await signIn();
    const refreshToken = session.record.tokens.refreshToken!;
    const redirect = await bff.logout(session);
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
        auth: { builtIn: false, issuer: 'http://127.0.0.1:9/oidc', clientId: 'x', clientSecret: 'y', audience: 'z', rolesClaim: TEST_ROLES_CLAIM, adminRole: 'a', impersonateRole: 'i', extraScopes: [], refreshTokens: true, organization: null, maxAgeSeconds: null },
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
    const redirect = await unreachable.logout(session);
    expect(redirect.location).toBe('/');
    expect(await store.get(session.id)).toBeNull();
    expect(logs.some((line) => line.startsWith('sign-out: refresh token not revoked'))).toBe(true);
  }, 60_000);
});
