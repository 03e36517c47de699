import type { Page } from '@playwright/test';
import { expect, test } from './support/csp-guard';
import { DEMO_TALENT, signInAs } from './support/demo-session';

test.describe('guest shell on desktop', () => {
  test('home shows the product name as title, the top bar and the footer', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Talentplace');

    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Talentplace' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hiring that works for both sides');
    await expect(page.getByRole('heading', { name: 'For talents' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'For companies' })).toBeVisible();

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('© 2023 Talentplace');
    await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/legal/privacy');
    await expect(footer.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/legal/terms');
    await expect(footer.getByRole('link', { name: 'CSR' })).toHaveAttribute('href', '/legal/csr');
  });

  test('the top bar links only to pages that exist', async ({ page, request }) => {
    await page.goto('/');
    const hrefs = await page.getByRole('banner').getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    for (const href of hrefs) expect((await request.get(href!)).status(), href!).toBe(200);
  });

  test('legal pages are titled "{page name} | Talentplace" and render the operator\'s text', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and conditions' }).click();
    await expect(page).toHaveURL(/\/legal\/terms$/);
    await expect(page).toHaveTitle('Terms and conditions | Talentplace');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms and conditions');

    await page.goto('/legal/csr');
    await expect(page).toHaveTitle('Corporate social responsibility | Talentplace');
  });

  test('an unknown address shows the not-found page with a way home', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Page not found | Talentplace');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveTitle('Talentplace');
  });

  test('keyboard users can skip to the content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
  });
});

test.describe('the account menu answers the first interaction (client:interaction)', () => {
  const accountMenu = (page: Page) => page.getByRole('banner').getByRole('button', { name: /Account menu$/ });

  /** Signed in, with the account menu not hydrated yet: the next event is the one that loads it. */
  async function signedInBeforeHydration(page: Page) {
    await signInAs(page, DEMO_TALENT, '/talent/dashboard');
    await expect(page.getByRole('banner').locator('astro-island', { has: page.getByRole('button', { name: /Account menu$/ }) })).toHaveAttribute('ssr', '');
  }

  test('the first mouse click opens it', async ({ page }) => {
    await signedInBeforeHydration(page);
    const box = (await accountMenu(page).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Edit account' })).toBeVisible();
  });

  test('the first key opens it', async ({ page }) => {
    await signedInBeforeHydration(page);
    await accountMenu(page).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(accountMenu(page)).toBeFocused();
  });
});
