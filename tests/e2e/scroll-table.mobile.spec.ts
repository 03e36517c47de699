import { expect, test } from './support/test';
import { selectCompany } from './support/company-area';
import { expectNoAxeViolations, signInAs } from './support/demo-session';

// A table wider than a phone (components/ui/ScrollTable.astro): it says that it scrolls,
// scrolls inside its own focusable region (with the keyboard too), and keeps its first column
// (the row's name) in place while the figures move under it. The demo owner's Brightpath
// sales table has eight columns.
const HINT = 'Scroll sideways to see every column →';

test('a wide table on a 390 px phone says it scrolls and keeps its first column', async ({ page }) => {
  await signInAs(page, 'owner@demo.test', '/company/my-companies');
  await selectCompany(page, 'Brightpath Consulting');
  await page.goto('/company/sales');
  const frame = page.locator('tp-scroll-table').filter({ has: page.getByTestId('sales-table') });
  const region = page.getByRole('region', { name: 'Sales table' });
  await expect(frame.getByText(HINT)).toBeVisible();
  await expect(frame).toHaveAttribute('data-more-end', '');
  await expect(frame).not.toHaveAttribute('data-more-start', '');

  const firstCell = page.getByTestId('sales-row').first().locator('th');
  const lastHeader = page.getByTestId('sales-table').locator('thead th').last();
  const before = (await firstCell.boundingBox())!.x;
  await expect(lastHeader).not.toBeInViewport();

  // The keyboard scrolls the region: focus it, then the right arrow.
  await region.focus();
  for (let press = 0; press < 30; press += 1) await page.keyboard.press('ArrowRight');
  await expect(lastHeader).toBeInViewport();
  await expect(frame).toHaveAttribute('data-more-start', '');
  await expect(frame).not.toHaveAttribute('data-more-end', '');
  expect((await firstCell.boundingBox())!.x).toBeCloseTo(before, 0);
  await expectNoAxeViolations(page);
});

test('a table that fits says nothing of scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'owner@demo.test', '/company/my-companies');
  await selectCompany(page, 'Brightpath Consulting');
  await page.goto('/company/sales');
  const frame = page.locator('tp-scroll-table').filter({ has: page.getByTestId('sales-table') });
  await expect(frame).not.toHaveAttribute('data-overflow', '');
  await expect(frame.getByText(HINT)).toBeHidden();
});
