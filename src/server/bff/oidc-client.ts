import { createRemoteJWKSet, jwtVerify } from 'jose';
import ky from 'ky';
import * as client from 'openid-client';
import type { Language } from '../../lib/i18n/namespaces';
import { SIGNED_OUT_LANGUAGE_PARAM, UI_LOCALES_PARAM } from '../../lib/i18n/ui-locales';
import type { AuthConfig } from '../config';
import { LoginError } from './login-error';
import type { LoginTransaction } from './login-transaction';

/** The identity token checks: 60 s of leeway on exp, iat, nbf and auth_time. */
const CLOCK_TOLERANCE_S = 60;
/** The login client's HTTP timeout 10 s; token requests retried 3 times on network failure. */
const TIMEOUT_MS = 10_000;
const NETWORK_RETRIES = 3;
/** Readiness and the check before a browser is sent to sign in: short, no retries. */
const PROBE_TIMEOUT_MS = 2_000;
/** Logout tokens are used at once; an older one is a replay. */
const LOGOUT_TOKEN_MAX_AGE_S = 300;
const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** The tokens a sign-in or a refresh answers; the session record keeps them as they are. */
export interface ProviderTokens {
  accessToken: string;
  refreshToken: string | null;
  idToken: string;
  /** Epoch milliseconds at which the access token expires. */
  expiresAt: number;
  scope: string | null;
}

/** Who the ID token says signed in; the session record keeps it as it is. */
export interface TokenClaims {
  sub: string;
  email: string | null;
  name: string | null;
  roles: string[];
}

export interface TokenSet extends ProviderTokens {
  claims: TokenClaims;
  /** The provider's session id, when it sends one (back-channel logout names it). */
  providerSessionId: string | null;
}

export interface OidcClientOptions {
  auth: AuthConfig;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
}

// openid-client fetches with this: a timeout per attempt and retries on network errors
// only (an HTTP error answer is an answer, not a reason to try again).
const retryingFetch: client.CustomFetch = (url, options) =>
  ky(url, {
    ...(options as RequestInit),
    timeout: TIMEOUT_MS,
    throwHttpErrors: false,
    retry: { limit: NETWORK_RETRIES, methods: ['get', 'post'], statusCodes: [] },
  });

/**
 * A provider that demands a second factor the sign-in did not give answers
 * `mfa_required`, on the callback or from the token endpoint (Auth0 adds an `mfa_token`
 * there, for its own MFA API that only password-grant clients use): the user is told to
 * complete or set up that step with the provider, never shown "Get access token failed".
 * The token itself is neither kept nor logged: a code-flow client has no use for it.
 */
export function mfaRequiredError(error: unknown): LoginError | null {
  for (let current = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
    if ((current as { error?: unknown }).error === 'mfa_required') {
      const carriesToken = typeof (current as { cause?: { mfa_token?: unknown } }).cause?.mfa_token === 'string';
      return new LoginError('mfa_required', `The sign-in service requires a second factor${carriesToken ? ' (it sent a multi-factor token)' : ''}`, 'complete or set up the second step with the sign-in service, then sign in again', { cause: error });
    }
  }
  return null;
}

/**
 * A timeout or a failed connection, looking through openid-client's wrapping: it wraps
 * what is not a TypeError (ky's NetworkError and TimeoutError are not) in a ClientError
 * "something went wrong", which would otherwise read as the provider refusing the refresh
 * and sign everyone out while the provider restarts.
 */
function networkError(error: unknown): LoginError | null {
  for (let current = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
    const name = (current as { name?: string }).name;
    if (name === 'TimeoutError') return new LoginError('timeout', 'Timeout', 'the sign-in service is slow; try again', { cause: error });
    if (current instanceof TypeError || name === 'NetworkError') {
      return new LoginError('request_error', 'HTTP error. Unable to fetch the sign-in service', 'try again in a moment', { cause: error });
    }
  }
  return null;
}

