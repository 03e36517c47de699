import type { IncomingMessage, ServerResponse } from 'node:http';
import { withUiLocales } from '../../lib/i18n/ui-locales';
import { errorMessage } from '../../lib/text/error-message';
import type { RateLimiter } from '../bff/rate-limit';
import type { Mailer } from '../mail/mailer';
import { createAccountLinkToken, readAccountLinkToken } from './account-link';
import type { AccountStore } from './account-store';
import { clientAddressOf } from './client-address-header';
import { FormBodyError, readFormBody } from './form-body';
import { sendHtml } from './html-response';
import { passwordResetMail } from './identity-mails';
import { minutesToWait } from './login-throttle';
import { wordsOf, type Branding, type BrandingFor } from './page-branding';
import { renderMessagePage, renderNewPasswordPage, renderPasswordResetRequestPage } from './pages';
import { isValidEmail, normalizeEmail } from './sign-up-validation';
import { hasControlCharacters } from '../../lib/text/control-characters';

/** Below the provider's mount path. */
export const PASSWORD_RESET_PATH = '/password-reset';

export interface PasswordResetOptions {
  accounts: AccountStore;
  /** Each request's branding: the sign-in page's link, the forms' actions and the mail's link name the language. */
  brandingFor: BrandingFor;
  mailer: Mailer;
  /** The reset page's public address, e.g. `https://talentplace.example/oidc/password-reset`. */
  pageUrl: string;
  /** The issuer's origin: the only Origin a form post may come from. */
  issuerOrigin: string;
  /** Secrets signing the links, newest first (the provider's cookie keys). */
  linkKeys: readonly string[];
  /** Reset requests per client address. */
  perClient: RateLimiter;
  /** Reset requests per address asked for: nobody floods a mailbox with links. */
  perAddress: RateLimiter;
  /** Ends the product's own sessions of the account (the BFF's store), after a reset. */
  endSessions: (accountId: string) => Promise<number>;
  log: (message: string) => void;
}

/**
 * "Forgot your password?": the owner of an address takes the account back. The request
 * answers the same whether or not the address has an account (and mails in the background,
 * so the time taken tells nothing either); the link is single-use and short-lived
 * (account-link.ts); setting the password confirms the address and ends every session of
 * the account, at the provider and in the product. Both steps are throttled per client
 * address, the request also per address asked for. Each page, and the mail, is in the
 * language of the page the person came from; the forms' actions and the mail's link keep it.
 */
