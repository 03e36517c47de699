import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signInAs as signIn } from './support/demo-session';

test.describe('impersonation (spec §6)', () => {
  test('the support agent finds the demo talent, acts as them, sees the banner everywhere, and stops', async ({ page }) => {
    await signIn(page, 'support@demo.test', '/impersonate');
    await expect(page).toHaveTitle(/^Impersonate/);
    await expect(page.getByText('You are acting as yourself.')).toBeVisible();

    await page.getByLabel('E-mail address or external id').fill('ad');
    await page.getByRole('button', { name: 'Find users' }).click();
    await expect(page.getByText('Type at least 3 characters')).toBeVisible();

    await page.getByLabel('E-mail address or external id').fill('admin@demo');
    await page.getByRole('button', { name: 'Find users' }).click();
    await expect(page.getByText('No user you may act as matches “admin@demo”.')).toBeVisible();

    await page.getByLabel('E-mail address or external id').fill('talent@demo');
    await page.getByRole('button', { name: 'Find users' }).click();
    await expect(page.getByRole('heading', { name: '1 user found' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Act as talent@demo.test' }).click();

    await expect(page).toHaveURL(/\/talent\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Tara Talent');
    const banner = page.getByRole('region', { name: 'Impersonation' });
    await expect(banner).toContainText('You are acting as talent@demo.test.');
    await page.goto('/jobs');
    await expect(banner).toBeVisible();

    await banner.getByRole('button', { name: 'Stop impersonating' }).click();
    await expect(page).toHaveURL(/\/impersonate$/);
    await expect(page.getByText('You are acting as yourself again.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Impersonation' })).toHaveCount(0);
  });

  test('a talent without the impersonation role gets the 403 page for /impersonate and admin pages', async ({ page }) => {
    await signIn(page, 'talent@demo.test', '/talent/dashboard');
    for (const path of ['/impersonate', '/admin/companies']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
    }
  });

  test('starting to impersonate needs the anti-forgery token', async ({ page }) => {
    await signIn(page, 'support@demo.test', '/impersonate');
    const response = await page.request.post('/impersonate', { form: { action: 'start', externalId: 'anything', csrf: 'forged' } });
    expect(response.status()).toBe(403);
  });
});
