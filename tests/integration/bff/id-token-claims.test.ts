import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthConfig } from '../../../src/server/config';
import { createOidcClient } from '../../../src/server/bff/oidc-client';
import type { LoginTransaction } from '../../../src/server/bff/login-transaction';

// The ID token checks of the sign-in (the relying party's validation rules): a provider on
// loopback answers the code exchange with an ID token in which exactly one claim (or the
// signature) is forged, and the sign-in must refuse it. The first test signs in with an
// honest token, so every refusal below is the forged claim's doing, not the harness's.

const CLIENT_ID = 'talentplace-web';
const ROLES_CLAIM = 'https://talentplace.app/roles';

interface Forgery {
  claims?: (honest: JWTPayload) => JWTPayload;
  /** Sign with another key (same kid), as an attacker without the provider's key would. */
  otherKey?: boolean;
  /** Sign with HMAC (HS256) under a secret the attacker chose, the algorithm-confusion attack. */
  hmac?: boolean;
}

let server: Server;
let issuer = '';
let providerKey: CryptoKey;
let attackerKey: CryptoKey;
/** What the token endpoint answers next: set by each test before it completes a sign-in. */
let nextForgery: Forgery = {};
/** The nonce of the sign-in in progress, which an honest ID token repeats. */
let expectedNonce = '';

beforeAll(async () => {
  const provider = await generateKeyPair('RS256');
  providerKey = provider.privateKey;
  attackerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(provider.publicKey)), kid: 'provider-key', alg: 'RS256', use: 'sig' };
  server = createServer(async (request, response) => {
    const json = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.url === '/.well-known/openid-configuration') {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (request.url === '/jwks') return json({ keys: [jwk] });
    if (request.url === '/token') {
      for await (const _ of request);
      const honest: JWTPayload = { iss: issuer, aud: CLIENT_ID, sub: 'user-1', nonce: expectedNonce, email: 'ana@example.test', [ROLES_CLAIM]: [] };
      const claims = nextForgery.claims ? nextForgery.claims(honest) : honest;
      const now = Math.floor(Date.now() / 1000);
      const token = await new SignJWT({ iat: now, exp: now + 300, ...claims })
        .setProtectedHeader({ alg: nextForgery.hmac ? 'HS256' : 'RS256', kid: 'provider-key' })
        .sign(nextForgery.hmac ? new TextEncoder().encode('a-secret-the-attacker-chose-32-bytes') : nextForgery.otherKey ? attackerKey : providerKey);
      return json({ access_token: 'opaque-access-token', token_type: 'Bearer', expires_in: 300, id_token: token });
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function oidcClient(overrides: Partial<AuthConfig> = {}) {
  const auth: AuthConfig = {
    builtIn: true, // skips the reachability probe; discovery and checks are the same
    issuer,
    clientId: CLIENT_ID,
    clientSecret: 'secret',
    audience: 'https://api.example.test',
    rolesClaim: ROLES_CLAIM,
    adminRole: 'super:admin',
    impersonateRole: 'super:impersonate',
    extraScopes: [],
    refreshTokens: false,
    organization: null,
    maxAgeSeconds: null,
    signUpsPerHour: 20,
    ...overrides,
  };
  return createOidcClient({ auth, clientSecret: 'secret', redirectUri: 'http://127.0.0.1:9/auth/callback', postLogoutRedirectUri: 'http://127.0.0.1:9/' });
}

/** Starts a sign-in, then brings back the provider's code with `forgery` in its ID token. */
async function signInWith(forgery: Forgery, client = oidcClient()) {
  const { transaction } = await client.startLogin('/', false, 'en');
  expectedNonce = transaction.nonce;
  nextForgery = forgery;
  const callback = new URL(`http://127.0.0.1:9/auth/callback?code=the-code&state=${transaction.state}`);
  return client.completeLogin(callback, transaction satisfies LoginTransaction);
}

const now = () => Math.floor(Date.now() / 1000);

describe('ID token checks at sign-in: each forged claim is refused', () => {
  it('an honest ID token signs in and is read', async () => {
    const tokens = await signInWith({});
    expect(tokens.claims).toMatchObject({ sub: 'user-1', email: 'ana@example.test', roles: [] });
  });

  const forgeries: Array<[string, Forgery]> = [
    ['another issuer (iss)', { claims: (honest) => ({ ...honest, iss: 'https://evil.example' }) }],
    ['another audience (aud)', { claims: (honest) => ({ ...honest, aud: 'another-client' }) }],
    ['several audiences whose authorized party is another client (azp)', { claims: (honest) => ({ ...honest, aud: [CLIENT_ID, 'another-client'], azp: 'another-client' }) }],
    ['an expiry past the 60 s leeway (exp)', { claims: (honest) => ({ ...honest, exp: now() - 120 }) }],
    ['an issue time in the future beyond the leeway (iat)', { claims: (honest) => ({ ...honest, iat: now() + 600, exp: now() + 900 }) }],
    ['a not-before in the future beyond the leeway (nbf)', { claims: (honest) => ({ ...honest, nbf: now() + 600 }) }],
    ['another sign-in attempt\'s nonce (nonce)', { claims: (honest) => ({ ...honest, nonce: 'replayed-nonce' }) }],
    ['no nonce at all', { claims: ({ nonce: _nonce, ...honest }) => honest }],
    ['no subject (sub)', { claims: ({ sub: _sub, ...honest }) => honest }],
    ['a signature by another key under the provider\'s kid', { otherKey: true }],
    ['an HMAC signature (HS256) instead of the provider\'s RS256', { hmac: true }],
  ];

  for (const [name, forgery] of forgeries) {
    it(`refuses ${name}`, async () => {
      await expect(signInWith(forgery)).rejects.toMatchObject({ name: 'LoginError' });
    });
  }

  it('refuses an authentication older than AUTH_MAX_AGE (auth_time), and one without auth_time', async () => {
    const client = oidcClient({ maxAgeSeconds: 600 });
    await expect(signInWith({ claims: (honest) => ({ ...honest, auth_time: now() - 3600 }) }, client)).rejects.toMatchObject({ name: 'LoginError' });
    await expect(signInWith({}, client)).rejects.toMatchObject({ name: 'LoginError' });
    await expect(signInWith({ claims: (honest) => ({ ...honest, auth_time: now() - 60 }) }, client)).resolves.toMatchObject({ claims: { sub: 'user-1' } });
  });

  it('asks for the credentials again on a fresh sign-in (prompt=login)', async () => {
    const client = oidcClient();
    const fresh = await client.startLogin('/edit-account', false, 'en', null, null, true);
    expect(fresh.url.searchParams.get('prompt')).toBe('login');
    expect((await client.startLogin('/', false, 'en')).url.searchParams.get('prompt')).toBeNull();
  });

  it('refuses an account of another organisation when AUTH_ORGANIZATION is set (org_id, org_name)', async () => {
    const client = oidcClient({ organization: 'org_northwind' });
    await expect(signInWith({ claims: (honest) => ({ ...honest, org_id: 'org_other' }) }, client)).rejects.toMatchObject({ code: 'login_failed' });
    await expect(signInWith({}, client)).rejects.toMatchObject({ code: 'login_failed' });
    await expect(signInWith({ claims: (honest) => ({ ...honest, org_id: 'org_northwind' }) }, client)).resolves.toMatchObject({ claims: { sub: 'user-1' } });
  });
});
