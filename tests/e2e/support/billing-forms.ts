import { expect, type Page } from '@playwright/test';

/**
 * Opens the new billing form on an assignment that still has an unbilled month (the form
 * preselects the newest one) and returns that month's label, e.g. "June 2025".
 */
export async function openCreateFormWithFreeMonth(page: Page): Promise<string> {
  await page.goto('/talent/billing?action=new');
  const assignments = page.getByLabel('Assignment');
  const values = (await assignments.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))).filter(Boolean);
  for (const value of values) {
    await page.goto(`/talent/billing?action=new&assignment=${value}`);
    const month = page.getByLabel('Month');
    if ((await month.count()) === 0) continue;
    const selected = month.locator('option:checked');
    await expect(selected).not.toHaveAttribute('disabled', /.*/);
    return (await selected.textContent())!.trim();
  }
  throw new Error('every month of every demo assignment is billed: reset the e2e database (rm -rf .data/e2e)');
}
