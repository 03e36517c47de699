import { Browser, parsePage, type PageResponse } from '../integration/idp/browser';
import { claimSecondFactorCode, demoSecondFactorSecret } from './second-factor-code';
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

/** The password every seeded demo account signs in with (README: demo accounts). */
export const DEMO_PASSWORD = 'talentplace-demo';

/**
 * Signs a seeded demo account in through the product's /sign-in and the built-in
 * provider's form, like a person would; returns the browser, the page it landed on
 * (`returnTo`) and that page's anti-forgery token.
 */
export async function signInThroughProduct(origin: string, email: string, returnTo: string, password = DEMO_PASSWORD) {
  const browser = new Browser();
  const loginPage = await browser.follow(`${origin}/sign-in?returnTo=${encodeURIComponent(returnTo)}`, () => false);
  // The address step takes the password with it (as a password manager fills both): one post signs in.
  const form = parsePage(loginPage.html).forms.find((candidate) => candidate.action?.endsWith('/email'));
  if (!form?.action) throw new Error(`no login form at ${loginPage.url.href}`);
  let landed = await browser.follow(new URL(form.action, loginPage.url), () => false, { form: { ...form.hidden, email, password } });
  const secret = demoSecondFactorSecret(email);
  if (secret) landed = await enterSecondFactorCode(browser, landed, secret, `${new URL(origin).origin}\n${email}`);
  if (landed.url.pathname !== new URL(returnTo, origin).pathname) throw new Error(`signing ${email} in landed on ${landed.url.href} (${landed.status})`);
  return { browser, landed, csrf: csrfTokenOf(landed.html) };
}

/**
 * On the provider's code page (after the password of an account with a second factor):
 * posts a freshly claimed code (tests/support/second-factor-code.ts), again if another
 * test used the step meanwhile; returns the page it led to.
 */
export async function enterSecondFactorCode(browser: Browser, page: PageResponse, secret: string, scope: string): Promise<PageResponse> {
  let current = page;
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const form = parsePage(current.html).forms.find((candidate) => candidate.action?.endsWith('/second-factor'));
    if (!form?.action) throw new Error(`no second-factor form at ${current.url.href} (${current.status})`);
    const code = await claimSecondFactorCode(secret, scope);
    current = await browser.follow(new URL(form.action, current.url), () => false, { form: { ...form.hidden, code }, headers: { origin: current.url.origin } });
    if (!(current.status === 400 && current.html.includes('already used'))) return current;
  }
  return current;
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
