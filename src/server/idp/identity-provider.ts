import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider from 'oidc-provider';
import type { AppDatabase } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { createAccountStore, UNCONFIRMED_ACCOUNT_DAYS } from './account-store';
import { createPasswordResetHandler, PASSWORD_RESET_PATH } from './password-reset';
import { createPasswordChangeHandler, PASSWORD_CHANGE_PATH } from './password-change';
import { clientAddress } from '../../lib/http/client-address';
import { acceptsSecureCookies } from '../../lib/http/secure-cookies';
import { createRateLimiter, type RateLimiter } from '../bff/rate-limit';
import { CLIENT_ADDRESS_HEADER } from './client-address-header';
import { deleteExpiredProviderState, drizzleAdapterFactory } from './drizzle-adapter';
import { sendHtml } from './html-response';
import { IdentityProviderError } from './identity-provider-error';
import { createInteractionHandler, isInteractionPath } from './interactions';
import { offlineAccessImpliesConsent } from './offline-access';
import { createBrandingFor, wordsOf, type SiteBranding } from './page-branding';
import { renderMessagePage } from './pages';
import { buildProviderConfiguration, type IdentityProviderClient } from './provider-configuration';
import { loadOrCreateSigningKey } from './signing-key';
import { LoginThrottle } from './login-throttle';
import { createSecondFactorStore } from './second-factor-store';
import { createSecondFactorSettingsHandler, SECOND_FACTOR_PATH } from './second-factor-settings';
import type { SecretBox } from '../crypto/secret-box';
import { createOidcFederation } from '../sign-on/oidc-federation';
import { createSamlFederation } from '../sign-on/saml-federation';
import { deleteExpiredSignOnAttempts } from '../sign-on/sign-on-attempts';
import { SAML_ACS_PATH, SAML_METADATA_PATH, SIGN_ON_CALLBACK_PATH } from '../../lib/sign-on/sign-on-rules';

export type { IdentityProviderClient } from './provider-configuration';

export interface IdentityProviderOptions {
  db: AppDatabase;
  /** The public origin plus the mount path, e.g. `http://localhost:4321/oidc`. */
  issuer: string;
  clients: IdentityProviderClient[];
  /** The API's resource indicator: the `aud` of every access token. */
  audience: string;
  /** Claim carrying the roles list; default `https://talentplace.app/roles`. */
  rolesClaim?: string;
  /** Secrets signing the provider's cookies, newest first; at least 32 characters each. */
  cookieKeys: string[];
  productName: string;
  /** Secure cookies; only honoured for an https or loopback issuer (browsers drop them elsewhere). */
  secureCookies: boolean;
  /** PSEUDO_LOCALE=allow: a request with the pseudo-locale cookie reads every text marked (lib/i18n/pseudo-locale.ts). */
  pseudoLocale?: boolean;
  /** Default 600. */
  accessTokenTtlSeconds?: number;
  /** Sends sign-up confirmations (the outbox or SMTP). */
  mailer: Mailer;
  /** The product's sign-in address (default: the issuer's origin + /sign-in). */
  signInUrl?: string;
  /** Sign-ups allowed per client address and hour (default 20), counted in this process... */
  signUpsPerHour?: number;
  /** ...unless a limiter is given (services.ts: in Redis, shared by every instance). */
  signUpLimiter?: RateLimiter;
  /** Reverse proxies in front whose X-Forwarded-For is believed (default 0: the socket address). */
  trustedProxyHops?: number;
  /** Password reset requests per client address and per address asked for, each an hour (default 10 and 3)... */
  passwordResetsPerHour?: { perClient: number; perAddress: number };
  /** ...counted in Redis when given (shared by every instance), else in this process. */
  redisUrl?: string | null;
  /**
   * Ends the product's own sessions of an account (the BFF's session store) when its
   * password is reset; the provider's own sessions and tokens it ends itself.
   */
  endSessions?: (accountId: string) => Promise<number>;
  /**
   * Roles that may not sign in without a second factor (default: platform admins and
   * support agents, `super:admin` and `super:impersonate`); everyone else may turn one on.
   */
  secondFactorRoles?: readonly string[];
  /** Opens the sealed client secrets of company identity providers (single sign-on); without it they cannot be used. */
  secretBox?: SecretBox | null;
  log?: (message: string) => void;
}