/** openid-client's error for a 5xx answer: an OAuth error body, or any other body (then the Response is its cause). */
function isServerError(error: unknown): boolean {
  const response = (error as { cause?: unknown } | null)?.cause;
  const status = error instanceof client.ResponseBodyError ? error.status : response instanceof Response ? response.status : 0;
  return status >= 500;
}

/**
 * The relying party: authorization code flow with PKCE S256, state and nonce, ID token
 * checks (RS256 pinned and its signature verified, issuer, audience and azp,
 * nonce, exp/iat/nbf with 60 s leeway, auth_time with max age, organisation).
 */
export function createOidcClient(options: OidcClientOptions) {
  const { auth } = options;
  let configuration: Promise<client.Configuration> | null = null;
  let logoutKeys: ReturnType<typeof createRemoteJWKSet> | null = null;

  function discover(): Promise<client.Configuration> {
    configuration ??= client
      .discovery(
        new URL(auth.issuer),
        auth.clientId,
        { id_token_signed_response_alg: 'RS256', [client.clockTolerance]: CLOCK_TOLERANCE_S },
        client.ClientSecretBasic(options.clientSecret),
        {
          // Only the built-in provider may be plain http (it runs in this very process).
          execute: auth.builtIn || auth.issuer.startsWith('http://') ? [client.allowInsecureRequests] : [],
          [client.customFetch]: retryingFetch,
        },
      )
      .then((config) => {
        // The fetch given to discovery() is for discovery only; the token calls need it too.
        (config as unknown as Record<symbol, unknown>)[client.customFetch] = retryingFetch;
        client.enableNonRepudiationChecks(config);
        return config;
      })
      .catch((error: unknown) => {
        configuration = null; // Try again next time: the provider may be starting.
        throw networkError(error) ?? new LoginError('request_error', 'HTTP error. Unable to fetch the sign-in service', 'try again in a moment', { cause: error });
      });
    return configuration;
  }

  function toTokenSet(response: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers, previousIdToken?: string): TokenSet {
    const claims = response.claims();
    const roles = claims?.[auth.rolesClaim];
    const idToken = response.id_token ?? previousIdToken;
    if (!idToken) throw new LoginError('login_failed', 'Login failed', 'the provider sent no ID token');
    return {
      accessToken: response.access_token,
      refreshToken: response.refresh_token ?? null,
      idToken,
      expiresAt: Date.now() + (response.expires_in ?? 300) * 1000,
      scope: response.scope ?? null,
      claims: {
        sub: claims?.sub ?? '',
        email: typeof claims?.email === 'string' ? claims.email : null,
        name: typeof claims?.name === 'string' ? claims.name : null,
        roles: Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [],
      },
      providerSessionId: typeof claims?.sid === 'string' ? claims.sid : null,
    };
  }

  /**
   * An ID token issued in the future (beyond the leeway) was not issued by a provider whose
   * clock we share: openid-client reads iat but only checks that it is a number.
   */
  function checkIssuedAt(claims: client.IDToken | undefined) {
    if (claims && claims.iat > Date.now() / 1000 + CLOCK_TOLERANCE_S) {
      throw new LoginError('login_failed', 'Login failed', 'the sign-in service sent a token issued in the future; check its clock');
    }
  }

  function checkOrganization(claims: client.IDToken | undefined) {
    if (!auth.organization) return;
    const expected = auth.organization;
    const id = claims?.org_id;
    const name = claims?.org_name;
    const matches = id === expected || (typeof name === 'string' && name.toLowerCase() === expected.toLowerCase());
    if (!matches) throw new LoginError('login_failed', 'Login failed', 'this account does not belong to the configured organisation');
  }

  return {
    discover,

    scope(): string {
      const scopes = ['openid', 'profile', 'email', ...auth.extraScopes, ...(auth.refreshTokens ? ['offline_access'] : [])];
      return [...new Set(scopes)].join(' ');
    },

    /**
     * Resolves when the provider answers now (its discovery document, within 2 s). For
     * /readyz, and before a browser is sent to an external provider: the sign-in page can
     * say "try again" where the browser would meet a connection error on the provider's
     * address. The built-in provider runs in this process: if we answer, so does it.
     */
    async probe(): Promise<void> {
      let response: Response;
      try {
        response = await fetch(`${auth.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      } catch (error) {
        throw networkError(error) ?? new LoginError('request_error', 'HTTP error. Unable to fetch the sign-in service', 'try again in a moment', { cause: error });
      }
      await response.body?.cancel();
      if (!response.ok) throw new LoginError('request_error', `The sign-in service answered ${response.status}`, 'try again in a moment');
    },

    /**
     * The provider's authorize URL and the transaction the callback will need. `language` is
     * the language of the page the person started from: the provider's pages are written in it.
     */
    async startLogin(returnTo: string, signUp: boolean, language: Language, loginHint: string | null = null, signOn: string | null = null, reauthenticate = false): Promise<{ url: URL; transaction: LoginTransaction }> {
      if (!auth.builtIn) await this.probe();
      const config = await discover();
      const codeVerifier = client.randomPKCECodeVerifier();
      const transaction: LoginTransaction = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier, returnTo, signUp, language };
      const parameters: Record<string, string> = {
        redirect_uri: options.redirectUri,
        scope: this.scope(),
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state: transaction.state,
        nonce: transaction.nonce,
        // OIDC's ui_locales: always named, so an English page's sign-in stays English whatever was chosen before.
        [UI_LOCALES_PARAM]: language,
      };
      if (!auth.builtIn) parameters.audience = auth.audience;
      if (auth.maxAgeSeconds) parameters.max_age = String(auth.maxAgeSeconds);
      // OIDC's prompt=login: the provider asks for the credentials again, whatever session it holds.
      if (reauthenticate) parameters.prompt = 'login';
      if (signUp) {
        // OIDC's prompt=create, and Auth0's screen_hint for providers that predate it.
        parameters.prompt = 'create';
        parameters.screen_hint = 'signup';
      }
      // OIDC's login_hint: the address the form starts with. Only ever one the server chose
      // (an invitation's address), never a value taken from the visitor's request.
      if (loginHint) parameters.login_hint = loginHint;
      // The built-in provider's sign_on: the slug of a company's identity provider to go to at once (`/sign-in/<slug>`).
      if (signOn && auth.builtIn) parameters.sign_on = signOn;
      return { url: client.buildAuthorizationUrl(config, parameters), transaction };
    },

    /** Finishes the login: checks state against the transaction, then exchanges the code. */
    async completeLogin(callbackUrl: URL, transaction: LoginTransaction | null): Promise<TokenSet> {
      if (!transaction) throw new LoginError('missing_transaction', 'Invalid state');
      const error = callbackUrl.searchParams.get('error');
      if (callbackUrl.searchParams.get('state') !== transaction.state) throw new LoginError('state_mismatch', 'Invalid state');
      if (error === 'login_required' || error === 'mfa_required' || error === 'access_denied') {
        throw new LoginError(error, callbackUrl.searchParams.get('error_description') ?? 'Login failed');
      }
      if (error) throw new LoginError('login_failed', 'Login failed', callbackUrl.searchParams.get('error_description') ?? error);
      const config = await discover();
      try {
        // The callback's query read at the configured redirect URI: openid-client sends the
        // address it is given as redirect_uri, and the request's own address carries the Host
        // a proxy passed (an instance's, the upstream's name) which the provider refuses.
        const registered = new URL(options.redirectUri);
        registered.search = callbackUrl.search;
        const response = await client.authorizationCodeGrant(config, registered, {
          pkceCodeVerifier: transaction.codeVerifier,
          expectedState: transaction.state,
          expectedNonce: transaction.nonce,
          idTokenExpected: true,
          ...(auth.maxAgeSeconds ? { maxAge: auth.maxAgeSeconds } : {}),
        });
        checkIssuedAt(response.claims());
        checkOrganization(response.claims());
        return toTokenSet(response);
      } catch (cause) {
        if (cause instanceof LoginError) throw cause;
        throw networkError(cause) ?? mfaRequiredError(cause) ?? new LoginError('access_token_failed', 'Get access token failed', 'start signing in again', { cause });
      }
    },

    /** A new access token from the refresh token; rejects with login_required when the grant is gone. */
    async refresh(refreshToken: string, idToken: string): Promise<TokenSet> {
      const config = await discover();
      try {
        return toTokenSet(await client.refreshTokenGrant(config, refreshToken), idToken);
      } catch (cause) {
        const network = networkError(cause);
        if (network) throw network;
        // A provider answering 5xx while it restarts means "try again", not "signed out".
        if (isServerError(cause)) throw new LoginError('request_error', 'HTTP error. The sign-in service failed', 'try again in a moment', { cause });
        throw new LoginError('login_required', 'Login required', 'the sign-in expired; sign in again', { cause });
      }
    },

    /** Revokes a refresh token at the provider, so a copy of it is worth nothing after sign-out. */
    async revokeRefreshToken(refreshToken: string): Promise<void> {
      const config = await discover();
      if (!config.serverMetadata().revocation_endpoint) return;
      await client.tokenRevocation(config, refreshToken, { token_type_hint: 'refresh_token' });
    },

    /**
     * A back-channel logout token (OpenID Connect Back-Channel Logout 1.0, "Logout Token" and its validation):
     * RS256 from the issuer's keys, typ logout+jwt, our client as audience, issued within
     * the last minutes, the logout event, no nonce, and a sid. Throws when any check fails.
     */
    async verifyLogoutToken(token: string): Promise<{ sid: string; sub: string | null }> {
      const config = await discover();
      const metadata = config.serverMetadata();
      if (!metadata.jwks_uri) throw new Error('the provider publishes no keys');
      logoutKeys ??= createRemoteJWKSet(new URL(metadata.jwks_uri));
      const { payload } = await jwtVerify(token, logoutKeys, {
        issuer: metadata.issuer,
        audience: auth.clientId,
        algorithms: ['RS256'],
        typ: 'logout+jwt',
        clockTolerance: CLOCK_TOLERANCE_S,
        maxTokenAge: LOGOUT_TOKEN_MAX_AGE_S,
        requiredClaims: ['iat', 'jti'],
      });
      const events = payload.events as Record<string, unknown> | undefined;
      const event = events?.[BACKCHANNEL_LOGOUT_EVENT];
      if (!event || typeof event !== 'object') throw new Error('not a logout token: the logout event is missing');
      if ('nonce' in payload) throw new Error('a logout token must not carry a nonce');
      if (typeof payload.sid !== 'string' || !payload.sid) throw new Error('the logout token names no session (sid)');
      return { sid: payload.sid, sub: typeof payload.sub === 'string' ? payload.sub : null };
    },

    /**
     * The provider's sign-out in the language of the page it was asked from (ui_locales),
     * which `state` brings back to the signed-out address: one registered address serves
     * every language.
     */
    async endSessionUrl(idToken: string, language: Language): Promise<string> {
      const config = await discover();
      if (!config.serverMetadata().end_session_endpoint) return `${options.postLogoutRedirectUri}?${SIGNED_OUT_LANGUAGE_PARAM}=${language}`;
      return client.buildEndSessionUrl(config, {
        id_token_hint: idToken,
        post_logout_redirect_uri: options.postLogoutRedirectUri,
        [UI_LOCALES_PARAM]: language,
        [SIGNED_OUT_LANGUAGE_PARAM]: language,
      }).href;
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
