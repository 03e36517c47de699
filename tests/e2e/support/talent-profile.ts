import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { newEmail, signUpNewAccount } from './sign-up';
import profileWords from '../../../src/locales/en/profile.json' with { type: 'json' };

/** A CV of the import corpus (tests/fixtures/cvs): Ethan Walker's, a PDF in English. */
export const ETHAN_WALKER_CV = path.join(import.meta.dirname, '../../fixtures/cvs/en-ethan-walker.pdf');

/** The talent's profile score, in percent, as the profile page's header reads it. */
export async function profileScoreOf(page: Page): Promise<number> {
  await page.goto('/talent/profile');
  const label = await page.getByRole('img', { name: /^Profile score/ }).first().getAttribute('aria-label');
  return Number(/(\d+)/.exec(label ?? '')?.[1] ?? 'NaN');
}

/** A new talent signs up, creates her profile and fills it from Ethan Walker's CV, accepting all of it. */
export async function newTalentFromCv(page: Page): Promise<string> {
  const email = await signUpNewAccount(page, 'Ethan Walker', newEmail('cv'));
  await page.goto('/talent/dashboard');
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(page).toHaveURL(/\/talent\/profile$/);
  await page.goto('/talent/profile-import');
  await page.getByLabel(profileWords.cvImport.upload.label).setInputFiles(ETHAN_WALKER_CV);
  await page.getByRole('button', { name: profileWords.cvImport.upload.submit }).click();
  await page.getByRole('button', { name: profileWords.cvImport.review.acceptAll }).click({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/talent\/profile/);
  return email;
}