export interface IdentityProvider {
  provider: Provider;
  /** Serves a request whose `req.url` starts with the issuer's path (e.g. `/oidc`). */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Stops the periodic sweep of expired provider state. */
  close(): Promise<void>;
}

export const DEFAULT_ROLES_CLAIM = 'https://talentplace.app/roles';
export const DEFAULT_SECOND_FACTOR_ROLES: readonly string[] = ['super:admin', 'super:impersonate'];
const DEFAULT_ACCESS_TOKEN_TTL_S = 600;
const DEFAULT_SIGN_UPS_PER_HOUR = 20;
const DEFAULT_PASSWORD_RESETS_PER_HOUR = { perClient: 10, perAddress: 3 };
const MIN_COOKIE_KEY_LENGTH = 32;
const SWEEP_INTERVAL_MS = 60 * 60_000;
// Koa reads the client address from this header (proxy mode); handle() always sets it
// from the socket, so a forged X-Forwarded-For never counts.

function invalid(message: string, hint: string): IdentityProviderError {
  return new IdentityProviderError('IDP_OPTIONS_INVALID', message, hint);
}

function parseIssuer(issuer: string): URL {
  const url = URL.parse(issuer);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash) {
    throw invalid(`The identity provider issuer "${issuer}" is not an http(s) address without query`, 'use the public origin followed by /oidc, e.g. https://talentplace.example/oidc');
  }
  if (url.pathname.replace(/\/+$/, '') === '') {
    throw invalid(`The identity provider issuer "${issuer}" has no path`, 'mount the provider on a path of its own: the public origin followed by /oidc');
  }
  return url;
}

function validateOptions(options: IdentityProviderOptions): void {
  if (!options.clients.length) throw invalid('The identity provider has no clients', 'configure at least the BFF as a client');
  if (!options.cookieKeys.length || options.cookieKeys.some((key) => key.length < MIN_COOKIE_KEY_LENGTH)) {
    throw invalid(
      'The identity provider cookie keys are missing or too short',
      `give at least one random secret of ${MIN_COOKIE_KEY_LENGTH} or more characters (e.g. openssl rand -base64 32)`,
    );
  }
  if (!URL.canParse(options.audience)) throw invalid(`The API audience "${options.audience}" is not an absolute URI`, 'use the API address, e.g. https://talentplace.example/graphql');
  const ttl = options.accessTokenTtlSeconds;
  if (ttl !== undefined && (!Number.isSafeInteger(ttl) || ttl <= 0)) throw invalid('The access token lifetime must be a positive whole number of seconds', 'e.g. 600');
}

/**
 * The built-in OpenID provider (used when no external AUTH_ISSUER is configured):
 * password accounts, RS256 ID tokens and JWT access tokens for the API, every piece of
 * state in the database so that instances behind a load balancer share it.
 */
