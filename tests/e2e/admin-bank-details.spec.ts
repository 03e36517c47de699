import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import reviewWords from '../../src/locales/en/common/payment-profile-review.json' with { type: 'json' };
import talentBillingWords from '../../src/locales/en/common/talent-billing.json' with { type: 'json' };
import { expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';
import { newEmail, signUpNewAccount } from './support/sign-up';

// Verified bank details, end to end: a new talent enters their bank details (a mistyped
// IBAN refused at its field first, nothing typed lost) and reads "Awaiting review"; an admin
// holding verification reads the full IBAN on /admin/talents?view=bank-details and verifies
// it; the talent reads "Verified" and is told. Then the talent changes the account, which
// returns it to review, and the admin refuses it with a reason the talent reads.
const ADMIN = 'admin@demo.test';
const words = reviewWords.paymentProfileReview;
const states = talentBillingWords.paymentProfile.states;

async function saveBankDetails(page: Page, iban: string) {
  await page.goto('/talent/billing?action=payment-profile');
  const form = page.getByRole('region', { name: 'Edit payment profile' });
  await form.getByLabel('Payout currency').fill('EUR');
  await form.getByLabel('Account holder').fill('Bea Bank');
  await form.getByLabel('IBAN', { exact: true }).fill(iban);
  await form.getByRole('button', { name: 'Save payment profile' }).click();
  await expect(page).toHaveURL(/\/talent\/billing#payment-profile$/);
}

const summaryOf = (page: Page) => page.getByRole('region', { name: 'Payment profile' });

async function openReviewRow(admin: Page, email: string, state: 'awaiting' | 'verified' | 'refused' = 'awaiting') {
  await admin.goto(`/admin/talents?view=bank-details&state=${state}`);
  const row = admin.locator('li[data-payment-profile-id]').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

test('a talent enters bank details, an admin verifies them, the talent reads them verified; changed, they are refused with a reason', async ({ page, browser }) => {
  const email = await signUpNewAccount(page, 'Bea Bank', newEmail('bank'));
  await page.goto('/talent/dashboard');
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(page).toHaveURL(/\/talent\/profile$/);

  await test.step('a mistyped IBAN is refused at its field, the rest kept as typed', async () => {
    await page.goto('/talent/billing?action=payment-profile');
    const form = page.getByRole('region', { name: 'Edit payment profile' });
    await form.getByLabel('Payout currency').fill('EUR');
    await form.getByLabel('Account holder').fill('Bea Bank');
    await form.getByLabel('IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 01');
    await form.getByLabel('BIC / SWIFT code (optional)').fill('COBADEFFX');
    await form.getByRole('button', { name: 'Save payment profile' }).click();
    await expect(form.getByText(talentBillingWords.paymentProfile.errors.ibanChecksum)).toBeVisible();
    await expect(form.getByText(talentBillingWords.paymentProfile.errors.bicFormat)).toBeVisible();
    await expect(form.getByLabel('Account holder')).toHaveValue('Bea Bank');
    await expect(form.getByLabel('IBAN', { exact: true })).toHaveValue('DE89 3704 0044 0532 0130 01');
  });

  await test.step('saved: awaiting review', async () => {
    await saveBankDetails(page, 'DE89 3704 0044 0532 0130 00');
    await expect(summaryOf(page).getByTestId('payment-profile-verified')).toHaveText(states.awaiting);
  });

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, ADMIN, '/admin/talents?view=bank-details');

  await test.step('the admin reads the full IBAN and verifies it', async () => {
    const row = await openReviewRow(admin, email);
    await expect(row.getByTestId('review-iban')).toHaveText('DE89 3704 0044 0532 0130 00');
    await expectNoAxeViolations(admin);
    await expectFitsPhoneWidth(admin);
    await admin.setViewportSize({ width: 1280, height: 800 });
    await row.getByRole('button', { name: /^Verify the bank details of/ }).click();
    await expect(admin.getByRole('status').filter({ hasText: reviewWords.notices.paymentProfileReview.verified })).toBeVisible();
    const verified = await openReviewRow(admin, email, 'verified');
    await expect(verified).toContainText(ADMIN);
  });

  await test.step('the talent reads it verified and is told', async () => {
    await page.goto('/talent/billing');
    await expect(summaryOf(page).getByTestId('payment-profile-verified')).toHaveText(states.verified);
    await page.goto('/notifications');
    await expect(page.getByText('The platform verified your bank details')).toBeVisible();
  });

  await test.step('changed details return to review; the admin refuses them with a reason the talent reads', async () => {
    await saveBankDetails(page, 'GB82 WEST 1234 5698 7654 32');
    await expect(summaryOf(page).getByTestId('payment-profile-verified')).toHaveText(states.awaiting);

    const row = await openReviewRow(admin, email);
    await expect(row.getByTestId('review-iban')).toHaveText('GB82 WEST 1234 5698 7654 32');
    const refuse = row.getByRole('form', { name: /^Refuse the bank details of/ });
    await refuse.getByRole('button', { name: words.refuse }).click();
    await expect(admin.getByText(words.errors.reasonRequired)).toBeVisible();
    const again = (await openReviewRow(admin, email)).getByRole('form', { name: /^Refuse the bank details of/ });
    await again.getByLabel(words.reason).fill('The account holder is not you.');
    await again.getByRole('button', { name: words.refuse }).click();
    await expect(admin.getByRole('status').filter({ hasText: reviewWords.notices.paymentProfileReview.refused })).toBeVisible();

    await page.goto('/talent/billing');
    await expect(summaryOf(page).getByTestId('payment-profile-verified')).toHaveText(states.refused);
    await expect(summaryOf(page).getByTestId('payment-profile-refusal')).toHaveText('Reason: The account holder is not you.');
    await expectNoAxeViolations(page);
  });

  await test.step('a bank outside the IBAN scheme: the account in her words, masked for her, flagged for the admin', async () => {
    await page.goto('/talent/billing?action=payment-profile');
    const form = page.getByRole('region', { name: 'Edit payment profile' });
    const otherAccount = form.getByLabel(talentBillingWords.paymentProfile.otherAccount);
    await form.getByLabel('IBAN', { exact: true }).fill('GB82 WEST 1234 5698 7654 32');
    await otherAccount.fill('Routing 021000021\nAccount 123456789');
    await form.getByRole('button', { name: 'Save payment profile' }).click();
    // Both at once are refused, nothing typed lost; with the IBAN emptied the other account is saved.
    await expect(form.getByText(talentBillingWords.paymentProfile.errors.accountTwice)).toBeVisible();
    await expect(otherAccount).toHaveValue('Routing 021000021\nAccount 123456789');
    await expectNoAxeViolations(page);
    await form.getByLabel('IBAN', { exact: true }).fill('');
    await form.getByRole('button', { name: 'Save payment profile' }).click();
    await expect(page).toHaveURL(/\/talent\/billing#payment-profile$/);
    await expect(summaryOf(page).getByTestId('payment-profile-other-account')).toHaveText('•••• 6789');
    await expect(summaryOf(page).getByTestId('payment-profile-iban')).toHaveCount(0);
    await expect(summaryOf(page).getByTestId('payment-profile-verified')).toHaveText(states.awaiting);

    const row = await openReviewRow(admin, email);
    await expect(row.getByText(words.manualCheck)).toBeVisible();
    await expect(row).toContainText('Account 123456789');
  });
  await adminContext.close();
});
