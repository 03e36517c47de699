import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { identityProviderState } from '../../../src/server/db/schema';
import { DrizzleAdapter } from '../../../src/server/idp/drizzle-adapter';
import { IdentityProviderError } from '../../../src/server/idp/identity-provider-error';
import { startIdpServer, type IdpTestServer } from '../../support/idp-server';
import { describeEachDatabase, openTestDatabase } from '../../support/test-database';

interface Jwks {
  keys: Array<{ kid: string; kty: string; alg: string; use: string; d?: string; p?: string }>;
}

const jwksOf = async (server: IdpTestServer) => (await (await fetch(`${server.issuer}/jwks`)).json()) as Jwks;

describeEachDatabase('built-in identity provider: signing key and stored state', (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('creates one RS256 key on first start, stores it, and a second instance publishes the same key', async () => {
    const first = await startIdpServer(database.db);
    const second = await startIdpServer(database.db);
    try {
      const [firstKeys, secondKeys] = await Promise.all([jwksOf(first), jwksOf(second)]);
      expect(firstKeys.keys).toHaveLength(1);
      expect(firstKeys.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(firstKeys.keys[0]?.d).toBeUndefined();
      expect(firstKeys.keys[0]?.p).toBeUndefined();
      expect(secondKeys.keys.map((key) => key.kid)).toEqual(firstKeys.keys.map((key) => key.kid));

      const [row] = await database.db
        .select()
        .from(identityProviderState)
        .where(and(eq(identityProviderState.model, 'SigningKey'), eq(identityProviderState.id, 'current')));
      expect(row?.payload).toMatchObject({ kty: 'RSA', kid: firstKeys.keys[0]?.kid });
      expect(typeof row?.payload.d).toBe('string');
      expect(row?.expiresAt).toBeNull();

    } finally {
      await first.close();
      await second.close();
    }
  });

  /** An authorization request at the provider reached at `origin`: it sets the interaction cookies. */
  const authorizeAt = (origin: string, server: Awaited<ReturnType<typeof startIdpServer>>) => {
    const authorize = new URL(`${origin}/oidc/auth`);
    authorize.search = new URLSearchParams({
      client_id: server.client.clientId,
      redirect_uri: server.client.redirectUri,
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'state-value',
      nonce: 'nonce-value',
    }).toString();
    return fetch(authorize, { redirect: 'manual' });
  };

  it('uses secure, __Secure- prefixed cookies limited to /oidc and https URLs for an https issuer behind a proxy', async () => {
    const server = await startIdpServer(database.db, { issuer: 'https://talentplace.test/oidc', secureCookies: true });
    // The proxy is not there: requests go to the provider's own port, as the proxy would send them.
    const direct = `http://127.0.0.1:${server.port}`;
    try {
      const discovery = (await (await fetch(`${direct}/oidc/.well-known/openid-configuration`, {
        headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
      })).json()) as Record<string, string>;
      expect(discovery).toMatchObject({
        issuer: 'https://talentplace.test/oidc',
        authorization_endpoint: 'https://talentplace.test/oidc/auth',
        jwks_uri: 'https://talentplace.test/oidc/jwks',
      });
      const response = await authorizeAt(direct, server);
      expect(response.status).toBe(303);
      const cookies = response.headers.getSetCookie();
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) {
        expect(cookie).toMatch(/^__Secure-tp_idp_(interaction|resume)(\.sig)?=/);
        expect(cookie.toLowerCase()).toContain('; secure');
        expect(cookie.toLowerCase()).toContain('; httponly');
        expect(cookie.toLowerCase()).toContain('; samesite=lax');
      }
    } finally {
      await server.close();
    }
  });

  it('keeps secure, __Secure- cookies on a plain-http loopback issuer (browsers keep them there) with http URLs; plain cookies on any other http issuer', async () => {
    const loopback = await startIdpServer(database.db, { secureCookies: true });
    try {
      const discovery = (await (await fetch(`${loopback.origin}/oidc/.well-known/openid-configuration`)).json()) as Record<string, string>;
      expect(discovery.authorization_endpoint).toBe(`${loopback.origin}/oidc/auth`);
      const response = await authorizeAt(loopback.origin, loopback);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toMatch(/^\/oidc\/interaction\//);
      const cookies = response.headers.getSetCookie();
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) {
        expect(cookie).toMatch(/^__Secure-tp_idp_(interaction|resume)(\.sig)?=/);
        expect(cookie.toLowerCase()).toContain('; secure');
      }
      expect(loopback.logs.join('\n')).not.toMatch(/secure cookies need/);
    } finally {
      await loopback.close();
    }
    const plainHttp = await startIdpServer(database.db, { issuer: 'http://talentplace.internal/oidc', secureCookies: true });
    try {
      const response = await authorizeAt(`http://127.0.0.1:${plainHttp.port}`, plainHttp);
      for (const cookie of response.headers.getSetCookie()) {
        expect(cookie).toMatch(/^tp_idp_(interaction|resume)(\.sig)?=/);
        expect(cookie.toLowerCase()).not.toContain('; secure');
      }
      expect(plainHttp.logs.join('\n')).toMatch(/secure cookies need an https \(or localhost\) issuer/);
    } finally {
      await plainHttp.close();
    }
  });

  it('refuses bad options (short cookie keys, no clients, no path, invalid client metadata) with an error that says what to do', async () => {
    await expect(startIdpServer(database.db, { cookieKeys: ['short'] })).rejects.toMatchObject({
      code: 'IDP_OPTIONS_INVALID',
      hint: expect.stringContaining('32 or more characters'),
    });
    await expect(startIdpServer(database.db, { clients: [] })).rejects.toBeInstanceOf(IdentityProviderError);
    await expect(startIdpServer(database.db, { issuer: 'http://127.0.0.1:1' })).rejects.toMatchObject({ code: 'IDP_OPTIONS_INVALID' });
    await expect(
      startIdpServer(database.db, {
        clients: [{ clientId: 'web', clientSecret: 'x'.repeat(32), redirectUris: ['not an address'], postLogoutRedirectUris: [] }],
      }),
    ).rejects.toMatchObject({ code: 'IDP_CLIENT_INVALID', message: expect.stringContaining('redirect_uris') });
  });
});

