import type { JWK } from 'jose';
import { errors, interactionPolicy, type Adapter, type ClientMetadata, type Configuration, type ErrorOut, type KoaContextWithOIDC } from 'oidc-provider';
import type { Translate } from '../../lib/i18n/i18n';
import { LANGUAGES } from '../../lib/i18n/namespaces';
import type { AccountStore } from './account-store';
import { firstPartyGrantLoader } from './first-party-grant';
import { PAGE_HEADERS } from './html-response';
import { CREATE_PROMPT, SIGN_ON_PARAM } from './interactions';
import { wordsOf, type Branding, type BrandingFor } from './page-branding';
import { renderLogoutPage, renderMessagePage } from './pages';

export interface IdentityProviderClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** Where the provider tells the client that a session ended (OIDC Back-Channel Logout). */
  backchannelLogoutUri?: string;
}

export interface ProviderConfigurationInput {
  adapter: (model: string) => Adapter;
  signingKey: JWK;
  accounts: AccountStore;
  clients: IdentityProviderClient[];
  audience: string;
  rolesClaim: string;
  cookieKeys: string[];
  secureCookies: boolean;
  accessTokenTtlSeconds: number;
  /** Each request's branding: oidc-provider's own pages (sign-out, errors) are in the person's language too. */
  brandingFor: BrandingFor;
  /** Where the provider is mounted, e.g. `/oidc`: its cookies are limited to that path. */
  mountPath: string;
}

const DAY_S = 24 * 60 * 60;

/** Scopes the API's access tokens carry: the API reads identity from them, nothing finer; `user` is the spec's default scope for using the product. */
const RESOURCE_SCOPE = 'openid profile email user offline_access';

/** Cookie names; `__Secure-` when cookies are secure, so a plain-http page cannot set them. */
export function cookieNames(secure: boolean) {
  const prefix = secure ? '__Secure-' : '';
  return {
    session: `${prefix}tp_idp_session`,
    interaction: `${prefix}tp_idp_interaction`,
    resume: `${prefix}tp_idp_resume`,
  };
}

function setPageHeaders(ctx: KoaContextWithOIDC): void {
  ctx.set({ ...PAGE_HEADERS });
  ctx.type = 'html';
}

/** The branding of a page oidc-provider renders: its request's parameters (ui_locales of an authorization or a sign-out) count. */
const brandingOfContext = (brandingFor: BrandingFor, ctx: KoaContextWithOIDC): Branding =>
  brandingFor(ctx.req, new URLSearchParams(ctx.querystring), (ctx.oidc as KoaContextWithOIDC['oidc'] | undefined)?.params ?? null);

function clientMetadata(client: IdentityProviderClient): ClientMetadata {
  return {
    client_id: client.clientId,
    client_secret: client.clientSecret,
    redirect_uris: client.redirectUris,
    post_logout_redirect_uris: client.postLogoutRedirectUris,
    token_endpoint_auth_method: 'client_secret_basic',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    id_token_signed_response_alg: 'RS256',
    // Every ID token says when its user last typed their credentials (auth_time): the product
    // asks for a recent sign-in before an irreversible act (lib/account/account-deletion.ts).
    require_auth_time: true,
    // Each logout token names the provider session (sid), so only that session ends.
    ...(client.backchannelLogoutUri ? { backchannel_logout_uri: client.backchannelLogoutUri, backchannel_logout_session_required: true } : {}),
  };
}

function describeError(out: ErrorOut, t: Translate): string {
  if (out.error === 'invalid_redirect_uri' || out.error_description?.includes('redirect_uri')) {
    return t('identity.pages.failed.redirectUriRefused');
  }
  if (out.error === 'invalid_client') return t('identity.pages.failed.unknownClient');
  return t('identity.pages.failed.requestFailed');
}