export async function createIdentityProvider(options: IdentityProviderOptions): Promise<IdentityProvider> {
  validateOptions(options);
  const issuerUrl = parseIssuer(options.issuer);
  const mountPath = issuerUrl.pathname.replace(/\/+$/, '');
  const log = options.log ?? ((message: string) => console.error(message));
  const secureCookies = options.secureCookies && acceptsSecureCookies(issuerUrl.origin);
  if (options.secureCookies && !secureCookies) log(`idp: secure cookies need an https (or localhost) issuer; ${options.issuer} gets plain cookies`);

  const rolesClaim = options.rolesClaim ?? DEFAULT_ROLES_CLAIM;
  const signInUrl = options.signInUrl ?? new URL('/sign-in', issuerUrl).href;
  const site: SiteBranding = { productName: options.productName, homeUrl: new URL('/', issuerUrl).href, signInUrl };
  // The product's language cookie is Secure exactly when the provider's cookies are (same origin, same setting).
  const brandingFor = createBrandingFor(site, secureCookies, options.pseudoLocale ?? false);
  // One throttle for passwords and second-factor codes: guesses of either count together.
  const throttle = new LoginThrottle();
  const accounts = createAccountStore(options.db, { rolesClaim, throttle });
  const secondFactors = createSecondFactorStore(options.db, throttle);
  const secondFactorRoles = options.secondFactorRoles ?? DEFAULT_SECOND_FACTOR_ROLES;
  const configuration = buildProviderConfiguration({
    adapter: drizzleAdapterFactory(options.db),
    signingKey: await loadOrCreateSigningKey(options.db),
    accounts,
    clients: options.clients,
    audience: options.audience,
    rolesClaim,
    cookieKeys: options.cookieKeys,
    secureCookies,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_S,
    brandingFor,
    mountPath,
  });

  let provider: Provider;
  try {
    provider = new Provider(options.issuer, configuration);
    // oidc-provider validates static clients on first use; at startup is when to hear of it.
    for (const client of options.clients) await provider.Client.find(client.clientId);
  } catch (error) {
    throw new IdentityProviderError(
      'IDP_CLIENT_INVALID',
      `The identity provider configuration was refused: ${(error as { error_description?: string }).error_description ?? (error as Error).message}`,
      'check the client ids, secrets, redirect and post-logout redirect addresses',
      { cause: error },
    );
  }
  // Proxy mode makes Koa take protocol and host from X-Forwarded-*, which handle() sets
  // from the issuer: behind a TLS-terminating proxy URLs stay https and secure cookies work.
  provider.proxy = true;
  provider.proxyIpHeader = CLIENT_ADDRESS_HEADER;
  // Koa refuses to set a Secure cookie on a request it does not see as https ("Cannot send
  // secure cookie over unencrypted connection"). On a plain-http loopback issuer browsers
  // keep Secure cookies all the same (a secure context): the provider's requests count as
  // secure there, for its cookies only; its URLs keep the issuer's http scheme.
  if (secureCookies && issuerUrl.protocol === 'http:') Object.defineProperty(provider.request, 'secure', { get: () => true });
  const firstPartyClientIds = new Set(options.clients.map((client) => client.clientId));
  provider.use(offlineAccessImpliesConsent(firstPartyClientIds));
  provider.on('server_error', (_ctx: unknown, error: Error) => log(`idp: server error: ${error.stack ?? error.message}`));
  // A client that missed a back-channel logout keeps a session the user ended: worth a line.
  provider.on('backchannel.error', (_ctx: unknown, error: Error, client: { clientId: string }) => log(`idp: back-channel logout to ${client.clientId} failed: ${error.message}`));

  const handleProvider = provider.callback();
  const interactions = createInteractionHandler({
    provider,
    accounts,
    brandingFor,
    mountPath,
    issuerOrigin: issuerUrl.origin,
    firstPartyClientIds,
    mailer: options.mailer,
    confirmationKeys: options.cookieKeys,
    signUpLimiter: options.signUpLimiter ?? (await createRateLimiter({ points: options.signUpsPerHour ?? DEFAULT_SIGN_UPS_PER_HOUR, windowSeconds: 3600, redisUrl: null, log })),
    secondFactors,
    secondFactorRoles,
    db: options.db,
    oidcFederation: createOidcFederation({ db: options.db, secretBox: options.secretBox ?? null, redirectUri: `${options.issuer.replace(/\/+$/, '')}${SIGN_ON_CALLBACK_PATH}` }),
    samlFederation: createSamlFederation({ db: options.db, issuer: options.issuer.replace(/\/+$/, ''), productName: options.productName }),
    issuer: options.issuer.replace(/\/+$/, ''),
    log,
  });
  const { handleInteraction } = interactions;

  const resetLimits = options.passwordResetsPerHour ?? DEFAULT_PASSWORD_RESETS_PER_HOUR;
  const resetLimiter = (points: number, keyPrefix: string) => createRateLimiter({ points, windowSeconds: 3600, keyPrefix, redisUrl: options.redisUrl ?? null, log });
  const limiters = [await resetLimiter(resetLimits.perClient, 'tp:password-reset-client:'), await resetLimiter(resetLimits.perAddress, 'tp:password-reset-address:')] as const;
  const handlePasswordReset = createPasswordResetHandler({
    accounts,
    brandingFor,
    mailer: options.mailer,
    pageUrl: `${issuerUrl.origin}${mountPath}${PASSWORD_RESET_PATH}`,
    issuerOrigin: issuerUrl.origin,
    linkKeys: options.cookieKeys,
    perClient: limiters[0],
    perAddress: limiters[1],
    endSessions: options.endSessions ?? (async () => 0),
    log,
  });

  const handlePasswordChange = createPasswordChangeHandler({
    provider,
    accounts,
    brandingFor,
    action: `${mountPath}${PASSWORD_CHANGE_PATH}`,
    accountUrl: new URL('/edit-account', issuerUrl).href,
    issuerOrigin: issuerUrl.origin,
    endSessions: options.endSessions ?? (async () => 0),
    log,
  });

  const handleSecondFactorSettings = createSecondFactorSettingsHandler({
    provider,
    accounts,
    store: secondFactors,
    brandingFor,
    action: `${mountPath}${SECOND_FACTOR_PATH}`,
    accountUrl: new URL('/edit-account', issuerUrl).href,
    issuerOrigin: issuerUrl.origin,
    requiredRoles: secondFactorRoles,
    log,
  });
  const ownPages: Record<string, (req: IncomingMessage, res: ServerResponse, query: URLSearchParams) => Promise<void>> = {
    [PASSWORD_RESET_PATH]: handlePasswordReset,
    [PASSWORD_CHANGE_PATH]: handlePasswordChange,
    [SECOND_FACTOR_PATH]: handleSecondFactorSettings,
    [SIGN_ON_CALLBACK_PATH]: interactions.signOnCallback,
    [SAML_ACS_PATH]: (req, res) => interactions.samlAnswer(req, res),
    [SAML_METADATA_PATH]: (req, res) => interactions.samlMetadata(req, res),
  };

  const sweepOnce = () => {
    deleteExpiredProviderState(options.db).then(
      (count) => count && log(`idp: deleted ${count} expired provider records`),
      (error: Error) => log(`idp: sweeping expired provider records failed: ${error.message}`),
    );
    deleteExpiredSignOnAttempts(options.db).catch((error: Error) => log(`idp: sweeping expired sign-on attempts failed: ${error.message}`));
    accounts.deleteUnconfirmedAccounts().then(
      (count) => count && log(`idp: deleted ${count} sign-ups never confirmed within ${UNCONFIRMED_ACCOUNT_DAYS} days`),
      (error: Error) => log(`idp: deleting unconfirmed sign-ups failed: ${error.message}`),
    );
  };
  const sweep = setInterval(sweepOnce, SWEEP_INTERVAL_MS);
  sweep.unref();

  const fail = (req: IncomingMessage, res: ServerResponse, query: URLSearchParams, error: unknown) => {
    log(`idp: request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const branding = brandingFor(req, query);
    const t = wordsOf(branding);
    sendHtml(res, 500, renderMessagePage(branding, { title: t('identity.pages.failed.title'), message: t('identity.pages.failed.tryAgain') }));
  };

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = req.url ?? '/';
    const rest = url.slice(mountPath.length);
    const queryStart = rest.indexOf('?');
    const query = new URLSearchParams(queryStart === -1 ? '' : rest.slice(queryStart + 1));
    if (!url.startsWith(mountPath) || !(rest === '' || rest.startsWith('/') || rest.startsWith('?'))) {
      const branding = brandingFor(req, null);
      const t = wordsOf(branding);
      sendHtml(res, 404, renderMessagePage(branding, { title: t('identity.pages.notFound.title'), message: t('identity.pages.notFound.message') }));
      return;
    }
    // Whatever the client or a proxy sent: the issuer is the public address.
    req.headers['x-forwarded-proto'] = issuerUrl.protocol.slice(0, -1);
    req.headers['x-forwarded-host'] = issuerUrl.host;
    // Always overwritten: a client sending this header itself is never believed.
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddress(req.headers['x-forwarded-for'], req.socket.remoteAddress ?? 'unknown', options.trustedProxyHops ?? 0);
    const path = queryStart === -1 ? rest : rest.slice(0, queryStart);
    const ownPage = Object.hasOwn(ownPages, path) ? ownPages[path] : undefined;
    if (isInteractionPath(path) || ownPage) {
      const handled = ownPage ? ownPage(req, res, query) : handleInteraction(req, res, path, query);
      handled.catch((error: unknown) => fail(req, res, query, error));
      return;
    }
    // oidc-provider builds its URLs from originalUrl minus url (see machine notes).
    Object.assign(req, { originalUrl: url, baseUrl: mountPath });
    req.url = rest.startsWith('/') ? rest : `/${rest}`;
    handleProvider(req, res).catch((error: unknown) => fail(req, res, query, error));
  }

  return {
    provider,
    handle,
    close: async () => {
      clearInterval(sweep);
      await Promise.all(limiters.map((limiter) => limiter.close()));
    },
  };
}