describeEachDatabase('oidc-provider adapter over identity_provider_state', (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('stores, finds, re-saves and destroys by model and id', async () => {
    const sessions = new DrizzleAdapter('Session', database.db);
    const grants = new DrizzleAdapter('Grant', database.db);
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a1' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'a1' });
    expect(await grants.find('s1')).toBeUndefined();
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'a1' });
    await sessions.upsert('s1', { uid: 'u2', accountId: 'a1' }, 60);
    expect(await sessions.findByUid('u1')).toBeUndefined();
    expect(await sessions.findByUid('u2')).toMatchObject({ uid: 'u2' });
    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
  });

  it('does not find expired rows and sweeps them', async () => {
    const codes = new DrizzleAdapter('AuthorizationCode', database.db);
    await codes.upsert('expired', { grantId: 'g' }, 60);
    await codes.upsert('forever', { grantId: 'g' });
    await database.db
      .update(identityProviderState)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(identityProviderState.model, 'AuthorizationCode'), eq(identityProviderState.id, 'expired')));
    expect(await codes.find('expired')).toBeUndefined();
    expect(await codes.find('forever')).toEqual({ grantId: 'g' });
    expect(await codes.deleteExpired()).toBeGreaterThanOrEqual(1);
    const left = await database.db.select().from(identityProviderState).where(eq(identityProviderState.model, 'AuthorizationCode'));
    expect(left.map((row) => row.id)).toEqual(['forever']);
    await codes.destroy('forever');
  });

  it('marks consumed rows and keeps the mark through a re-save', async () => {
    const codes = new DrizzleAdapter('AuthorizationCode', database.db);
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    await codes.consume('c1');
    const consumed = await codes.find('c1');
    expect(typeof consumed?.consumed).toBe('number');
    await codes.upsert('c1', { ...consumed!, grantId: 'g1' }, 60);
    expect((await codes.find('c1'))?.consumed).toBe(consumed?.consumed);
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    expect((await codes.find('c1'))?.consumed).toBeUndefined();
    await codes.destroy('c1');
  });

  it('finds by user code and revokes every token of a grant, of its own model only', async () => {
    const refreshTokens = new DrizzleAdapter('RefreshToken', database.db);
    const accessTokens = new DrizzleAdapter('AccessToken', database.db);
    const deviceCodes = new DrizzleAdapter('DeviceCode', database.db);
    await deviceCodes.upsert('d1', { userCode: 'ABCD-EFGH' }, 60);
    expect(await deviceCodes.findByUserCode('ABCD-EFGH')).toEqual({ userCode: 'ABCD-EFGH' });
    await refreshTokens.upsert('r1', { grantId: 'grant-1' }, 60);
    await refreshTokens.upsert('r2', { grantId: 'grant-1' }, 60);
    await refreshTokens.upsert('r3', { grantId: 'grant-2' }, 60);
    await accessTokens.upsert('a1', { grantId: 'grant-1' }, 60);
    await refreshTokens.revokeByGrantId('grant-1');
    expect(await refreshTokens.find('r1')).toBeUndefined();
    expect(await refreshTokens.find('r2')).toBeUndefined();
    expect(await refreshTokens.find('r3')).toBeDefined();
    expect(await accessTokens.find('a1')).toBeDefined();
  });
});
