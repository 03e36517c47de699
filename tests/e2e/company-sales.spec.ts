import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import common from '../../src/locales/en/common.json' with { type: 'json' };
import salesWords from '../../src/locales/en/common/company-sales.json' with { type: 'json' };
import rbac from '../../src/locales/en/rbac.json' with { type: 'json' };
import { companyMenu, selectCompany } from './support/company-area';
import { expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';

// Sales: the demo owner opens Brightpath's sales from the menu (Brightpath
// provides the demo talent to Northwind and charges Northwind more than the talent bills),
// reads a row per month for Northwind in GBP with a margin and the GBP total, narrows it
// to one month, and downloads that month as CSV. Northwind, which only buys, has no sales.
// A recruiter without jobAssignment read gets 403, on the page and its CSV.
const OWNER = 'owner@demo.test';
const words = salesWords.companySales;

/** The month `count` months before this one, as the month fields take it: "2026-08". */
function monthsAgo(count: number): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - count, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** "£1,234.50" → 123450 (pence). */
const pence = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

async function checkPage(page: Page) {
  await expectNoAxeViolations(page);
  await expectFitsPhoneWidth(page);
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe('company sales', () => {
  test('the owner reads Brightpath sales per month with margins and totals, filters a month and downloads it as CSV', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page, OWNER, '/company/my-companies');
    await selectCompany(page, 'Brightpath Consulting');

    await test.step('the menu leads to Sales, under Billing and Invoicing', async () => {
      const labels = await companyMenu(page).getByRole('link').allTextContents();
      const trimmed = labels.map((label) => label.trim());
      expect(trimmed.indexOf(rbac.companyMenu.sales)).toBe(trimmed.indexOf(rbac.companyMenu.invoicing) + 1);
      await companyMenu(page).getByRole('link', { name: rbac.companyMenu.sales }).click();
      await expect(page).toHaveURL(/\/company\/sales$/);
      await expect(page).toHaveTitle(/^Sales \| /);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(common.titles.companySales);
    });

    await test.step('the last 12 months: Northwind in GBP, sales above billed, and the GBP total adds the rows up', async () => {
      await expect(page.getByLabel(words.from)).toHaveValue(monthsAgo(11));
      await expect(page.getByLabel(words.to)).toHaveValue(monthsAgo(0));
      const rows = page.getByTestId('sales-row');
      // Months 5 to 2 ago were approved and invoiced or paid; last month's is still waiting for review.
      expect(await rows.count()).toBeGreaterThanOrEqual(4);
      for (const month of [5, 4, 3, 2]) await expect(page.locator(`[data-testid="sales-row"][data-period="${monthsAgo(month)}"]`)).toHaveCount(1);
      await expect(page.locator(`[data-testid="sales-row"][data-period="${monthsAgo(0)}"]`)).toHaveCount(0);
      let sales = 0;
      for (const row of await rows.all()) {
        await expect(row.getByTestId('client')).toHaveText('Northwind Labs');
        await expect(row).toHaveAttribute('data-currency', 'GBP');
        const [rowSales, billed, margin] = await Promise.all(['sales', 'billed', 'margin'].map(async (id) => pence(await row.getByTestId(id).innerText())));
        expect(rowSales).toBeGreaterThan(billed!);
        expect(margin).toBe(rowSales! - billed!);
        await expect(row.getByTestId('margin-percent')).toHaveText(/^\d+\.\d%$/);
        sales += rowSales!;
      }
      const total = page.locator('[data-testid="sales-total"][data-currency="GBP"]');
      await expect(total).toContainText('Total GBP');
      expect(pence(await total.getByTestId('sales').innerText())).toBe(sales);
      await expect(page.locator('[data-testid="sales-total"]')).toHaveCount(1);
      await checkPage(page);
    });

    await test.step('one month in the filter: its row alone, in the address', async () => {
      await page.getByLabel(words.from).fill(monthsAgo(2));
      await page.getByLabel(words.to).fill(monthsAgo(2));
      await page.getByLabel(words.currency).selectOption('GBP');
      await page.getByRole('button', { name: common.lists.filter }).click();
      await expect(page).toHaveURL(new RegExp(`from=${monthsAgo(2)}&to=${monthsAgo(2)}.*currency=GBP`));
      await expect(page.getByTestId('sales-row')).toHaveCount(1);
      await expect(page.getByTestId('sales-row')).toHaveAttribute('data-period', monthsAgo(2));
      await expect(page.getByRole('link', { name: common.lists.clearFilters })).toBeVisible();
    });

    await test.step('the CSV holds the same row', async () => {
      const shown = await page.getByTestId('sales-row').getByTestId('sales').innerText();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: words.export.link }).click()]);
      expect(download.suggestedFilename()).toBe(`sales-${monthsAgo(2)}-${monthsAgo(2)}.csv`);
      const csv = await readFile((await download.path())!, 'utf8');
      const lines = csv.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
      expect(lines[0]).toBe('"Month","Client","Currency","Sales","Billed","Margin","Margin %","Billings"');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(new RegExp(`^"${monthsAgo(2)}","Northwind Labs","GBP",\\d+\\.\\d{2},\\d+\\.\\d{2},\\d+\\.\\d{2},\\d+\\.\\d,1$`));
      expect(Math.round(Number(lines[1]!.split(',')[3]) * 100)).toBe(pence(shown));
    });

    await test.step('a wrong period is refused in words', async () => {
      await page.goto(`/company/sales?from=${monthsAgo(1)}&to=${monthsAgo(3)}`);
      await expect(page.getByText(words.errors.fromAfterTo)).toBeVisible();
      await expect(page.getByTestId('sales-table')).toHaveCount(0);
    });

    await test.step('Northwind only buys: no sales of its own', async () => {
      await selectCompany(page, 'Northwind Labs');
      await page.goto('/company/sales');
      await expect(page.getByText(words.empty)).toBeVisible();
      await expect(page.getByTestId('sales-table')).toHaveCount(0);
    });
  });

  test('a recruiter without jobAssignment read gets 403 on sales and its CSV', async ({ page }) => {
    await signInAs(page, 'recruiter@demo.test', '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');
    const refused = await page.goto('/company/sales');
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(common.forbidden.heading);
    const csv = await page.goto('/company/sales.csv');
    expect(csv?.status()).toBe(403);
  });
});
