import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { selectCompany } from './support/company-area';
import { DEMO_TALENT, signInAs } from './support/demo-session';

// The theme's type scale (body 12, small 10, headings 14, 16, 24): no visible text on a page
// is set smaller than the small size, 10 px, charts' axis labels and glyphs included.
const SMALLEST_PX = 10;

/** Each visible piece of text set below the smallest size, with its size and a sample. */
async function textBelowScale(page: Page): Promise<string[]> {
  return page.evaluate((smallest) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const element = node.parentElement;
      if (!text || !element || !element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      if (element.closest('script, style, noscript, template, [hidden]')) continue;
      const size = parseFloat(getComputedStyle(element).fontSize);
      if (size < smallest) found.push(`${size}px "${text.slice(0, 30)}" in <${element.tagName.toLowerCase()} class="${element.className}">`);
    }
    return found;
  }, SMALLEST_PX);
}

test.describe('no text below the type scale', () => {
  test('guest pages: home, job search, a job page', async ({ page }) => {
    for (const path of ['/', '/jobs']) {
      await page.goto(path);
      expect(await textBelowScale(page), path).toEqual([]);
    }
    await page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) }).first().getByRole('link').first().click();
    expect(await textBelowScale(page), page.url()).toEqual([]);
  });

  test('the talent side', async ({ page }) => {
    await signInAs(page, DEMO_TALENT, '/talent/dashboard');
    for (const path of ['/talent/dashboard', '/talent/profile', '/talent/applied-jobs', '/talent/billing', '/talent/transactions']) {
      await page.goto(path);
      expect(await textBelowScale(page), path).toEqual([]);
    }
  });

  test('the company side: the dashboard with its charts, roles, sales', async ({ page }) => {
    await signInAs(page, 'owner@demo.test', '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');
    for (const path of ['/company/dashboard', '/company/roles', '/company/job-ads', '/company/received-job-applications', '/company/billing']) {
      await page.goto(path);
      expect(await textBelowScale(page), path).toEqual([]);
    }
    await selectCompany(page, 'Brightpath Consulting');
    await page.goto('/company/sales');
    expect(await textBelowScale(page), '/company/sales').toEqual([]);
  });
});
