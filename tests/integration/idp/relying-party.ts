import * as oidc from 'openid-client';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { startIdpServer, type IdpTestServer } from '../../support/idp-server';
import { openTestDatabase, type TestDatabaseKind } from '../../support/test-database';
import { claimSecondFactorCode } from '../../support/second-factor-code';
import { Browser, parsePage, type PageResponse } from './browser';

// The BFF's side of the flow with openid-client v6, as the product uses it.

export async function discoverClient(server: IdpTestServer): Promise<oidc.Configuration> {
  const config = await oidc.discovery(
    new URL(server.issuer),
    server.client.clientId,
    { id_token_signed_response_alg: 'RS256' },
    oidc.ClientSecretBasic(server.client.clientSecret),
    // Only for the local provider: it is served over plain http on loopback.
    { execute: [oidc.allowInsecureRequests] },
  );
  // Otherwise the ID token signature from the token endpoint is not verified.
  oidc.enableNonRepudiationChecks(config);
  return config;
}

/** The provider as a test meets it: its database, the provider itself and our client's view of it. */
export interface ProviderUnderTest {
  database: Database;
  server: IdpTestServer;
  config: oidc.Configuration;
}

/**
 * For one describe block: a fresh database of `kind`, the built-in provider on it and our
 * client discovered, handed to `use` once started; all closed after the block.
 */
export function withProvider(kind: TestDatabaseKind, use: (provider: ProviderUnderTest) => void): void {
  let database: Database | undefined;
  let server: IdpTestServer | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startIdpServer(database.db);
    use({ database, server, config: await discoverClient(server) });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });
}

export interface AuthorizationRequest {
  url: URL;
  codeVerifier: string;
  state: string;
  nonce: string;
}

export async function buildAuthorization(
  config: oidc.Configuration,
  server: IdpTestServer,
  parameters: Record<string, string> = {},
): Promise<AuthorizationRequest> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: server.client.redirectUri,
    scope: 'openid profile email offline_access',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    resource: server.audience,
    ...parameters,
  });
  return { url, codeVerifier, state, nonce };
}

export const isCallback = (server: IdpTestServer) => (url: URL) => url.href.startsWith(server.client.redirectUri);

/** Submits the first form of `page` with `fields`, from the issuer's origin, following redirects. */
export async function submitForm(browser: Browser, server: IdpTestServer, page: PageResponse, fields: Record<string, string>): Promise<PageResponse> {
  const form = parsePage(page.html).forms[0];
  if (!form?.action) throw new Error(`no form on ${page.url.href}`);
  return browser.follow(new URL(form.action, page.url), isCallback(server), { form: fields, headers: { origin: server.origin } });
}

/**
 * Posts the sign-in form of `page` with the account's password and, for an account with a
 * second factor, its code (claimed through the shared helper); answers where that led.
 */
export async function passSignIn(browser: Browser, server: IdpTestServer, page: PageResponse, account: { email: string; password: string; totpSecret?: string | null }): Promise<PageResponse> {
  const afterPassword = await submitForm(browser, server, page, { email: account.email, password: account.password });
  if (!account.totpSecret || isCallback(server)(afterPassword.url)) return afterPassword;
  const scope = `${server.origin}\n${account.email}`;
  let current = afterPassword;
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const form = parsePage(current.html).forms[0];
    current = await submitForm(browser, server, current, { ...form?.hidden, code: await claimSecondFactorCode(account.totpSecret, scope) });
    if (!(current.status === 400 && current.html.includes('already used'))) return current;
  }
  return current;
}

export async function redeem(config: oidc.Configuration, request: AuthorizationRequest, callback: URL) {
  return oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: request.codeVerifier,
    expectedState: request.state,
    expectedNonce: request.nonce,
    idTokenExpected: true,
  });
}

/** The whole sign-in: authorization request, sign-in form, token request. */
export async function signIn(
  config: oidc.Configuration,
  server: IdpTestServer,
  credentials: { email: string; password: string; totpSecret?: string | null },
  options: { browser?: Browser; parameters?: Record<string, string> } = {},
) {
  const browser = options.browser ?? new Browser();
  const request = await buildAuthorization(config, server, options.parameters);
  const page = await browser.follow(request.url, isCallback(server));
  if (page.status !== 200) throw new Error(`expected the sign-in page, got ${page.status} for ${page.url.href}: ${page.html.slice(0, 300)}`);
  const callback = await passSignIn(browser, server, page, credentials);
  if (!isCallback(server)(callback.url)) throw new Error(`expected the callback, got ${callback.status} for ${callback.url.href}: ${callback.html.slice(0, 300)}`);
  const tokens = await redeem(config, request, callback.url);
  return { browser, request, tokens };
}
