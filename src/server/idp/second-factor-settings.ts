import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { withUiLocales } from '../../lib/i18n/ui-locales';
import type { AccountStore } from './account-store';
import { clientAddressOf } from './client-address-header';
import { FormBodyError, readFormBody } from './form-body';
import { sendHtml } from './html-response';
import { minutesToWait, type Throttled } from './login-throttle';
import { productPageIn, wordsOf, type Branding, type BrandingFor } from './page-branding';
import { renderMessagePage } from './pages';
import { looksLikeRecoveryCode, normalizeCode, otpauthUri, requiresSecondFactor, TOTP_DIGITS } from './second-factor';
import { renderRecoveryCodesPage, renderSecondFactorEnrolPage, renderSecondFactorSettingsPage } from './second-factor-pages';
import type { SecondFactorStatus, SecondFactorStore } from './second-factor-store';

/** Below the provider's mount path. */
export const SECOND_FACTOR_PATH = '/second-factor';

export interface SecondFactorSettingsOptions {
  provider: Provider;
  accounts: AccountStore;
  store: SecondFactorStore;
  /** Each request's branding; the forms' actions keep the page's language. */
  brandingFor: BrandingFor;
  /** The page's own path (its forms post to it). */
  action: string;
  /** The product's account page: where Cancel and Back lead. */
  accountUrl: string;
  issuerOrigin: string;
  requiredRoles: readonly string[];
  log: (message: string) => void;
}

/**
 * "Two-step sign-in" from the product's account page, served by the provider, which holds
 * the secrets: the account is the one of the provider's own session (SameSite cookie; a
 * foreign Origin is refused too). Off: the enrolment (QR code, secret as text, a code
 * to confirm, then the recovery codes once). On: turned off or replaced with a current
 * code, a recovery code or the password, each checked under the sign-in throttle. An
 * account whose role requires a factor can replace it but not turn it off.
 */
