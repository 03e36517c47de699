import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoAxeViolations, signInAs } from './support/demo-session';

// The demo talent of the seed (src/server/db/seed/billing.ts): on the rosters of Northwind
// Labs (EUR, freelancer, NW-0042) and Brightpath Consulting (GBP, employee, BP-1187), with
// an assignment at Northwind through Brightpath. These pages only read, so nothing to restore.
const TALENT = { email: 'talent@demo.test', password: 'talentplace-demo' };

const signIn = (page: Page, returnTo: string) => signInAs(page, TALENT.email, returnTo, TALENT.password);

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

const employerCard = (page: Page, name: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { level: 2, name }) });

test.describe("the talent's employers, provider companies and company pages", () => {
  test('employers list → a company page with its open ads → a job page', async ({ page }) => {
    await signIn(page, '/talent/employers');
    await expect(page).toHaveTitle(/^Employers \| /);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Employers');

    const northwind = employerCard(page, 'Northwind Labs');
    await expect(northwind.getByText('Freelancer', { exact: true })).toBeVisible();
    await expect(northwind.getByText('NW-0042', { exact: true })).toBeVisible();
    // Exact money: currency sign, thousands separator, two decimals.
    await expect(northwind.getByTestId('employer-balance')).toHaveText(/^-?€[\d,]+\.\d{2}$/);
    const brightpath = employerCard(page, 'Brightpath Consulting');
    await expect(brightpath.getByText('BP-1187', { exact: true })).toBeVisible();
    await expect(brightpath.getByTestId('employer-balance')).toHaveText(/^-?£[\d,]+\.\d{2}$/);
    await expectNoAxeViolations(page);

    // Sorting works without JavaScript: a GET form, the choice kept in the address.
    await page.getByLabel('Sort by').selectOption({ label: 'Name, Z to A' });
    await page.getByRole('button', { name: 'Sort' }).click();
    await expect(page).toHaveURL(/[?&]sort=name-desc/);
    await expect(page.getByLabel('Sort by')).toHaveValue('name-desc');
    const names = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(names.indexOf('Northwind Labs')).toBeLessThan(names.indexOf('Brightpath Consulting'));

    await employerCard(page, 'Northwind Labs').getByRole('link', { name: 'Northwind Labs' }).click();
    await expect(page).toHaveURL(/\/talent\/company\?id=[0-9a-f-]{36}$/);
    await expect(page).toHaveTitle(/^Northwind Labs \| /);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Northwind Labs');
    await expect(page.getByTestId('verified-badge')).toHaveText('Verified');
    await expect(page.getByText('Lisbon, Portugal', { exact: true })).toBeVisible();
    const website = page.getByRole('link', { name: /northwind-labs\.example/ });
    await expect(website).toHaveAttribute('href', 'https://northwind-labs.example/');
    await expect(website).toHaveAttribute('rel', 'noopener nofollow');

    const openJobs = page.getByRole('region', { name: 'Open jobs' });
    const firstAd = openJobs.getByRole('heading', { level: 3 }).first().getByRole('link');
    const title = (await firstAd.textContent())!.trim();
    await expectNoAxeViolations(page);
    await firstAd.click();
    await expect(page).toHaveURL(/\/job-apply\/[0-9a-f-]{36}\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });

  test('the company page pages through its open ads', async ({ page }) => {
    await signIn(page, '/talent/employers');
    await employerCard(page, 'Northwind Labs').getByRole('link', { name: 'Northwind Labs' }).click();
    const openJobs = page.getByRole('region', { name: 'Open jobs' });
    const pages = openJobs.getByRole('navigation', { name: 'Result pages' });
    // Northwind publishes more open ads than one page of ten.
    await pages.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(pages.locator('[aria-current="page"]')).toContainText('Page 2, current page');
    await expect(openJobs.getByRole('heading', { level: 3 }).first()).toBeVisible();
  });

  test('provider companies list the clients they place the talent with', async ({ page }) => {
    await signIn(page, '/talent/providers');
    await expect(page).toHaveTitle(/^Providers \| /);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Provider Companies');
    await expect(page.getByRole('navigation', { name: 'Talent menu' }).getByRole('link', { name: 'My Provider Companies' })).toHaveAttribute('aria-current', 'page');

    const brightpath = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 2, name: 'Brightpath Consulting' }) });
    await expect(brightpath.getByRole('link', { name: 'Northwind Labs' })).toBeVisible();
    await expect(brightpath.getByText(/since \d{1,2} \w{3} \d{4}/)).toBeVisible();
    // Northwind is the client, not a provider: the direct assignment names no provider.
    await expect(page.getByRole('heading', { level: 2, name: 'Northwind Labs' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await brightpath.getByRole('link', { name: 'Brightpath Consulting' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Brightpath Consulting');
    await expect(page.getByText('Staffing provider')).toBeVisible();
  });

  test('an unknown, malformed or missing company id shows the not-found page', async ({ page }) => {
    await signIn(page, '/talent/employers');
    for (const address of ['/talent/company?id=00000000-0000-4000-8000-000000000000', '/talent/company?id=not-a-uuid', '/talent/company']) {
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
    }
    await expectNoAxeViolations(page);
  });

  test('on a 390 px phone the lists and the company page do not scroll sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, '/talent/employers');
    await expect(employerCard(page, 'Northwind Labs')).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.goto('/talent/providers');
    await expect(page.getByRole('heading', { level: 2, name: 'Brightpath Consulting' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole('link', { name: 'Brightpath Consulting' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Brightpath Consulting');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
});
