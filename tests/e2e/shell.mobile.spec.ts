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

test.describe('one menu on a phone', () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`the top bar's Menu holds the talent menu and the account entries (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
      const page = await context.newPage();
      try {
        await signInAs(page, DEMO_TALENT, '/talent/dashboard');
        // One menu button on the page, in the top bar; no account dropdown and no second toggle.
        const menuButtons = page.getByRole('button', { name: /Menu$/ });
        await expect(menuButtons).toHaveCount(1);
        await expect(page.getByRole('button', { name: /Account menu$/ })).toBeHidden();
        await page.getByRole('banner').getByRole('button', { name: 'Menu' }).tap();
        const sheet = page.getByRole('dialog', { name: 'Tara Talent' });
        await expect(sheet).toBeVisible();
        await expect(sheet.getByRole('navigation', { name: 'Talent menu' }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
        await expect(sheet.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'My profile' })).toBeVisible();
        await expect(sheet.getByRole('button', { name: 'Sign out' })).toBeVisible();
        const box = await sheet.boundingBox();
        expect(box?.width).toBe(240);
        expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(390);
        await sheet.getByRole('button', { name: 'Close menu' }).tap();
        await expect(sheet).toBeHidden();
        // The sheet's entries lead where they say.
        await page.getByRole('banner').getByRole('button', { name: 'Menu' }).tap();
        await sheet.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'My profile' }).tap();
        await expect(page).toHaveURL(/\/talent\/profile$/);
      } finally {
        await context.close();
      }
    });
  }
});
