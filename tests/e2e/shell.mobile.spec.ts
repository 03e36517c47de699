import { expect, test } from './support/test';
import { DEMO_TALENT, signInAs } from './support/demo-session';

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

test.describe('islands on a phone', () => {
  test('the first tap on the account menu opens its drawer, the tap that loads it', async ({ page }) => {
    await signInAs(page, DEMO_TALENT, '/talent/dashboard');
    const accountMenu = page.getByRole('banner').getByRole('button', { name: /Account menu$/ });
    await expect(page.getByRole('banner').locator('astro-island', { has: page.getByRole('button', { name: /Account menu$/ }) })).toHaveAttribute('ssr', '');
    await accountMenu.tap();
    // On a phone the account menu is a side drawer (a dialog named for the user).
    const drawer = page.getByRole('dialog', { name: 'Tara Talent' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('navigation', { name: 'Account menu' })).toBeVisible();
  });
});
