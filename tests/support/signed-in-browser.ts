import { Browser, parsePage } from '../integration/idp/browser';
import { outboxDirOf } from './built-server';
import { linkIn, waitForMail } from './outbox';

/**
 * Signs a new account up through the product's own /sign-up, the built-in provider's
 * form, the confirmation link mailed to the outbox and the callback, like a person
 * would, and returns the browser holding the session.
 */
export async function signUpThroughProduct(origin: string, options: { name?: string; email?: string; password?: string } = {}) {
  const browser = new Browser();
  const email = options.email ?? `user-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const password = options.password ?? 'correct-horse-battery';
  const signUpPage = await browser.follow(`${origin}/sign-up`, () => false);
  const form = parsePage(signUpPage.html).forms.find((candidate) => candidate.action?.includes('signup'));
  if (!form?.action) throw new Error(`no sign-up form at ${signUpPage.url.href}: ${signUpPage.status}`);
  const checkEmail = await browser.follow(new URL(form.action, signUpPage.url), () => false, {
    form: { ...form.hidden, name: options.name ?? 'Test User', email, password },
  });
  if (checkEmail.status !== 200) throw new Error(`sign-up was refused (${checkEmail.status}): ${checkEmail.html.slice(0, 300)}`);
  const landed = await confirmSignUpFromOutbox(browser, origin, email);
  return { browser, email, password, landed };
}

/**
 * After a sign-up form was posted in `browser`: follows the confirmation link the server
 * at `origin` mailed to `email` (from its outbox), stopping where `stopAt` says.
 */
export async function confirmSignUpFromOutbox(browser: Browser, origin: string, email: string, stopAt: (url: URL) => boolean = () => false) {
  const mail = await waitForMail(outboxDirOf(origin), email, { subject: /^Confirm your email/ });
  return browser.follow(linkIn(mail, `${new URL(origin).origin}/oidc/`), stopAt);
}

/** The anti-forgery token the product's pages carry for islands. */
export function csrfTokenOf(html: string): string {
  const match = /<meta name="csrf-token" content="([^"]+)"/.exec(html);
  if (!match) throw new Error('no csrf-token meta tag on the page');
  return match[1]!;
}
