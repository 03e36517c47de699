import { expect, type Page } from '@playwright/test';
import { outboxDirOf } from '../../support/built-server';
import { linkIn, waitForMail } from '../../support/outbox';

export const NEW_ACCOUNT_PASSWORD = 'correct-horse-battery';

/** A fresh address, so that each test signs up an account of its own. */
export const newEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;

/**
 * Fills the built-in provider's sign-up form as a person would (the page must show it),
 * then opens the confirmation link from the mail the server wrote to its outbox, which
 * finishes signing in on /sign-up/success (or where the sign-up was asked to return).
 */
export async function submitSignUpAndConfirm(page: Page, name: string, email: string, landsOn: RegExp = /\/sign-up\/success$/): Promise<void> {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(NEW_ACCOUNT_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
  await expect(page.getByText(email)).toBeVisible();
  const origin = new URL(page.url()).origin;
  const mail = await waitForMail(outboxDirOf(origin), email, { subject: /^Confirm your email/ });
  await page.goto(linkIn(mail, `${origin}/oidc/`));
  await expect(page).toHaveURL(landsOn);
}

/** A new account signed up from /sign-up and signed in. */
export async function signUpNewAccount(page: Page, name: string, email = newEmail('e2e')): Promise<string> {
  await page.goto('/sign-up');
  await submitSignUpAndConfirm(page, name, email);
  return email;
}
