import { expect, test } from '@playwright/test';

test.describe('guest shell on a 390 px phone', () => {
  test('home fits the screen with the top bar and footer', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Talentplace');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Talentplace' })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('legal pages read on a phone without horizontal scrolling', async ({ page }) => {
    await page.goto('/legal/privacy');
    await expect(page).toHaveTitle('Privacy policy | Talentplace');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
