import { expect, test, type Page } from '@playwright/test';
import common from '../../src/locales/en/common.json' with { type: 'json' };
import reviewWords from '../../src/locales/en/common/billing-review.json' with { type: 'json' };
import billingWords from '../../src/locales/en/common/talent-billing.json' with { type: 'json' };
import { selectCompany } from './support/company-area';
import { DEMO_TALENT, expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';

// Issue 18, billing review: the demo owner opens the billing the demo talent sent
// Northwind for last month, tries to reject it without a reason (refused in words),
// approves it with a purchase order and a remark on a line; the talent sees who approved
// it, the order and the remark on her billing. A recruiter without jobAssignment read
// gets 403.
const OWNER = 'owner@demo.test';
const RECRUITER = 'recruiter@demo.test';
const words = reviewWords.billingReview;

/** Last month as the month filter takes it: "2026-10". */
function lastMonth(): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

async function checkPage(page: Page) {
  await expectNoAxeViolations(page);
  await expectFitsPhoneWidth(page);
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe('company billing', () => {
  test('the owner approves the billing the talent sent; the talent sees who, when and the remark', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const order = `PO-${Date.now().toString(36).toUpperCase()}`;
    await signInAs(page, OWNER, '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');

    let billingId = '';
    await test.step('the list shows the billings waiting for review, filtered by month', async () => {
      await page.goto('/company/billing');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(common.titles.companyBilling);
      await expect(page.getByLabel(words.status)).toHaveValue('SENT');
      await page.getByLabel(words.period).fill(lastMonth());
      await page.getByRole('button', { name: common.lists.filter }).click();
      await expect(page).toHaveURL(/period=/);
      const rows = page.locator('[data-billing-id]');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('Tara Talent');
      billingId = (await rows.first().getAttribute('data-billing-id'))!;
      await checkPage(page);
      await rows.first().getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/company/billing\\?id=${billingId}$`));
    });

    await test.step('rejecting without a reason is refused in words and nothing changes', async () => {
      await page.getByRole('button', { name: words.reject }).click();
      await expect(page.getByText(words.errors.reasonRequired)).toBeVisible();
      await expect(page.getByTestId('billing-status')).toHaveText(billingWords.billing.statuses.SENT);
      await checkPage(page);
    });

    await test.step('approving with a purchase order and a remark on the first line', async () => {
      await page.getByRole('textbox', { name: /^Remark on/ }).first().fill('Hours match the timesheet.');
      await page.getByLabel(words.purchaseOrderNumber).fill(order);
      await page.getByRole('button', { name: words.approve }).click();
      await expect(page.getByText(reviewWords.notices.billingReview.approved)).toBeVisible();
      await expect(page.getByTestId('billing-status')).toHaveText(billingWords.billing.statuses.APPROVED);
      await expect(page.getByTestId('billing-trail')).toContainText(order);
      await expect(page.getByRole('button', { name: words.approve })).toHaveCount(0);
    });

    await test.step('the talent sees the approval, the order and the remark', async () => {
      const context = await browser.newContext();
      const talentPage = await context.newPage();
      await signInAs(talentPage, DEMO_TALENT, `/talent/billing?id=${billingId}`);
      await expect(talentPage.getByTestId('billing-status')).toHaveText(billingWords.billing.statuses.APPROVED);
      await expect(talentPage.getByTestId('billing-trail')).toContainText(order);
      await expect(talentPage.getByTestId('line-company-comment').first()).toContainText('Hours match the timesheet.');
      await context.close();
    });
  });

  test('a recruiter without jobAssignment read gets 403 on billing', async ({ page }) => {
    await signInAs(page, RECRUITER, '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');
    const refused = await page.goto('/company/billing');
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(common.forbidden.heading);
  });
});
