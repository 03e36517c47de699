import AxeBuilder from '@axe-core/playwright';
import { expect, type Cookie, type Page } from '@playwright/test';
import { claimSecondFactorCode, demoSecondFactorSecret } from '../../support/second-factor-code';

/** The demo accounts of the seed (README: demo accounts) share one password. */
export const DEMO_PASSWORD = 'talentplace-demo';
export const DEMO_TALENT = 'talent@demo.test';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The provider sessions (its cookies) of the demo accounts, per worker: a worker enters an
 * account's password (and the admin's code: the provider accepts each code once per
 * 30-second step) once, and later tests sign in on that provider session, as a person's
 * browser does. Each sign-in still makes a new session of the product. When the provider
 * session is gone (signed out everywhere), the form is filled again.
 */
const providerSessions = new Map<string, Cookie[]>();

/**
 * Signs in through the sign-in page and the built-in provider's form, landing on returnTo.
 * The demo admin and support accounts have a second factor: their code is entered too.
 */
export async function signInAs(page: Page, email: string, returnTo: string, password = DEMO_PASSWORD) {
  const secret = password === DEMO_PASSWORD ? demoSecondFactorSecret(email) : null;
  const landed = new RegExp(`${escapeForRegExp(returnTo)}$`);
  const demo = password === DEMO_PASSWORD;
  const kept = demo ? providerSessions.get(email) : undefined;
  if (kept) await page.context().addCookies(kept);
  await page.goto(`/sign-in?returnTo=${encodeURIComponent(returnTo)}`);
  // A kept provider session signs in at once, as in a browser that signed in before.
  if (!kept || !landed.test(page.url())) {
    await enterEmailAndPassword(page, email, password);
    if (secret) await enterSecondFactorCode(page, secret, email);
  }
  await expect(page).toHaveURL(landed);
  if (demo) providerSessions.set(email, (await page.context().cookies()).filter((cookie) => cookie.name.includes('tp_idp_session')));
  // The address changes when the answer starts to arrive: callers read the page at once.
  await page.waitForLoadState('domcontentloaded');
}

/** The provider's two sign-in steps: the address (Continue), then the password (Sign in). */
export async function enterEmailAndPassword(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * On the provider's "Enter your code" page: enters a freshly claimed code of `secret`
 * (tests/support/second-factor-code.ts), again if another test used the step meanwhile.
 */
export async function enterSecondFactorCode(page: Page, secret: string, email: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter your code');
  const origin = new URL(page.url()).origin;
  for (let attempt = 1; ; attempt += 1) {
    await page.getByLabel('Code', { exact: true }).fill(await claimSecondFactorCode(secret, `${origin}\n${email}`));
    await page.getByRole('button', { name: 'Continue' }).click();
    const replayed = page.getByRole('alert').filter({ hasText: 'already used' });
    const outcome = await Promise.race([
      page.waitForURL((url) => !url.pathname.startsWith('/oidc/')).then(() => 'signed in', () => 'gone'),
      replayed.waitFor().then(() => 'replayed', () => 'gone'),
    ]);
    if (outcome !== 'replayed' || attempt === 3) return;
  }
}

/**
 * axe with the WCAG 2.2 AA rule sets: the violations, by rule and element, must be none.
 * In axe's legacy mode, which gathers the results in the page itself instead of a blank
 * page it opens for each scan: the same rules and same-origin frames (the product shows no
 * other), in about half the time (0.43 s against 0.85 s on /jobs; some 200 scans a run).
 */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The page fits a 390 px wide phone: resized, nothing scrolls sideways and axe finds nothing. */
export async function expectFitsPhoneWidth(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
}
