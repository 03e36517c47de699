import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { withUiLocales } from '../../lib/i18n/ui-locales';
import { errorMessage } from '../../lib/text/error-message';
import type { AccountStore } from './account-store';
import { clientAddressOf } from './client-address-header';
import { FormBodyError, readFormBody } from './form-body';
import { sendHtml } from './html-response';
import { minutesToWait } from './login-throttle';
import { productPageIn, wordsOf, type BrandingFor } from './page-branding';
import { renderMessagePage, renderPasswordChangePage } from './pages';

/** Below the provider's mount path. */
export const PASSWORD_CHANGE_PATH = '/password-change';

export interface PasswordChangeOptions {
  provider: Provider;
  accounts: AccountStore;
  /** Each request's branding; the form's action keeps the page's language. */
  brandingFor: BrandingFor;
  /** The page's own path (the form posts to it). */
  action: string;
  /** The product's account page: where Cancel leads. */
  accountUrl: string;
  issuerOrigin: string;
  endSessions: (accountId: string) => Promise<number>;
  log: (message: string) => void;
}

/**
 * "Change password" from the product's account page, served by the provider, which holds
 * passwords: the account is the one of the provider's own session (its cookie is SameSite,
 * so a cross-site form carries none; a foreign Origin is refused too), and the current
 * password must be right, checked and throttled like a sign-in. A new password ends every
 * session of the account, at the provider and in the product, as a reset does.
 */
export function createPasswordChangeHandler(options: PasswordChangeOptions) {
  const { accounts, provider, log } = options;

  /** The account of the provider session this browser holds, or null. */
  async function signedInAccount(req: IncomingMessage, res: ServerResponse): Promise<string | null> {
    const session = await provider.Session.get(provider.createContext(req, res));
    return typeof session.accountId === 'string' ? session.accountId : null;
  }

  return async function handlePasswordChange(req: IncomingMessage, res: ServerResponse, query: URLSearchParams): Promise<void> {
    const branding = options.brandingFor(req, query);
    const t = wordsOf(branding);
    const form = (status: number, fieldErrors: Partial<Record<'current' | 'password', string>> = {}, headers: Record<string, string> = {}) =>
      sendHtml(res, status, renderPasswordChangePage(branding, { action: withUiLocales(options.action, branding.language), backUrl: productPageIn(branding, options.accountUrl), fieldErrors }), headers);
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') {
      req.resume();
      sendHtml(res, 405, renderMessagePage(branding, { title: t('identity.pages.methodNotAllowed.title'), message: t('identity.pages.methodNotAllowed.message') }), { allow: 'GET, POST' });
      return;
    }
    if (req.method === 'POST' && req.headers.origin !== undefined && req.headers.origin !== options.issuerOrigin) {
      req.resume();
      sendHtml(res, 403, renderMessagePage(branding, { title: t('identity.pages.requestRefused.title'), message: t('identity.pages.requestRefused.foreignOrigin', { productName: branding.productName }) }));
      return;
    }
    let fields: URLSearchParams | null = null;
    if (req.method === 'POST') {
      try {
        fields = await readFormBody(req);
      } catch (error) {
        if (!(error instanceof FormBodyError)) throw error;
        const words = error.code === 'FORM_TOO_LARGE' ? 'formTooLarge' : 'formUnsupportedType';
        sendHtml(res, error.status, renderMessagePage(branding, { title: t('identity.pages.requestRefused.title'), message: t(`identity.pages.requestRefused.${words}`) }));
        return;
      }
    }
    const accountId = await signedInAccount(req, res);
    if (!accountId) {
      sendHtml(res, 401, renderMessagePage(branding, {
        title: t('identity.pages.passwordChange.signInFirst.title'),
        message: t('identity.pages.passwordChange.signInFirst.message'),
        link: { href: `${branding.signInUrl}?returnTo=${encodeURIComponent(new URL(options.accountUrl).pathname)}`, text: t('identity.pages.signIn.submit') },
      }));
      return;
    }
    if (!fields) {
      form(200);
      return;
    }
    const client = clientAddressOf(req);
    const result = await accounts.changePassword(accountId, fields.get('current') ?? '', fields.get('password') ?? '', client);
    if (!result.ok) {
      if (result.reason === 'throttled') {
        const waitMs = result.retryAt.getTime() - Date.now();
        form(429, { current: t('identity.pages.signIn.errors.throttled', { count: minutesToWait(waitMs) }) }, { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) });
      } else if (result.reason === 'invalid') {
        const [issue] = result.issues;
        form(400, { password: t(`identity.pages.signUp.errors.${issue!.code}`, issue!.params ?? {}) });
      } else {
        form(400, { current: t('identity.pages.passwordChange.wrongPassword') });
      }
      return;
    }
    const ended = await options.endSessions(accountId).catch((error: unknown) => {
      log(`idp: ending the sessions after a password change failed: ${errorMessage(error)}`);
      return 0;
    });
    log(`idp: password changed (client ${client}, ${ended} product sessions ended)`);
    sendHtml(res, 200, renderMessagePage(branding, {
      title: t('identity.pages.passwordReset.done.title'),
      message: t('identity.pages.passwordReset.done.message'),
      link: { href: branding.signInUrl, text: t('identity.pages.signIn.submit') },
    }));
  };
}
