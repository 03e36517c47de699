import { and, eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createAccessTokenVerifier } from '../../../src/server/api/auth/access-token';
import type { Database } from '../../../src/server/db/client';
import { identityProviderState } from '../../../src/server/db/schema';
import { startIdpServer, seedIdentityAccount, type IdpTestServer, type SeededAccount } from '../../support/idp-server';
import { describeEachDatabase, openTestDatabase } from '../../support/test-database';
import { Browser, parsePage } from './browser';
import { buildAuthorization, discoverClient, isCallback, passSignIn, redeem, signIn, submitForm } from './relying-party';

describeEachDatabase('built-in identity provider: sign-in, tokens, refresh and sign-out', (kind) => {
  let database: Database;
  let server: IdpTestServer;
  let config: oidc.Configuration;
  let account: SeededAccount;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startIdpServer(database.db);
    config = await discoverClient(server);
  });
  // An admin with a second factor, new for each test: the provider accepts each time step of an
  // account once, so one account shared by every test would wait for a fresh step at each sign-in.
  beforeEach(async () => {
    account = await seedIdentityAccount(database.db, { name: 'Ada Lovelace', roles: ['super:admin', 'talent'] });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const verifierFor = () =>
    createAccessTokenVerifier({ issuer: server.issuer, audience: server.audience, jwksUri: `${server.issuer}/jwks`, rolesClaim: server.rolesClaim });

  it('publishes a discovery document with the mounted endpoints, S256 only and the sign-up prompt', async () => {
    const response = await fetch(`${server.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as Record<string, unknown>;
    expect(document).toMatchObject({
      issuer: server.issuer,
      authorization_endpoint: `${server.issuer}/auth`,
      token_endpoint: `${server.issuer}/token`,
      jwks_uri: `${server.issuer}/jwks`,
      end_session_endpoint: `${server.issuer}/session/end`,
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['RS256'],
      response_types_supported: ['code'],
    });
    expect(document.prompt_values_supported).toEqual(expect.arrayContaining(['none', 'login', 'consent', 'create']));
    expect(document.claims_supported).toContain(server.rolesClaim);
  });

  it('signs in with PKCE: an RS256 ID token with the roles, a JWT access token the API accepts, a refresh token', async () => {
    const { tokens } = await signIn(config, server, account);

    const jwks = (await (await fetch(`${server.issuer}/jwks`)).json()) as { keys: Array<{ kid: string; d?: string }> };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]?.d).toBeUndefined();
    expect(decodeProtectedHeader(tokens.id_token!)).toMatchObject({ alg: 'RS256', kid: jwks.keys[0]?.kid });
    expect(tokens.claims()).toMatchObject({
      iss: server.issuer,
      aud: server.client.clientId,
      sub: account.id,
      email: account.email,
      email_verified: true,
      name: account.name,
      [server.rolesClaim]: ['super:admin', 'talent'],
    });

    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    expect(decodeJwt(tokens.access_token)).toMatchObject({ aud: server.audience, client_id: server.client.clientId });
    const verified = await verifierFor()(tokens.access_token);
    expect(verified).toMatchObject({ subject: account.id, email: account.email, name: account.name, roles: ['super:admin', 'talent'] });
    const lifetime = (decodeJwt(tokens.access_token).exp ?? 0) - (decodeJwt(tokens.access_token).iat ?? 0);
    expect(lifetime).toBe(600);
    // When the credentials were typed, as the ID token says it: the API asks for a recent one to delete an account.
    expect(decodeJwt(tokens.access_token).auth_time).toBe(tokens.claims()!.auth_time);
    expect(Math.abs(Date.now() / 1000 - Number(decodeJwt(tokens.access_token).auth_time))).toBeLessThan(120);

    expect(tokens.refresh_token).toBeTruthy();
  });

  it('refreshes: new tokens, a rotated refresh token, and the used one refused', async () => {
    const { tokens } = await signIn(config, server, account);
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).toBeTruthy();
    // A refresh keeps the sign-in's time: it is no fresh sign-in.
    expect(decodeJwt(refreshed.access_token).auth_time).toBe(decodeJwt(tokens.access_token).auth_time);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    await expect(verifierFor()(refreshed.access_token)).resolves.toMatchObject({ subject: account.id, roles: ['super:admin', 'talent'] });
    expect(refreshed.claims()).toMatchObject({ sub: account.id, [server.rolesClaim]: ['super:admin', 'talent'] });

    const again = await oidc.refreshTokenGrant(config, refreshed.refresh_token!);
    expect(again.refresh_token).not.toBe(refreshed.refresh_token);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('issues no refresh token without offline_access', async () => {
    const { tokens } = await signIn(config, server, account, { parameters: { scope: 'openid profile email' } });
    expect(tokens.refresh_token).toBeUndefined();
    await expect(verifierFor()(tokens.access_token)).resolves.toMatchObject({ subject: account.id });
  });

  it('keeps provider state in identity_provider_state: a session row after sign-in', async () => {
    await signIn(config, server, account);
    const sessions = await database.db
      .select({ payload: identityProviderState.payload, expiresAt: identityProviderState.expiresAt })
      .from(identityProviderState)
      .where(eq(identityProviderState.model, 'Session'));
    const mine = sessions.filter((session) => session.payload.accountId === account.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine[0]!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 13 * 24 * 3600_000);
    const grants = await database.db.select().from(identityProviderState).where(eq(identityProviderState.model, 'Grant'));
    expect(grants.some((grant) => grant.payload.accountId === account.id)).toBe(true);
  });

  it('signs in again without the form while the provider session lasts (no consent screen)', async () => {
    const { browser } = await signIn(config, server, account);
    const request = await buildAuthorization(config, server);
    const callback = await browser.follow(request.url, isCallback(server));
    expect(isCallback(server)(callback.url)).toBe(true);
    const tokens = await redeem(config, request, callback.url);
    expect(tokens.claims()?.sub).toBe(account.id);
    expect(tokens.refresh_token).toBeTruthy();
  });

  it('signs out with id_token_hint and the registered post_logout_redirect_uri, ending the provider session', async () => {
    const { browser, tokens } = await signIn(config, server, account);
    const sessionCookie = browser.jar.names().find((name) => name === 'tp_idp_session');
    expect(sessionCookie).toBe('tp_idp_session');
    const endSession = oidc.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: server.client.postLogoutRedirectUri,
      state: 'bye',
    });
    const leftForClient = (url: URL) => url.origin === server.origin && !url.pathname.startsWith('/oidc');
    const confirm = await browser.follow(endSession, leftForClient);
    expect(confirm.status).toBe(200);
    const page = parsePage(confirm.html);
    expect(page.title).toBe('Sign out | Talentplace');
    expect(page.buttons).toEqual(['Sign out']);
    const form = page.forms.find((candidate) => candidate.id === 'op.logoutForm');
    expect(form?.hidden.xsrf).toBeTruthy();

    const done = await browser.follow(new URL(form!.action!, confirm.url), leftForClient, {
      form: { ...form!.hidden, logout: 'yes' },
      headers: { origin: server.origin },
    });
    expect(done.url.href).toBe(`${server.client.postLogoutRedirectUri}?state=bye`);
    expect(browser.jar.names()).not.toContain('tp_idp_session');

    // The provider session is gone: the next authorization asks for the password again.
    const request = await buildAuthorization(config, server);
    const next = await browser.follow(request.url, isCallback(server));
    expect(next.status).toBe(200);
    expect(parsePage(next.html).title).toBe('Sign in | Talentplace');
  });

  it('refuses a post_logout_redirect_uri that is not registered', async () => {
    const { browser, tokens } = await signIn(config, server, account);
    const endSession = oidc.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: 'https://evil.example/',
    });
    const response = await browser.request(endSession);
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(parsePage(response.html).title).toBe('Something went wrong | Talentplace');
  });

  it('lets a finished interaction be used only once', async () => {
    const browser = new Browser();
    const request = await buildAuthorization(config, server);
    const page = await browser.follow(request.url, isCallback(server));
    // The password and the admin's second factor: the interaction ends with the code.
    const callback = await passSignIn(browser, server, page, account);
    expect(isCallback(server)(callback.url)).toBe(true);
    const replay = await submitForm(browser, server, page, { email: account.email, password: account.password });
    expect(replay.status).toBe(400);
    expect(parsePage(replay.html).title).toBe('This page has expired | Talentplace');
    const rows = await database.db
      .select()
      .from(identityProviderState)
      .where(and(eq(identityProviderState.model, 'Interaction'), eq(identityProviderState.id, page.url.pathname.split('/').pop()!)));
    expect(rows).toHaveLength(0);
  });
});