export function createPasswordResetHandler(options: PasswordResetOptions) {
  const { accounts, log } = options;
  const path = new URL(options.pageUrl).pathname;
  /** Where a page's form posts: the page itself, in its language. */
  const actionIn = (branding: Branding) => withUiLocales(path, branding.language);

  const sendMessage = (res: ServerResponse, branding: Branding, status: number, title: string, message: string, link?: { href: string; text: string }, headers?: Record<string, string>) =>
    sendHtml(res, status, renderMessagePage(branding, { title, message, link }), headers);

  const throttled = (res: ServerResponse, branding: Branding, retryAfterSeconds: number) => {
    const t = wordsOf(branding);
    sendMessage(res, branding, 429, t('identity.pages.passwordReset.throttled.title'), t('identity.pages.passwordReset.throttled.message', { count: minutesToWait(retryAfterSeconds * 1000) }), undefined, {
      'retry-after': String(retryAfterSeconds),
    });
  };

  const linkDoesNotWork = (res: ServerResponse, branding: Branding) => {
    const t = wordsOf(branding);
    sendMessage(res, branding, 400, t('identity.pages.passwordReset.invalid.title'), t('identity.pages.passwordReset.invalid.message'), {
      href: actionIn(branding),
      text: t('identity.pages.passwordReset.invalid.again'),
    });
  };

  async function mailLink(email: string, branding: Branding): Promise<void> {
    const account = await accounts.accountByEmail(email);
    // No account: nothing is sent (the page said "if an account uses it").
    if (!account) return;
    const token = createAccountLinkToken('passwordReset', options.linkKeys[0]!, account);
    const link = withUiLocales(`${options.pageUrl}?token=${encodeURIComponent(token)}`, branding.language);
    await options.mailer.send(passwordResetMail(branding, account, link));
  }

  async function request(req: IncomingMessage, res: ServerResponse, form: URLSearchParams, branding: Branding): Promise<void> {
    const t = wordsOf(branding);
    const typed = form.get('email') ?? '';
    const email = hasControlCharacters(typed) ? '' : normalizeEmail(typed);
    if (!isValidEmail(email)) {
      sendHtml(res, 400, renderPasswordResetRequestPage(branding, { action: actionIn(branding), email: typed, error: t('identity.pages.signUp.errors.emailInvalid') }));
      return;
    }
    const client = clientAddressOf(req);
    for (const decision of [await options.perClient.take(client), await options.perAddress.take(email)]) {
      if (!decision.allowed) {
        log(`idp: password reset refused, too many asked for (client ${client})`);
        throttled(res, branding, decision.retryAfterSeconds);
        return;
      }
    }
    // In the background: the answer must not wait for the database or the mail server,
    // or its time would tell whether the address has an account.
    mailLink(email, branding).catch((error: unknown) => log(`idp: password reset mail failed: ${errorMessage(error)}`));
    sendMessage(res, branding, 200, t('identity.pages.passwordReset.sent.title'), t('identity.pages.passwordReset.sent.message', { email }));
  }

  async function choose(req: IncomingMessage, res: ServerResponse, form: URLSearchParams, branding: Branding): Promise<void> {
    const t = wordsOf(branding);
    const token = form.get('token');
    const link = readAccountLinkToken('passwordReset', options.linkKeys, token);
    if (!link) {
      linkDoesNotWork(res, branding);
      return;
    }
    const client = clientAddressOf(req);
    const decision = await options.perClient.take(client);
    if (!decision.allowed) {
      throttled(res, branding, decision.retryAfterSeconds);
      return;
    }
    const result = await accounts.resetPassword(link, form.get('password') ?? '');
    if (!result.ok && result.reason === 'invalid') {
      const [issue] = result.issues;
      sendHtml(res, 400, renderNewPasswordPage(branding, { action: actionIn(branding), token: token!, error: t(`identity.pages.signUp.errors.${issue!.code}`, issue!.params ?? {}) }));
      return;
    }
    if (!result.ok) {
      linkDoesNotWork(res, branding);
      return;
    }
    const ended = await options.endSessions(result.accountId).catch((error: unknown) => {
      log(`idp: ending the sessions after a password reset failed: ${errorMessage(error)}`);
      return 0;
    });
    log(`idp: password reset (client ${client}, ${ended} product sessions ended)`);
    sendMessage(res, branding, 200, t('identity.pages.passwordReset.done.title'), t('identity.pages.passwordReset.done.message'), {
      href: branding.signInUrl,
      text: t('identity.pages.signIn.submit'),
    });
  }

  /** Serves `/password-reset` (below the mount path): GET shows a form, POST acts on it. */
  return async function handlePasswordReset(req: IncomingMessage, res: ServerResponse, query: URLSearchParams): Promise<void> {
    const branding = options.brandingFor(req, query);
    const t = wordsOf(branding);
    if (req.method === 'GET' || req.method === 'HEAD') {
      const token = query.get('token');
      const link = token === null ? null : readAccountLinkToken('passwordReset', options.linkKeys, token);
      if (token === null) {
        sendHtml(res, 200, renderPasswordResetRequestPage(branding, { action: actionIn(branding), email: query.get('email') ?? '' }));
      } else if (link && (await accounts.isCurrentLink(link))) {
        // The link is only read here; it is spent when the new password is saved.
        sendHtml(res, 200, renderNewPasswordPage(branding, { action: actionIn(branding), token }));
      } else {
        linkDoesNotWork(res, branding);
      }
      return;
    }
    if (req.method !== 'POST') {
      req.resume();
      sendMessage(res, branding, 405, t('identity.pages.methodNotAllowed.title'), t('identity.pages.methodNotAllowed.message'), undefined, { allow: 'GET, POST' });
      return;
    }
    // As the interaction forms: a present, foreign Origin is a forgery.
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== options.issuerOrigin) {
      req.resume();
      sendMessage(res, branding, 403, t('identity.pages.requestRefused.title'), t('identity.pages.requestRefused.foreignOrigin', { productName: branding.productName }));
      return;
    }
    let form: URLSearchParams;
    try {
      form = await readFormBody(req);
    } catch (error) {
      if (!(error instanceof FormBodyError)) throw error;
      const words = error.code === 'FORM_TOO_LARGE' ? 'formTooLarge' : 'formUnsupportedType';
      sendMessage(res, branding, error.status, t('identity.pages.requestRefused.title'), t(`identity.pages.requestRefused.${words}`));
      return;
    }
    if (form.has('token')) await choose(req, res, form, branding);
    else await request(req, res, form, branding);
  };
}
