import * as client from 'openid-client';
import type { SecretBox } from '../crypto/secret-box';
import type { AppDatabase } from '../db/client';
import type { ProviderIdentity } from './sign-on-join';
import type { SignOnProvider } from './sign-on-providers';
import { createSignOnAttempt, newSignOnState, type SignOnAttempt } from './sign-on-attempts';

// Signing in through a company's OpenID Connect provider: the built-in provider is its
// relying party (authorization code flow with PKCE S256, state and nonce; the ID token's
// signature, issuer, audience, nonce and times checked by openid-client). The company gave
// the issuer, the client id and the sealed secret on /company/sign-on.

const TIMEOUT_MS = 10_000;
/** How long a provider's discovery document is trusted before it is read again (keys rotate). */
const DISCOVERY_TTL_MS = 10 * 60_000;
const CLOCK_TOLERANCE_S = 60;

export type OidcAnswer = { ok: true; identity: ProviderIdentity } | { ok: false; reason: 'providerRefused' | 'providerUnreachable' | 'answerInvalid'; detail: string };

export interface OidcFederation {
  /** Records the attempt and answers the company provider's authorization address. */
  start(provider: SignOnProvider, interactionUid: string, email: string | null): Promise<URL>;
  /** Redeems the code of the provider's answer (`callback`: the address it came back to) for the attempt it names. */
  finish(provider: SignOnProvider, attempt: SignOnAttempt, callback: URL): Promise<OidcAnswer>;
}

const isLoopbackHttp = (url: URL) => url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

const timedFetch: client.CustomFetch = (url, options) => fetch(url, { ...(options as RequestInit), signal: AbortSignal.timeout(TIMEOUT_MS) });

export function createOidcFederation(options: { db: AppDatabase; secretBox: SecretBox | null; redirectUri: string }): OidcFederation {
  const { db, redirectUri } = options;
  const configurations = new Map<string, { config: Promise<client.Configuration>; until: number; updatedAt: number }>();

  function configurationOf(provider: SignOnProvider): Promise<client.Configuration> {
    if (provider.config.protocol !== 'oidc') throw new Error(`provider ${provider.slug} is not an OpenID Connect provider`);
    const cached = configurations.get(provider.id);
    // A changed provider (new issuer, client or secret) is read afresh.
    if (cached && cached.until > Date.now() && cached.updatedAt === provider.updatedAt.getTime()) return cached.config;
    const secret = provider.clientSecretSealed && options.secretBox ? options.secretBox.open(provider.clientSecretSealed, provider.id) : null;
    if (!secret) return Promise.reject(new Error(`the client secret of provider ${provider.slug} cannot be opened (none stored, or sealed under another key)`));
    const issuer = new URL(provider.config.issuer);
    const config = client
      .discovery(issuer, provider.config.clientId, { id_token_signed_response_alg: 'RS256', [client.clockTolerance]: CLOCK_TOLERANCE_S }, client.ClientSecretBasic(secret), {
        // Plain http only for a provider on this machine (tests); issuerOf refuses it elsewhere.
        execute: isLoopbackHttp(issuer) ? [client.allowInsecureRequests] : [],
        [client.customFetch]: timedFetch,
      })
      .then((configuration) => {
        (configuration as unknown as Record<symbol, unknown>)[client.customFetch] = timedFetch;
        return configuration;
      });
    configurations.set(provider.id, { config, until: Date.now() + DISCOVERY_TTL_MS, updatedAt: provider.updatedAt.getTime() });
    config.catch(() => configurations.delete(provider.id));
    return config;
  }

  return {
    async start(provider, interactionUid, email) {
      const config = await configurationOf(provider);
      const state = newSignOnState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      await createSignOnAttempt(db, { state, interactionUid, idpId: provider.id, email, nonce, codeVerifier });
      return client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ...(email ? { login_hint: email } : {}),
      });
    },

    async finish(provider, attempt, callback) {
      let config: client.Configuration;
      try {
        config = await configurationOf(provider);
      } catch (error) {
        return { ok: false, reason: 'providerUnreachable', detail: (error as Error).message };
      }
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: attempt.codeVerifier ?? '',
          expectedState: attempt.state,
          expectedNonce: attempt.nonce ?? '',
          idTokenExpected: true,
        });
      } catch (error) {
        const oauthError = (error as { error?: unknown }).error;
        if (typeof oauthError === 'string') return { ok: false, reason: 'providerRefused', detail: `${oauthError}: ${(error as Error).message}` };
        const name = (error as { name?: string; cause?: { name?: string } }).name;
        if (name === 'TimeoutError' || error instanceof TypeError) return { ok: false, reason: 'providerUnreachable', detail: (error as Error).message };
        return { ok: false, reason: 'answerInvalid', detail: (error as Error).message };
      }
      const claims = tokens.claims();
      if (!claims) return { ok: false, reason: 'answerInvalid', detail: 'no ID token' };
      let email = typeof claims.email === 'string' ? claims.email : null;
      let name = typeof claims.name === 'string' ? claims.name : null;
      // Providers that keep the address out of the ID token give it at the userinfo endpoint.
      if (!email) {
        try {
          const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
          email = typeof info.email === 'string' ? info.email : null;
          name ??= typeof info.name === 'string' ? info.name : null;
        } catch (error) {
          return { ok: false, reason: 'answerInvalid', detail: `userinfo: ${(error as Error).message}` };
        }
      }
      // An address the provider says is not verified is not the person's to claim.
      if (claims.email_verified === false) email = null;
      return { ok: true, identity: { subject: claims.sub, email: email ?? '', name } };
    },
  };
}
