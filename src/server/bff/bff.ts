import { safeReturnTo } from '../../lib/routes/safe-return-to';
import { homeOf } from '../../lib/account/home-landing';
import type { ApiCaller, GraphqlAnswer, GraphqlFiles, GraphqlRequestBody } from './api-caller';
import type { CurrentUser } from '../../lib/account/current-user';
import { FIND_ME_QUERY, toCurrentUser } from '../../lib/account/current-user';
import { UPDATE_ME_MUTATION } from '../../lib/account/account-operations';
import { sendDocument, type GraphqlError } from '../../lib/graphql/send-document';
import { START_IMPERSONATION_MUTATION, STOP_IMPERSONATION_MUTATION } from '../../lib/impersonation/impersonation-operations';
import { RETRY_AFTER_SECONDS, ServiceUnavailableError } from '../../lib/http/service-unavailable';
import { proxyGraphql, type ProxyInput } from './graphql-proxy';
import { LoginError } from './login-error';
import { LOGIN_TRANSACTION_TTL_SECONDS, createLoginTransactionCodec } from './login-transaction';
import { pathInLanguage } from '../../lib/i18n/language-path';
import type { OidcClient } from './oidc-client';
import type { RateLimiter } from './rate-limit';
import { serializeCookie, type LoadedSession, type SessionManager } from './sessions';
import { buildUpstreamHeaders } from './upstream-headers';
import { errorMessage } from '../../lib/text/error-message';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/i18n/namespaces';

/** Access tokens are refreshed this long before they expire (the login client's token cache expires 60 s early). */
const REFRESH_MARGIN_MS = 60_000;
/** The login client's lock timeout: a call waiting on another's refresh gives up after 5 s. */
const REFRESH_LOCK_TIMEOUT_MS = 5_000;
/** How long the store's refresh lock lives if its holder dies: beyond a token request with its retries. */
const REFRESH_LOCK_TTL_MS = 30_000;
/** How often an instance waiting on another instance's refresh looks for the new tokens. */
const REFRESH_POLL_MS = 100;

const isFresh = (session: LoadedSession) => session.record.tokens.expiresAt - REFRESH_MARGIN_MS > Date.now();
const refreshTimeout = () => new LoginError('timeout', 'Timeout', 'the sign-in service is slow; try again');

const SESSION_ENDED = { status: 401, body: { errors: [{ message: 'Your session has ended. Sign in again.', extensions: { code: 'UNAUTHENTICATED' } }] } };
const SIGN_IN_SERVICE_SLOW = {
  status: 503,
  headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
  body: { errors: [{ message: 'Timeout: the sign-in service did not answer in time. Try again in a moment.', extensions: { code: 'UNAVAILABLE', reason: 'signIn' } }] },
};

/** Waits for a refresh another call started, at most the lock timeout. */
function waitForRefresh<T>(pending: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(refreshTimeout()), REFRESH_LOCK_TIMEOUT_MS);
  });
  return Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
}

export interface BffOptions {
  sessions: SessionManager;
  oidc: OidcClient;
  callApi: ApiCaller;
  transactionKey: Uint8Array;
  transactionCookieName: string;
  secureCookies: boolean;
  /** Limits /api/graphql calls per session (checklist F35); null: no limit. */
  rateLimiter?: RateLimiter | null;
  log: (message: string) => void;
}

export interface Redirect {
  location: string;
  setCookies: string[];
}

/**
 * The backend-for-frontend: sign-in and sign-out, sessions holding every token, and
 * calls to the API with the headers the session allows. Pages and endpoints reach it
 * through `locals.services.bff`.
 */
