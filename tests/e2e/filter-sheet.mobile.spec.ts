import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { selectCompany } from './support/company-area';
import { expectNoAxeViolations, signInAs } from './support/demo-session';

// The company's long lists on a 390 x 844 phone (the mobile project): as on /jobs and the
// board, the results come first and the filters fold behind one toggle (components/ui/
// FilterSheet.astro) that counts the filters in force. The demo owner's Brightpath sales,
// Northwind's transactions and the talent search.
const SCREEN_HEIGHT = 844;

const filtersToggle = (page: Page) => page.getByRole('main').locator('details.tp-filters > summary');

async function expectOnFirstScreen(result: Locator) {
  const box = await result.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(SCREEN_HEIGHT);
}

async function signInTo(page: Page, company: string) {
  await signInAs(page, 'owner@demo.test', '/company/my-companies');
  await selectCompany(page, company);
}

test.describe('list filters on a 390 px phone', () => {
  test('sales: the first row is on the first screen; the toggle counts the filters and opens them', async ({ page }) => {
    await signInTo(page, 'Brightpath Consulting');
    await page.goto('/company/sales');
    await expect(filtersToggle(page)).toHaveAccessibleName('Filters');
    await expect(page.getByRole('combobox', { name: 'Client' })).toBeHidden();
    await expectOnFirstScreen(page.getByTestId('sales-row').first());
    await expectNoAxeViolations(page);

    await filtersToggle(page).tap();
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('GBP');
    await page.getByRole('button', { name: 'Filter', exact: true }).tap();
    await expect(page).toHaveURL(/[?&]currency=GBP(&|$)/);
    // The form posts its months too; the default ones are no chosen period.
    await expect(filtersToggle(page)).toHaveAccessibleName('Filters (1)');
    await expect(page.getByRole('combobox', { name: 'Currency' })).toBeHidden();
    await expectOnFirstScreen(page.getByTestId('sales-row').first());
  });

  test('sales: a wrong period opens the filters where it is said', async ({ page }) => {
    await signInTo(page, 'Brightpath Consulting');
    await page.goto('/company/sales?from=2026-05&to=2026-01');
    await expect(page.locator('input[name="to"]')).toBeVisible();
    await expect(page.locator('input[name="to"]')).toHaveAttribute('aria-invalid', 'true');
  });

  test('transactions: the first entry is on the first screen, the filters folded', async ({ page }) => {
    await signInTo(page, 'Northwind Labs');
    await page.goto('/company/transactions');
    await expect(filtersToggle(page)).toHaveAccessibleName('Filters');
    await expect(page.locator('#transactions-type')).toBeHidden();
    await expectOnFirstScreen(page.getByTestId('transactions-table').locator('tbody tr').first());
    await expectNoAxeViolations(page);
  });

  test('job ads, and every list with the shared filter form: the first ad is on the first screen; the toggle counts the filters the address holds', async ({ page }) => {
    await signInTo(page, 'Northwind Labs');
    await page.goto('/company/job-ads');
    await expect(filtersToggle(page)).toHaveAccessibleName('Filters');
    await expect(page.getByRole('searchbox', { name: 'Title or place' })).toBeHidden();
    await expectOnFirstScreen(page.locator('li[data-job-ad-id]').first());
    await expectNoAxeViolations(page);

    await filtersToggle(page).tap();
    await page.getByRole('search').getByRole('searchbox').fill('e');
    await page.getByRole('button', { name: 'Filter', exact: true }).tap();
    await expect(page).toHaveURL(/[?&]q=e(&|$)/);
    // The status posted blank is no filter: one in force.
    await expect(filtersToggle(page)).toHaveAccessibleName('Filters (1)');
    await expectOnFirstScreen(page.locator('li[data-job-ad-id]').first());
  });

  test('talent search: the form is open until a search; then the first talent is on the first screen and the toggle counts the filters', async ({ page }) => {
    await signInTo(page, 'Northwind Labs');
    await page.goto('/company/talent-search');
    await expect(page.getByRole('textbox', { name: 'Has all these skills' })).toBeVisible();

    await page.getByRole('checkbox', { name: 'Available for hire only' }).check();
    await page.getByRole('button', { name: 'Search', exact: true }).tap();
    await expect(page).toHaveURL(/[?&]availableOnly=on(&|$)/);
    await expect(filtersToggle(page)).toHaveAccessibleName('Filters (1)');
    await expect(page.getByRole('textbox', { name: 'Has all these skills' })).toBeHidden();
    await expectOnFirstScreen(page.locator('[data-talent-id]').first());
    await expectNoAxeViolations(page);
  });
});
