import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import admin from '../../src/locales/en/common/admin.json' with { type: 'json' };
import adminCredit from '../../src/locales/en/common/admin-credit.json' with { type: 'json' };
import { expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';

// A finance admin grants Brightpath Consulting a credit on /admin/company (a refused amount
// first, worded at its field), its owner reads it and why on /company/transactions, and the
// admin ends it again, so Brightpath keeps no current credit for the other specs.
const SUPER = 'admin@demo.test';
const OWNER = 'owner@demo.test';
const COMPANY = 'Brightpath Consulting';
const words = adminCredit.admin.credit;

async function openCompany(page: Page): Promise<string> {
  await page.goto(`/admin/companies?q=${encodeURIComponent(COMPANY)}`);
  await page.getByRole('link', { name: `Review ${COMPANY}`, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/company\?id=/);
  return new URL(page.url()).searchParams.get('id')!;
}

test('a finance admin grants a company credit, the company reads it with its reason, and the admin ends it', async ({ page, browser }) => {
  const reason = `E2E launch offer ${Date.now()}`;
  await signInAs(page, SUPER, '/admin/companies');
  const companyId = await openCompany(page);
  const grant = page.getByRole('form', { name: words.grantHeading.replace('{{name}}', COMPANY) });

  await test.step('a zero amount is refused at its field, the rest kept as typed', async () => {
    await grant.getByLabel(words.grantAmount, { exact: true }).fill('0');
    await grant.getByLabel(words.reason, { exact: true }).fill(reason);
    await grant.getByRole('button', { name: words.grant }).click();
    await expect(grant.getByText(adminCredit.admin.errors.creditAmountNotPositive)).toBeVisible();
    await expect(grant.getByLabel(words.reason, { exact: true })).toHaveValue(reason);
  });

  await test.step('granted: listed with its history and who granted it', async () => {
    await grant.getByLabel(words.grantAmount, { exact: true }).fill('1234.50');
    await grant.getByLabel(words.currency, { exact: true }).fill('EUR');
    await grant.getByRole('button', { name: words.grant }).click();
    await expect(page.getByRole('status').filter({ hasText: admin.notices.admin.creditGranted })).toBeVisible();
    const credit = page.locator('li[data-credit-id][data-expired="false"]').filter({ hasText: '1,234.50' });
    await expect(credit).toHaveCount(1);
    await expect(credit).toContainText(SUPER);
    await expectNoAxeViolations(page);
    await expectFitsPhoneWidth(page);
  });

  await test.step('the owner reads the credit and why on the transactions page', async () => {
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signInAs(owner, OWNER, '/company/dashboard');
    await owner.goto(`/company/transactions?company_id=${companyId}`);
    await expect(owner.getByTestId('credit-summary')).toContainText('1,234.50');
    await owner.getByText('What the platform changed').click();
    await expect(owner.getByTestId('credit-history').locator('li').filter({ hasText: reason })).toContainText('Granted');
    await ownerContext.close();
  });

  await test.step('ended: no longer current', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const credit = page.locator('li[data-credit-id][data-expired="false"]').filter({ hasText: '1,234.50' });
    const end = credit.getByRole('form', { name: /^End the credit of/ });
    await end.getByLabel(words.endReason, { exact: true }).fill('E2E clean-up');
    await end.getByRole('button', { name: words.end }).click();
    await expect(page.getByRole('status').filter({ hasText: admin.notices.admin.creditEnded })).toBeVisible();
    await expect(page.locator('li[data-credit-id][data-expired="false"]').filter({ hasText: '1,234.50' })).toHaveCount(0);
  });
});