export function createBff(options: BffOptions) {
  const { sessions, oidc, callApi, log } = options;
  const transactions = createLoginTransactionCodec(options.transactionKey);
  const refreshing = new Map<string, Promise<LoadedSession | null>>();

  const transactionCookie = (value: string, maxAge: number) =>
    serializeCookie(options.transactionCookieName, value, { maxAge, secure: options.secureCookies });

  /**
   * Refreshes under the session store's lock: with several instances, two requests of one
   * browser on two instances would otherwise both spend the same refresh token, and the
   * provider, which rotates refresh tokens, takes the second use for a stolen token and
   * revokes the grant (the user is signed out). The instance that does not get the lock
   * waits for the new tokens to appear in the store, at most the lock timeout.
   */
  async function refreshUnderLock(session: LoadedSession): Promise<LoadedSession | null> {
    const lockName = `refresh:${session.id}`;
    const deadline = Date.now() + REFRESH_LOCK_TIMEOUT_MS;
    let lock = await sessions.acquireLock(lockName, REFRESH_LOCK_TTL_MS);
    while (!lock) {
      if (Date.now() >= deadline) throw refreshTimeout();
      await new Promise((resolve) => setTimeout(resolve, REFRESH_POLL_MS));
      const latest = await sessions.load(session.id, { touch: false });
      if (!latest) return null;
      if (isFresh(latest)) return latest;
      lock = await sessions.acquireLock(lockName, REFRESH_LOCK_TTL_MS);
    }
    try {
      // Refreshed by another instance between our read and our lock: its tokens are the
      // live ones, and ours hold the refresh token it already spent.
      const latest = await sessions.load(session.id, { touch: false });
      if (!latest) return null;
      if (isFresh(latest)) return latest;
      const { refreshToken, idToken } = latest.record.tokens;
      if (!refreshToken) {
        await sessions.destroy(latest.id);
        return null;
      }
      try {
        const tokens = await oidc.refresh(refreshToken, idToken);
        latest.record.tokens = {
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken ?? refreshToken,
          idToken: tokens.idToken,
          expiresAt: tokens.expiresAt,
          scope: tokens.scope,
        };
        await sessions.save(latest);
        return latest;
      } catch (error) {
        if (error instanceof LoginError && error.code === 'login_required') {
          log('session: refresh refused by the provider; signing the user out');
          await sessions.destroy(latest.id);
          return null;
        }
        throw error;
      }
    } finally {
      await sessions.releaseLock(lockName, lock).catch((error: unknown) => log(`session: releasing the refresh lock failed (it expires by itself): ${String(error)}`));
    }
  }

  /** A fresh access token for the session: one refresh at a time per session, across instances. */
  async function withFreshTokens(session: LoadedSession): Promise<LoadedSession | null> {
    if (isFresh(session)) return session;
    let refresh = refreshing.get(session.id);
    const waiting = refresh !== undefined;
    if (!refresh) {
      refresh = refreshUnderLock(session).finally(() => refreshing.delete(session.id));
      refreshing.set(session.id, refresh);
    }
    const refreshed = await (waiting ? waitForRefresh(refresh) : refresh);
    // The caller may save its copy of the session later (a company chosen): it must carry
    // the new tokens, or it would write back the refresh token just spent.
    if (refreshed) session.record.tokens = refreshed.record.tokens;
    return refreshed;
  }

  /**
   * The session with fresh tokens, or the answer to give instead: 401 when the session
   * ended, 503 when the provider is slow or down (a clear error, never a 500).
   */
  async function freshOrAnswer(session: LoadedSession): Promise<LoadedSession | GraphqlAnswer> {
    try {
      return (await withFreshTokens(session)) ?? SESSION_ENDED;
    } catch (error) {
      if (error instanceof LoginError && (error.code === 'timeout' || error.code === 'request_error')) {
        log(`session: token refresh unavailable (${error.message})`);
        return SIGN_IN_SERVICE_SLOW;
      }
      throw error;
    }
  }

  return {
    sessionCookieName: sessions.policy.cookieName,
    transactionCookieName: options.transactionCookieName,
    loadSession: sessions.load,
    clearSessionCookie: sessions.clearCookie,

    /** `language`: the language of the page the sign-in starts from, which the provider's pages take. */
    async startLogin(returnTo: string | null, signUp: boolean, language: Language, loginHint: string | null = null, signOn: string | null = null, reauthenticate = false): Promise<Redirect> {
      const { url, transaction } = await oidc.startLogin(safeReturnTo(returnTo), signUp, language, loginHint, signOn, reauthenticate);
      return { location: url.href, setCookies: [transactionCookie(await transactions.seal(transaction), LOGIN_TRANSACTION_TTL_SECONDS)] };
    },

    /**
     * Ends the login on the callback. The transaction cookie is cleared whatever happens;
     * on success the browser gets a brand-new session id (any earlier one is destroyed).
     */
    async completeLogin(callbackUrl: URL, transactionValue: string | undefined, previousSessionId: string | undefined, rememberedArea: string | null = null): Promise<Redirect & { signUp: boolean }> {
      const clearTransaction = transactionCookie('', 0);
      const transaction = await transactions.open(transactionValue);
      try {
        const tokens = await oidc.completeLogin(callbackUrl, transaction);
        await sessions.destroy(previousSessionId);
        const session = await sessions.create({
          tokens: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, idToken: tokens.idToken, expiresAt: tokens.expiresAt, scope: tokens.scope },
          claims: tokens.claims,
          providerSessionId: tokens.providerSessionId,
          selectedCompanyId: null,
          impersonateAs: null,
        });
        if (transaction!.signUp) await this.keepSignUpLanguage(session, transaction!.language);
        const landing = transaction!.signUp ? transaction!.returnTo : await this.landingAfterSignIn(session, transaction!.returnTo, rememberedArea);
        // A sign-in started on a French page (/fr/sign-in?returnTo=/talent/dashboard) lands in French.
        const location = pathInLanguage(landing, transaction!.language);
        return { location, signUp: transaction!.signUp, setCookies: [clearTransaction, sessions.cookie(session.id)] };
      } catch (error) {
        const code = error instanceof LoginError ? error.code : 'login_failed';
        log(`sign-in failed: ${code}${error instanceof Error ? ` (${error.message})` : ''}`);
        const setCookies = [clearTransaction];
        if (code === 'login_required') {
          await sessions.destroy(previousSessionId);
          setCookies.push(sessions.clearCookie());
        }
        return { location: pathInLanguage(`/sign-in?error=${code}`, transaction?.language ?? DEFAULT_LANGUAGE), signUp: false, setCookies };
      }
    },

    /**
     * A new account's language is the one its sign-up was made in (user-language.ts): its
     * first mails are written in it. A failure is logged and never fails the sign-up; the
     * account then reads English until its user chooses.
     */
    async keepSignUpLanguage(session: LoadedSession, language: Language): Promise<void> {
      const answer = await sendDocument((body) => this.graphql(session, body, '/'), UPDATE_ME_MUTATION, { data: { language } }).catch((error: unknown) => ({ errors: [{ message: errorMessage(error) }] }));
      if (answer.errors.length) log(`sign-up: the account's language was not kept (${answer.errors[0]!.message})`);
    },

    /**
     * Where a sign-in lands: where the user was going when they were sent to sign in;
     * otherwise the user's `redirect` from findMe when there is one (the current-user state's redirect, e.g. create
     * your profile; same-origin paths only), else their home (home-landing.ts: the area
     * they worked in last, `rememberedArea`, when they have several), else the home page.
     * A guarded page the user asked for wins over the backend's suggestion. A findMe
     * failure must not fail the sign-in.
     */
    async landingAfterSignIn(session: LoadedSession, returnTo: string, rememberedArea: string | null = null): Promise<string> {
      if (returnTo !== '/') return returnTo;
      try {
        const user = await this.currentUser(session, returnTo);
        const redirect = user?.redirect ? safeReturnTo(user.redirect) : null;
        if (redirect && redirect !== '/') return redirect;
        return (user && homeOf(user, rememberedArea)) ?? returnTo;
      } catch (error) {
        log(`sign-in: findMe failed, landing on ${returnTo} (${errorMessage(error)})`);
        return returnTo;
      }
    },

    /**
     * Back-channel logout: the provider says its session `sid` ended, so ours ends too.
     * Anything that is not a valid logout token for a session we hold ends nothing.
     */
    async backchannelLogout(logoutToken: string): Promise<{ ok: true } | { ok: false; reason: string }> {
      let claims: { sid: string; sub: string | null };
      try {
        claims = await oidc.verifyLogoutToken(logoutToken);
      } catch (error) {
        return { ok: false, reason: error instanceof Error ? error.message : 'invalid logout token' };
      }
      const session = await sessions.findByProviderSession(claims.sid);
      // Our own sign-out ends the session before the provider calls: that is success.
      if (!session) return (await sessions.providerSessionEnded(claims.sid)) ? { ok: true } : { ok: false, reason: 'no session with this sid' };
      if (claims.sub !== null && claims.sub !== session.record.claims.sub) return { ok: false, reason: 'the sid belongs to another subject' };
      await sessions.destroy(session.id);
      log(`session: ended by the provider (back-channel logout of ${claims.sub ?? 'a user'})`);
      return { ok: true };
    },

    /** Ends the session here and at the provider (with id_token_hint), revoking the refresh token. */
    async logout(session: LoadedSession | null, language: Language): Promise<Redirect> {
      const setCookies = [sessions.clearCookie()];
      if (!session) return { location: pathInLanguage('/', language), setCookies };
      await sessions.destroy(session.id);
      const { refreshToken } = session.record.tokens;
      if (refreshToken) {
        // Sign-out must not fail because the provider is slow or down: the session is
        // already gone here, and the token expires on its own.
        await oidc.revokeRefreshToken(refreshToken).catch((error: unknown) => log(`sign-out: refresh token not revoked (${errorMessage(error)})`));
      }
      try {
        return { location: await oidc.endSessionUrl(session.record.tokens.idToken, language), setCookies };
      } catch {
        return { location: pathInLanguage('/', language), setCookies };
      }
    },

    /** A GraphQL call on behalf of the session (or as a guest), with fresh tokens. */
    async graphql(session: LoadedSession | null, body: GraphqlRequestBody, pagePath: string, signal?: AbortSignal): Promise<GraphqlAnswer> {
      const fresh = session ? await freshOrAnswer(session) : null;
      if (fresh && 'status' in fresh) return fresh;
      return callApi(body, buildUpstreamHeaders(fresh?.record ?? null, pagePath), signal);
    },

    /**
     * As `graphql`, in another of the user's companies than the selected one (tp-company):
     * a company page asks whether it holds the record the page's address names. The API
     * takes the company only if it is a verified one of the user's, as it does the selected
     * one; the session's selection stays as it is.
     */
    async graphqlInCompany(session: LoadedSession, body: GraphqlRequestBody, pagePath: string, companyId: string): Promise<GraphqlAnswer> {
      const fresh = await freshOrAnswer(session);
      if ('status' in fresh) return fresh;
      return callApi(body, buildUpstreamHeaders({ ...fresh.record, selectedCompanyId: companyId }, pagePath));
    },

    /** As `graphql`, with files for the operation's File variables (sent as multipart/form-data). */
    async graphqlUpload(session: LoadedSession, body: GraphqlRequestBody, files: GraphqlFiles, pagePath: string): Promise<GraphqlAnswer> {
      const fresh = await freshOrAnswer(session);
      if ('status' in fresh) return fresh;
      return callApi(body, buildUpstreamHeaders(fresh.record, pagePath), undefined, files);
    },

    /** The current-user state for a session, or null when it has ended. */
    async currentUser(session: LoadedSession, pagePath: string): Promise<CurrentUser | null> {
      // findMe is sent without tp-company: it lists every membership, so it must not depend
      // on the selected one, which may be a company the user has just been removed from (the
      // API would refuse the whole call and lock them out of every page). The middleware
      // checks the selection against this answer.
      const answer = await sendDocument(async (body) => {
        const fresh = await freshOrAnswer(session);
        if ('status' in fresh) return fresh;
        return callApi(body, buildUpstreamHeaders({ ...fresh.record, selectedCompanyId: null }, pagePath));
      }, FIND_ME_QUERY);
      if (answer.status === 401) return null;
      // Blocked or deleted by an admin: the session ends here and now, even when
      // the admin's own ending of every session did not reach this store.
      const refusedFor = (reason: string) => answer.errors.some((error) => error.extensions?.code === 'FORBIDDEN' && error.extensions?.reason === reason);
      if (refusedFor('accountInactive')) {
        log(`session: the account of ${session.record.claims.sub} is not active; session ended`);
        await sessions.destroy(session.id);
        return null;
      }
      // The user being acted as was blocked or deleted meanwhile: the impersonator goes on as themselves.
      if (refusedFor('impersonationRefused') && session.record.impersonateAs) {
        await this.stopImpersonation(session);
        return this.currentUser(session, pagePath);
      }
      // The database or the sign-in service is down: the user is still signed in, the page says try again.
      const unavailable = answer.status === 503 ? answer.errors.find((error) => error.extensions?.code === 'UNAVAILABLE') : undefined;
      if (unavailable) throw new ServiceUnavailableError(unavailable.extensions?.reason === 'signIn' ? 'signIn' : 'database');
      if (answer.errors.length || !answer.data) throw new Error(`findMe failed: ${answer.errors[0]?.message ?? answer.status}`);
      return toCurrentUser(answer.data);
    },

    /** `/api/graphql` for islands: see graphql-proxy.ts for what it refuses. */
    proxy(input: ProxyInput): Promise<Response> {
      return proxyGraphql(this, input, options.rateLimiter ?? null);
    },

    /** True when a form post carries the session's anti-forgery token. */
    verifyCsrf(session: LoadedSession | null, token: FormDataEntryValue | string | null | undefined): boolean {
      return session !== null && typeof token === 'string' && token.length > 0 && token === session.record.csrfToken;
    },

    /**
     * Acts as another user from now on (accountable impersonation). The API decides whether
     * the caller may (impersonation role, target active and not an admin, a reason given)
     * and records the impersonation; the session keeps whom and why for the banner. The
     * start is sent as the impersonator themselves; the company selection belonged to the
     * other identity, so it starts afresh.
     */
    async startImpersonation(
      session: LoadedSession,
      input: { externalId: string; reason: string },
      pagePath: string,
    ): Promise<{ ok: true } | { ok: false; errors: GraphqlError[] }> {
      const previous = { impersonateAs: session.record.impersonateAs, selectedCompanyId: session.record.selectedCompanyId };
      Object.assign(session.record, { impersonateAs: null, selectedCompanyId: null });
      const answer = await sendDocument((body) => this.graphql(session, body, pagePath), START_IMPERSONATION_MUTATION, input);
      const started = answer.data?.startImpersonation;
      if (!started) {
        Object.assign(session.record, previous);
        return { ok: false, errors: answer.errors.length ? answer.errors : [{ message: 'This user cannot be impersonated' }] };
      }
      session.record.impersonateAs = input.externalId;
      session.record.impersonation = { reason: started.reason, startedAt: started.startedAt };
      await sessions.save(session);
      log(`impersonation: ${session.record.claims.sub} now acts as ${input.externalId}`);
      return { ok: true };
    },

    /**
     * Back to acting as oneself. The API is told first (the impersonation's end is
     * recorded); the session forgets the other user even when the API cannot be reached,
     * and an impersonation left open that way ends at its time limit.
     */
    async stopImpersonation(session: LoadedSession, pagePath = '/impersonate'): Promise<void> {
      if (!session.record.impersonateAs) return;
      const actingAs = session.record.impersonateAs;
      Object.assign(session.record, { impersonateAs: null, selectedCompanyId: null, impersonation: null });
      await sendDocument((body) => this.graphql(session, body, pagePath), STOP_IMPERSONATION_MUTATION).catch((error: unknown) => {
        log(`impersonation: the end of ${session.record.claims.sub} acting as ${actingAs} was not recorded: ${String(error)}`);
      });
      log(`impersonation: ${session.record.claims.sub} stopped acting as ${actingAs}`);
      await sessions.save(session);
    },

    async selectCompany(session: LoadedSession, companyId: string | null): Promise<void> {
      if (session.record.selectedCompanyId === companyId) return;
      session.record.selectedCompanyId = companyId;
      await sessions.save(session);
    },
  };
}

export type Bff = ReturnType<typeof createBff>;