export function buildProviderConfiguration(input: ProviderConfigurationInput): Configuration {
  const { accounts, audience, rolesClaim, brandingFor, secureCookies } = input;
  const firstPartyClientIds = new Set(input.clients.map((client) => client.clientId));

  // `prompt=create` (OpenID Connect "Initiating User Registration"): a prompt of its own,
  // resolved by the sign-up form, checked before sign-in.
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: CREATE_PROMPT, requestable: true }), 0);
  // A provider session whose account findAccount no longer answers (blocked by an admin,
  // or removed) signs in again, where the form says why, instead of going on
  // without an account. Right after the session check, before anything reads the account.
  const { Check } = interactionPolicy;
  policy.get('login')!.checks.add(
    new Check('account_unavailable', 'End-User authentication is required', (ctx) => (ctx.oidc.session?.accountId && !ctx.oidc.account ? Check.REQUEST_PROMPT : Check.NO_NEED_TO_PROMPT)),
    2,
  );

  // oidc-provider refuses outgoing requests to loopback and private addresses (SSRF
  // protection). Our own clients' back-channel logout addresses are configured here, not
  // sent by anyone, and on a single machine they are loopback: only those skip the check.
  const firstPartyLogoutUris = new Set(input.clients.flatMap((client) => (client.backchannelLogoutUri ? [new URL(client.backchannelLogoutUri).href] : [])));
  const providerFetch = (url: string | URL, options: RequestInit & { dispatcher?: unknown }) => {
    if (!firstPartyLogoutUris.has(new URL(url).href)) return globalThis.fetch(url, options);
    const { dispatcher: _ssrfCheck, ...rest } = options;
    return globalThis.fetch(url, rest);
  };

  return {
    adapter: input.adapter,
    fetch: providerFetch as Configuration['fetch'],
    jwks: { keys: [input.signingKey as Record<string, unknown>] } as Configuration['jwks'],
    clients: input.clients.map(clientMetadata),
    findAccount: accounts.findAccount,
    claims: {
      // The roles ride on `openid`, so every ID token has them (isAdmin and
      // isImpersonate come from the ID token's roles); amr says whether a second factor was given.
      openid: ['sub', rolesClaim, 'amr'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    scopes: ['openid', 'offline_access', 'profile', 'email', 'user'],
    // Custom claims in the ID token even when an access token is issued too.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    extraParams: ['screen_hint', SIGN_ON_PARAM],
    enabledJWA: { idTokenSigningAlgValues: ['RS256'] },
    // Nothing calls this provider from browser scripts: the BFF talks to it server-side.
    clientBasedCORS: () => false,
    cookies: {
      names: cookieNames(secureCookies),
      long: { httpOnly: true, sameSite: 'lax', secure: secureCookies, path: input.mountPath },
      short: { httpOnly: true, sameSite: 'lax', secure: secureCookies },
      keys: input.cookieKeys,
    },
    discovery: {
      prompt_values_supported: ['none', ...policy.filter((prompt) => prompt.requestable).map((prompt) => prompt.name)],
      // ui_locales is a standard parameter oidc-provider takes as it is; these are the languages its pages are written in.
      ui_locales_supported: [...LANGUAGES],
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${input.mountPath}/interaction/${interaction.uid}`,
    },
    loadExistingGrant: firstPartyGrantLoader(firstPartyClientIds),
    issueRefreshToken: (_ctx, client, code) => client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
    rotateRefreshToken: true,
    extraTokenClaims: async (ctx, token) => {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const claims = accountId ? await accounts.claimsOf(accountId) : null;
      if (!claims) return undefined;
      // auth_time, as in the ID token: the code's, or the refresh token's (a refresh keeps the
      // sign-in's time), so the API itself can ask for a recent sign-in (the account deletion rule).
      const authTime = ctx?.oidc.entities.AuthorizationCode?.authTime ?? ctx?.oidc.entities.RefreshToken?.authTime;
      // email_verified lets the API honour what only the address's owner may take up (a
      // company's pending invitation): it is true once the sign-up link was followed.
      return {
        email: claims.email,
        email_verified: claims.email_verified,
        ...(claims.name ? { name: claims.name } : {}),
        ...(typeof authTime === 'number' ? { auth_time: authTime } : {}),
        [rolesClaim]: claims.roles,
      };
    },
    ttl: {
      AccessToken: input.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 3600,
      RefreshToken: 14 * DAY_S,
      Interaction: 3600,
      Session: 14 * DAY_S,
      Grant: 14 * DAY_S,
    },
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: RESOURCE_SCOPE,
            audience,
            accessTokenTTL: input.accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
        useGrantedResource: () => true,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          setPageHeaders(ctx);
          // A hint that oidc-provider accepted means the request came from our own app.
          ctx.body = renderLogoutPage(brandingOfContext(brandingFor, ctx), form, { confirmed: Boolean(ctx.oidc.params?.id_token_hint) });
        },
        postLogoutSuccessSource: (ctx) => {
          setPageHeaders(ctx);
          const branding = brandingOfContext(brandingFor, ctx);
          const t = wordsOf(branding);
          ctx.body = renderMessagePage(branding, { title: t('identity.pages.signedOut.title'), message: t('identity.pages.signedOut.message', { productName: branding.productName }) });
        },
      },
      backchannelLogout: { enabled: true },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
    },
    renderError: (ctx, out) => {
      setPageHeaders(ctx);
      const branding = brandingOfContext(brandingFor, ctx);
      const t = wordsOf(branding);
      ctx.body = renderMessagePage(branding, {
        title: t('identity.pages.failed.title'),
        message: describeError(out, t),
        detail: out.error_description ? `${out.error}: ${out.error_description}` : out.error,
      });
    },
  };
}