export function createSecondFactorSettingsHandler(options: SecondFactorSettingsOptions) {
  const { accounts, store, provider, log } = options;
  const message = (res: ServerResponse, branding: Branding, status: number, title: string, text: string, link?: { href: string; text: string }) =>
    sendHtml(res, status, renderMessagePage(branding, { title, message: text, ...(link ? { link } : {}) }));
  /** The page's own address and the account page's, in the page's language. */
  const actionIn = (branding: Branding) => withUiLocales(options.action, branding.language);
  const accountPageIn = (branding: Branding) => productPageIn(branding, options.accountUrl);

  async function signedInAccount(req: IncomingMessage, res: ServerResponse): Promise<string | null> {
    const session = await provider.Session.get(provider.createContext(req, res));
    return typeof session.accountId === 'string' ? session.accountId : null;
  }

  const throttledWords = (branding: Branding, result: Throttled) => wordsOf(branding)('identity.pages.signIn.errors.throttled', { count: minutesToWait(result.retryAt.getTime() - Date.now()) });
  const retryAfter = (result: Throttled) => ({ 'retry-after': String(Math.max(1, Math.ceil((result.retryAt.getTime() - Date.now()) / 1000))) });

  async function enrolPage(res: ServerResponse, branding: Branding, status: SecondFactorStatus, code: number, error?: string, restart = false, headers?: Record<string, string>) {
    const secret = await store.pendingSecret(status.accountId, { restart });
    const t = wordsOf(branding);
    if (!secret) return message(res, branding, 404, t('identity.pages.notFound.title'), t('identity.pages.notFound.message'));
    const html = await renderSecondFactorEnrolPage(branding, {
      form: { action: actionIn(branding) },
      exit: { backUrl: accountPageIn(branding) },
      uri: otpauthUri(secret, status.email, branding.productName),
      secret,
      required: requiresSecondFactor(status.roles, options.requiredRoles),
      ...(error ? { error } : {}),
    });
    sendHtml(res, code, html, headers);
  }

  function settingsPage(res: ServerResponse, branding: Branding, status: SecondFactorStatus, code: number, error?: string, headers?: Record<string, string>) {
    sendHtml(res, code, renderSecondFactorSettingsPage(branding, {
      action: actionIn(branding),
      backUrl: accountPageIn(branding),
      enabledAt: status.enabledAt ?? new Date(),
      recoveryCodesLeft: status.recoveryCodesLeft,
      required: requiresSecondFactor(status.roles, options.requiredRoles),
      ...(error ? { error } : {}),
    }), headers);
  }

  /** A current code, a recovery code (used up) or the password: whichever the proof looks like. */
  async function proves(status: SecondFactorStatus, proof: string, client: string): Promise<{ ok: true } | { ok: false; throttled?: Throttled }> {
    const isCode = new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normalizeCode(proof)) || looksLikeRecoveryCode(proof);
    if (isCode) {
      const check = await store.verify(status.accountId, proof, client);
      if (check.ok) return { ok: true };
      return check.reason === 'throttled' ? { ok: false, throttled: check } : { ok: false };
    }
    const check = await accounts.authenticate(status.email, proof, client);
    if (check.ok) return { ok: true };
    return !check.ok && check.reason === 'throttled' ? { ok: false, throttled: check } : { ok: false };
  }

  async function post(res: ServerResponse, branding: Branding, status: SecondFactorStatus, fields: URLSearchParams, client: string): Promise<void> {
    const t = wordsOf(branding);
    const intent = fields.get('intent');
    if (intent === 'enable') {
      const result = await store.enable(status.accountId, fields.get('code') ?? '', client);
      if (result.ok) {
        log(`idp: second factor turned on (client ${client})`);
        sendHtml(res, 200, renderRecoveryCodesPage(branding, { codes: result.recoveryCodes, next: { href: accountPageIn(branding) } }));
        return;
      }
      // With a factor on, only a replacement begun with a proof has a secret to confirm; never make one here.
      if (result.reason === 'no-enrolment' && status.enabled) return settingsPage(res, branding, status, 400);
      if (result.reason === 'throttled') return enrolPage(res, branding, status, 429, throttledWords(branding, result), false, retryAfter(result));
      const error = result.reason === 'replayed' ? t('identity.pages.secondFactor.errors.replayed') : result.reason === 'wrong' ? t('identity.pages.secondFactor.errors.wrong') : undefined;
      return enrolPage(res, branding, status, 400, error);
    }
    if (!status.enabled) return enrolPage(res, branding, status, 200);
    if (intent !== 'disable' && intent !== 'replace') return settingsPage(res, branding, status, 400);
    if (intent === 'disable' && requiresSecondFactor(status.roles, options.requiredRoles)) {
      return settingsPage(res, branding, status, 403, t('identity.pages.secondFactor.errors.requiredByRole'));
    }
    const proof = await proves(status, fields.get('proof') ?? '', client);
    if (!proof.ok) {
      if (proof.throttled) return settingsPage(res, branding, status, 429, throttledWords(branding, proof.throttled), retryAfter(proof.throttled));
      return settingsPage(res, branding, status, 400, t('identity.pages.secondFactor.errors.wrongProof'));
    }
    if (intent === 'replace') return enrolPage(res, branding, status, 200, undefined, true);
    await store.disable(status.accountId);
    log(`idp: second factor turned off (client ${client})`);
    message(res, branding, 200, t('identity.pages.secondFactor.disabled.title'), t('identity.pages.secondFactor.disabled.message'), {
      href: accountPageIn(branding),
      text: t('identity.pages.secondFactor.settings.back'),
    });
  }

  return async function handleSecondFactorSettings(req: IncomingMessage, res: ServerResponse, query: URLSearchParams): Promise<void> {
    const branding = options.brandingFor(req, query);
    const t = wordsOf(branding);
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') {
      req.resume();
      sendHtml(res, 405, renderMessagePage(branding, { title: t('identity.pages.methodNotAllowed.title'), message: t('identity.pages.methodNotAllowed.message') }), { allow: 'GET, POST' });
      return;
    }
    if (req.method === 'POST' && req.headers.origin !== undefined && req.headers.origin !== options.issuerOrigin) {
      req.resume();
      message(res, branding, 403, t('identity.pages.requestRefused.title'), t('identity.pages.requestRefused.foreignOrigin', { productName: branding.productName }));
      return;
    }
    let fields: URLSearchParams | null = null;
    if (req.method === 'POST') {
      try {
        fields = await readFormBody(req);
      } catch (error) {
        if (!(error instanceof FormBodyError)) throw error;
        const words = error.code === 'FORM_TOO_LARGE' ? 'formTooLarge' : 'formUnsupportedType';
        message(res, branding, error.status, t('identity.pages.requestRefused.title'), t(`identity.pages.requestRefused.${words}`));
        return;
      }
    }
    const accountId = await signedInAccount(req, res);
    const status = accountId ? await store.status(accountId) : null;
    if (!status) {
      message(res, branding, 401, t('identity.pages.secondFactor.signInFirst.title'), t('identity.pages.secondFactor.signInFirst.message'), {
        href: `${branding.signInUrl}?returnTo=${encodeURIComponent(new URL(options.accountUrl).pathname)}`,
        text: t('identity.pages.signIn.submit'),
      });
      return;
    }
    if (fields) return post(res, branding, status, fields, clientAddressOf(req));
    if (status.enabled) return settingsPage(res, branding, status, 200);
    return enrolPage(res, branding, status, 200);
  };
}
