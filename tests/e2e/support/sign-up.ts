import { expect, type Page } from '@playwright/test';
import { outboxDirOf } from '../../support/built-server';
import { linkIn, waitForMail } from '../../support/outbox';
import identityEn from '../../../src/locales/en/common/identity.json' with { type: 'json' };
import identityFr from '../../../src/locales/fr/common/identity.json' with { type: 'json' };
import type { Language } from '../../../src/lib/i18n/namespaces';

const IDENTITY_WORDS = { en: identityEn.identity, fr: identityFr.identity } as const;

export const NEW_ACCOUNT_PASSWORD = 'correct-horse-battery';

/** A fresh address, so that each test signs up an account of its own. */
export const newEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;

/**
 * Fills the built-in provider's sign-up form as a person would (the page must show it, in
 * `language`), then opens the confirmation link from the mail the server wrote to its
 * outbox, which finishes signing in on /sign-up/success (or where the sign-up was asked to return).
 */
export async function submitSignUpAndConfirm(page: Page, name: string, email: string, landsOn: RegExp = /\/sign-up\/success$/, language: Language = 'en'): Promise<void> {
  const words = IDENTITY_WORDS[language];
  await page.getByLabel(words.pages.name).fill(name);
  await page.getByLabel(words.pages.email).fill(email);
  await page.getByLabel(words.pages.password).fill(NEW_ACCOUNT_PASSWORD);
  await page.getByRole('button', { name: words.pages.signUp.submit }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.checkEmail.title);
  await expect(page.getByText(email)).toBeVisible();
  const origin = new URL(page.url()).origin;
  const mail = await waitForMail(outboxDirOf(origin), email, { subject: new RegExp(`^${words.mail.confirm.subject.split('{{')[0]}`) });
  await page.goto(linkIn(mail, `${origin}/oidc/`));
  await expect(page).toHaveURL(landsOn);
}

/** A new account signed up from /sign-up and signed in. */
export async function signUpNewAccount(page: Page, name: string, email = newEmail('e2e')): Promise<string> {
  await page.goto('/sign-up');
  await submitSignUpAndConfirm(page, name, email);
  return email;
}
