import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { NEW_ACCOUNT_PASSWORD, submitSignUpAndConfirm } from './support/sign-up';
import { enterEmailAndPassword } from './support/demo-session';
import { outboxDirOf } from '../support/built-server';
import { linkIn, waitForMail } from '../support/outbox';

const password = NEW_ACCOUNT_PASSWORD;

async function signUp(page: Page, name: string, email: string) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await submitSignUpAndConfirm(page, name, email);
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).first().click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
}

test.describe('sign-up, sign-in and sign-out through the built-in provider', () => {
  test('a new user signs up, lands on the welcome page signed in, and signs out', async ({ page }) => {
    const email = `new-${Date.now()}@example.test`;
    await signUp(page, 'Nora New', email);
    await expect(page).toHaveURL(/\/sign-up\/success$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Talentplace, Nora New');
    await expect(page.getByRole('button', { name: 'Account menu' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    await logOut(page);
    await expect(page).toHaveURL(/\/$/);
  });

  test('a returning user signs in and comes back to the page they wanted', async ({ page }) => {
    const email = `back-${Date.now()}@example.test`;
    await signUp(page, 'Bo Back', email);
    await expect(page).toHaveURL(/\/sign-up\/success$/);
    await logOut(page);

    await page.goto('/sign-up/success');
    await expect(page).toHaveTitle(/Sign in/);
    await enterEmailAndPassword(page, email, password);
    await expect(page).toHaveURL(/\/sign-up\/success$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bo Back');
  });

  test('a user who forgot their password sets a new one from the mailed link, is signed out elsewhere, and signs in with it', async ({ page, browser }) => {
    const email = `forgot-${Date.now()}@example.test`;
    await signUp(page, 'Fay Forgot', email);
    // Still signed in in this browser; the reset is asked from another one.
    const other = await browser.newContext();
    const resetPage = await other.newPage();
    await resetPage.goto('/sign-in');
    await resetPage.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(resetPage).toHaveTitle(/Reset your password/);
    await resetPage.getByLabel('Email').fill(email);
    await resetPage.getByRole('button', { name: 'Send the link' }).click();
    await expect(resetPage.getByRole('heading', { level: 1 })).toHaveText('Check your email');
    const origin = new URL(resetPage.url()).origin;
    const mail = await waitForMail(outboxDirOf(origin), email, { subject: /^Choose a new password/ });
    await resetPage.goto(linkIn(mail, `${origin}/oidc/password-reset?token=`));
    await resetPage.getByLabel('Password').fill('a brand new password');
    await resetPage.getByRole('button', { name: 'Save the new password' }).click();
    await expect(resetPage.getByRole('heading', { level: 1 })).toHaveText('Password changed');
    await resetPage.getByRole('link', { name: 'Sign in' }).click();
    await enterEmailAndPassword(resetPage, email, 'a brand new password');
    await expect(resetPage.getByRole('button', { name: 'Account menu' }).first()).toBeVisible();
    await other.close();

    // The session opened before the reset has ended.
    await page.goto('/edit-account');
    await expect(page).toHaveTitle(/Sign in/);
  });

  test('a signed-in user changes their password from the account page and signs in with the new one', async ({ page }) => {
    const email = `change-${Date.now()}@example.test`;
    await signUp(page, 'Cam Change', email);
    await page.goto('/edit-account');
    await page.getByRole('link', { name: 'Change password' }).click();
    await expect(page).toHaveTitle(/Change your password/);
    await page.getByLabel('Current password').fill(password);
    await page.getByLabel('New password').fill('a changed password');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Password changed');
    await page.goto('/edit-account');
    await expect(page).toHaveTitle(/Sign in/);
    await enterEmailAndPassword(page, email, 'a changed password');
    await expect(page).toHaveURL(/\/edit-account$/);
  });

  test('a wrong password says so without revealing whether the account exists', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await enterEmailAndPassword(page, 'nobody@example.test', 'wrong-password-1');
    await expect(page.getByText('Wrong email or password.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('nobody@example.test');
  });

  test('no token ever reaches the browser, and the session cookie is HttpOnly, SameSite=Lax, Secure and __Host-', async ({ page, context }) => {
    const email = `tokens-${Date.now()}@example.test`;
    const bodies: string[] = [];
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname.startsWith('/oidc')) return;
      const type = response.headers()['content-type'] ?? '';
      if (type.includes('html') || type.includes('json')) bodies.push(await response.text().catch(() => ''));
    });
    await signUp(page, 'Tia Tokens', email);
    await expect(page).toHaveURL(/\/sign-up\/success$/);
    await page.goto('/legal/terms');

    const cookies = await context.cookies();
    // Production settings (the default): the browser keeps a Secure __Host- cookie on http://127.0.0.1.
    const session = cookies.find((cookie) => cookie.name === '__Host-tp-session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: true });
    expect(cookies.filter((cookie) => !cookie.secure).map((cookie) => cookie.name)).toEqual([]);
    for (const cookie of cookies.filter((c) => !c.path.startsWith('/oidc'))) expect(cookie.value, cookie.name).not.toMatch(/eyJ/);
    for (const body of bodies) expect(body).not.toMatch(/eyJ[\w-]+\.eyJ/);
    const storage = await page.evaluate(() => JSON.stringify(window.localStorage));
    expect(storage).not.toMatch(/eyJ/);
  });

  test('a forged callback is refused with the spec\'s message and no session', async ({ page, context }) => {
    await page.goto('/auth/callback?code=forged&state=forged');
    await expect(page).toHaveURL(/\/sign-in\?error=missing_transaction/);
    await expect(page.getByRole('alert')).toHaveText('Invalid state');
    expect((await context.cookies()).find((cookie) => cookie.name.endsWith('tp-session'))).toBeUndefined();
  });
});
