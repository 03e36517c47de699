import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import common from '../../src/locales/en/common.json' with { type: 'json' };
import reviewWords from '../../src/locales/en/common/billing-review.json' with { type: 'json' };
import billingWords from '../../src/locales/en/common/talent-billing.json' with { type: 'json' };
import invoiceWords from '../../src/locales/en/common/invoices.json' with { type: 'json' };
import { embeddedFiles, facturXSchemaErrors } from '../support/factur-x';
import { formatDate } from '../../src/lib/format/dates';
import { invoiceDueDate } from '../../src/lib/invoices/payment-terms';
import { selectCompany } from './support/company-area';
import { DEMO_TALENT, expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';

// Billing review: the demo owner opens the billing the demo talent sent
// Northwind for last month, tries to reject it without a reason (refused in words),
// approves it with a purchase order and a remark on a line; the talent sees who approved
// it, the order and the remark on her billing. The owner then prepares its invoice,
// issues it (numbered), downloads the PDF (its Factur-X data checked against the EN 16931
// schema) and marks it paid; the talent sees her billing invoiced and paid. A recruiter
// without jobAssignment read gets 403.
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
    test.setTimeout(180_000);
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

    let invoiceNumber = '';
    let invoiceId = '';
    const vatNumber = 'GB987654321';
    await test.step("the company's invoice details are saved on Invoicing", async () => {
      await page.goto('/company/invoicing');
      await page.getByLabel(invoiceWords.invoices.details.vatNumber).fill('12');
      await page.getByRole('button', { name: invoiceWords.invoices.details.save }).click();
      await expect(page.getByText(invoiceWords.invoices.errors.vatNumberInvalid)).toBeVisible();
      await page.getByLabel(invoiceWords.invoices.details.vatNumber).fill(vatNumber);
      await page.getByLabel(invoiceWords.invoices.details.legalName).fill('Northwind Labs plc');
      await page.getByRole('button', { name: invoiceWords.invoices.details.save }).click();
      await expect(page.getByText(invoiceWords.notices.invoices.detailsSaved)).toBeVisible();
      await expect(page.getByLabel(invoiceWords.invoices.details.vatNumber)).toHaveValue(vatNumber);
      await page.goto(`/company/billing?id=${billingId}`);
    });
    await test.step('a draft invoice without VAT needs a reason; issuing gives it the next number', async () => {
      const invoiceWordsDraft = invoiceWords.invoices.draft;
      await page.getByLabel(invoiceWordsDraft.vatRate).fill('0');
      await page.getByRole('button', { name: invoiceWordsDraft.submit }).click();
      await expect(page.getByText(invoiceWords.invoices.errors.vatExemptionReasonRequired)).toBeVisible();
      await page.getByLabel(invoiceWordsDraft.vatExemptionReason).fill('VAT exempt, article 293 B of the French tax code');
      await page.getByRole('button', { name: invoiceWordsDraft.submit }).click();
      await expect(page).toHaveURL(/\/company\/invoicing\?id=/);
      await expect(page.getByText(invoiceWords.notices.invoices.drafted)).toBeVisible();
      await expect(page.getByTestId('invoice-state')).toHaveText(invoiceWords.invoices.states.DRAFT);
      await checkPage(page);
      await page.getByRole('button', { name: invoiceWords.invoices.issue }).click();
      await expect(page.getByText(invoiceWords.notices.invoices.issued)).toBeVisible();
      await expect(page.getByTestId('invoice-state')).toHaveText(invoiceWords.invoices.states.UNPAID);
      invoiceNumber = /INV-\d{4}-\d{4,}/.exec((await page.getByRole('heading', { level: 1 }).textContent()) ?? '')?.[0] ?? '';
      invoiceId = new URL(page.url()).searchParams.get('id') ?? '';
      expect(invoiceNumber).not.toBe('');
      // Due 30 days after today (the terms Northwind keeps with her), not on last month's billing's own date.
      const document = page.getByRole('region', { name: invoiceWords.invoices.documentHeading });
      const due = document.locator('dt', { hasText: invoiceWords.invoices.dueDate }).locator('xpath=following-sibling::dd[1]');
      await expect(due).toHaveText(formatDate(invoiceDueDate(new Date(), 30), 'en'));
      await expect(document).toContainText(order);
    });

    await test.step('the PDF downloads with Factur-X data the EN 16931 schema accepts', async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: invoiceWords.invoices.downloadPdf }).click()]);
      expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
      const bytes = new Uint8Array(await (await import('node:fs/promises')).readFile((await download.path())!));
      const xml = (await embeddedFiles(bytes))['factur-x.xml']!;
      expect(await facturXSchemaErrors(xml)).toEqual([]);
      expect(xml).toContain(invoiceNumber);
      expect(xml).toContain('<ram:TypeCode>389</ram:TypeCode>');
      // The purchase order number given at approval (BT-13) and the due date travel in the data too.
      expect(xml.replace(/\s+/g, '')).toContain(`<ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>${order}</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>`);
      expect(xml).toContain(`<udt:DateTimeString format="102">${invoiceDueDate(new Date(), 30).replaceAll('-', '')}</udt:DateTimeString>`);
      // The buyer (Northwind, issuing in the talent's name) with the VAT number saved above.
      expect(xml).toContain(vatNumber);
    });

    await test.step('marked paid, the invoice and the billing are paid', async () => {
      await page.getByRole('button', { name: invoiceWords.invoices.markPaid }).click();
      await expect(page.getByText(invoiceWords.notices.invoices.paid)).toBeVisible();
      await expect(page.getByTestId('invoice-state')).toHaveText(invoiceWords.invoices.states.PAID);
      await page.goto('/company/invoicing');
      // Numbers are per issuer: Brightpath's invoices to Northwind may carry the same one.
      await expect(page.locator(`[data-invoice-id="${invoiceId}"]`)).toContainText(invoiceNumber);
      await checkPage(page);
    });

    await test.step('the talent sees her billing invoiced and paid, and who did it', async () => {
      const context = await browser.newContext();
      const talentPage = await context.newPage();
      await signInAs(talentPage, DEMO_TALENT, `/talent/billing?id=${billingId}`);
      await expect(talentPage.getByTestId('billing-status')).toHaveText(billingWords.billing.statuses.PAID);
      await expect(talentPage.locator('[data-step="invoiced"]')).toBeVisible();
      await expect(talentPage.locator('[data-step="paid"]')).toBeVisible();
      // Self-billing owes the talent her copy of the invoice issued in her name.
      const [copy] = await Promise.all([talentPage.waitForEvent('download'), talentPage.getByTestId('billing-invoice-copy').click()]);
      expect(copy.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
      const copyXml = (await embeddedFiles(new Uint8Array(await (await import('node:fs/promises')).readFile((await copy.path())!))))['factur-x.xml']!;
      expect(copyXml).toContain(invoiceNumber);
      // Another id, or the company's download address, gives her nothing.
      expect((await talentPage.request.get(`/talent/billing.pdf?id=00000000-0000-4000-8000-000000000000`)).status()).toBe(404);
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
