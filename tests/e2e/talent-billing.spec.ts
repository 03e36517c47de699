import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { openCreateFormWithFreeMonth } from './support/billing-forms';
import { expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';

// The demo talent of the seed (README: demo accounts) has two assignments with six months
// of billings in every status. This file only creates billings of its own, in months the
// seed left unbilled, so it never depends on what another spec does.
const TALENT = { email: 'talent@demo.test', password: 'talentplace-demo' };
const MONTH_YEAR = /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/;

// Many round trips (several without JavaScript) and axe runs, on machines shared with other suites.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const signIn = (page: Page, returnTo: string) => signInAs(page, TALENT.email, returnTo, TALENT.password);

const money = (amount: string, currency: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount as unknown as number);

test('the list shows the seeded billings in several statuses, grouped by assignment, filterable, with the payment profile', async ({ page }) => {
  await signIn(page, '/talent/billing');
  await expect(page).toHaveTitle(/^Billing \| /);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Billing');
  await expect(page.getByRole('navigation', { name: 'Talent menu' }).first().getByRole('link', { name: 'Billing' })).toHaveAttribute('aria-current', 'page');

  const groups = page.getByTestId('billing-group');
  await expect(groups).toHaveCount(2);
  await expect(groups.nth(0).getByRole('heading', { level: 2 })).toHaveText(/ · Northwind Labs$/);
  await expect(page.getByText('via Brightpath Consulting')).toBeVisible();
  const statuses = await page.getByTestId('billing-status').allTextContents();
  for (const status of ['Draft', 'Sent', 'Approved', 'Invoiced', 'Paid']) expect(statuses).toContain(status);

  // Newest month first: the current month's drafts open each group.
  const current = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());
  for (const index of [0, 1]) {
    const first = groups.nth(index).getByRole('article').first();
    await expect(first.getByRole('heading', { level: 3 })).toHaveText(current);
    await expect(first.getByTestId('billing-status')).toHaveText('Draft');
    await expect(first.getByTestId('billing-amount')).toHaveText(/^[€£][\d,]+\.\d{2}$/);
    await expect(first.getByRole('table')).toContainText('Total');
    await expect(first.getByRole('link', { name: `Edit the billing for ${current}` })).toBeVisible();
  }
  for (const heading of await page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents()) expect(heading.trim()).toMatch(MONTH_YEAR);
  const sentCard = page.getByRole('article').filter({ has: page.getByTestId('billing-status').getByText('Sent', { exact: true }) }).first();
  await expect(sentCard.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  await expect(sentCard.getByRole('button', { name: /^Send/ })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Result pages' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The rejected first try of a month, with the company's reason, by filtering on its status.
  await page.getByLabel('Status').selectOption('REJECTED');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/[?&]status=REJECTED/);
  const rejected = page.getByRole('article');
  await expect(rejected).toHaveCount(1);
  await expect(rejected.getByTestId('billing-status')).toHaveText('Rejected');
  await expect(rejected).toContainText('Reason for rejection: The days do not match the approved timesheet');
  await expect(rejected.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/talent\/billing$/);

  const paymentProfile = page.getByRole('region', { name: 'Payment profile' });
  await expect(paymentProfile.getByTestId('payment-profile-iban')).toHaveText(/^[A-Z]{2}•• •••• •••• •••• [0-9A-Z]{4}$/);
  await expect(paymentProfile.getByTestId('payment-profile-verified')).toBeVisible();
});

test('each assignment on offer names the company its billing is sent to, and the form says it again', async ({ page }) => {
  await signIn(page, '/talent/billing?action=new');
  const choice = page.getByLabel('Assignment');
  await expect(choice).toHaveAccessibleDescription('The billing is sent to the company named with the assignment: its provider when it has one, else its client.');
  const labels = (await choice.locator('option').allTextContents()).map((label) => label.trim()).filter((label) => label !== 'Choose an assignment');
  // The seed's two assignments are both Northwind's roles: one direct, one provided by Brightpath.
  const provided = labels.find((label) => label.endsWith(' · Northwind Labs (sent to Brightpath Consulting)'));
  const direct = labels.find((label) => label.endsWith(' · Northwind Labs (sent to Northwind Labs)'));
  expect(provided, labels.join(' | ')).toBeTruthy();
  expect(direct, labels.join(' | ')).toBeTruthy();
  await expectNoAxeViolations(page);
  await expectFitsPhoneWidth(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  for (const [label, company] of [[provided!, 'Brightpath Consulting'], [direct!, 'Northwind Labs']] as const) {
    await page.goto('/talent/billing?action=new');
    await page.getByLabel('Assignment').selectOption({ label });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('billing-sent-to')).toHaveText(`Sent to ${company}, which reviews it`);
  }
  await expectNoAxeViolations(page);
});

test('a billing is created without JavaScript: lines added and removed, exact total, saved, edited and sent', async ({ page, browser, baseURL }) => {
  await signIn(page, '/talent/billing');
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
  const noJs = await context.newPage();
  try {
    const period = await openCreateFormWithFreeMonth(noJs);
    const form = () => noJs.getByRole('region', { name: 'New billing' });
    const currency = await form().getByLabel('Currency').inputValue();
    expect(currency).toMatch(/^(EUR|GBP)$/);
    const line = (number: number) => form().getByRole('group', { name: `Line ${number}`, exact: true });
    const description = `Frontend development ${Date.now() % 100000}`;

    await line(1).getByLabel('Description', { exact: true }).fill(description);
    await line(1).getByLabel('Unit', { exact: true }).selectOption('HOUR');
    await line(1).getByLabel('Quantity', { exact: true }).fill('7.5');
    await line(1).getByLabel('Price per unit').fill('82.50');
    await form().getByRole('button', { name: 'Add line' }).click();
    await expect(form().getByTestId('billing-form-line')).toHaveCount(2);
    await expect(line(1).getByLabel('Description', { exact: true })).toHaveValue(description);
    await expect(line(1).getByTestId('billing-form-line-amount')).toHaveText(money('618.75', currency));

    await line(2).getByLabel('Description', { exact: true }).fill('Per diem');
    await line(2).getByLabel('Unit', { exact: true }).selectOption('DAY');
    await line(2).getByLabel('Quantity', { exact: true }).fill('0,15');
    await line(2).getByLabel('Price per unit').fill('0.10');
    await form().getByRole('button', { name: 'Save draft' }).click();
    // Nothing saved: the mistake is said on its field and everything typed is still there.
    await expect(line(2).getByLabel('Quantity', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(line(2).getByLabel('Quantity', { exact: true })).toHaveAccessibleDescription(/Enter a number such as 7\.5, with a dot for decimals\./);
    await expect(line(2).getByLabel('Quantity', { exact: true })).toHaveValue('0,15');
    await expect(line(1).getByLabel('Quantity', { exact: true })).toHaveValue('7.5');

    await line(2).getByLabel('Quantity', { exact: true }).fill('0.15');
    await form().getByRole('button', { name: 'Add line' }).click();
    await expect(form().getByTestId('billing-form-line')).toHaveCount(3);
    await form().getByRole('button', { name: 'Remove line 3' }).click();
    await expect(form().getByTestId('billing-form-line')).toHaveCount(2);
    // 7.5 × 82.50 = 618.75; 0.15 × 0.10 = 0.015 → 0.02 (half away from zero); total 618.77.
    await expect(line(2).getByTestId('billing-form-line-amount')).toHaveText(money('0.02', currency));
    await expect(form().getByTestId('billing-form-total')).toHaveText(`Total: ${money('618.77', currency)}`);

    await form().getByRole('button', { name: 'Save draft' }).click();
    await expect(noJs).toHaveURL(/\/talent\/billing\?id=[0-9a-f-]{36}$/);
    await expect(noJs.getByRole('status')).toHaveText('Billing saved as a draft');
    const card = noJs.getByRole('article');
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(period);
    await expect(card.getByTestId('billing-status')).toHaveText('Draft');
    await expect(card.getByTestId('billing-amount')).toHaveText(money('618.77', currency));
    await expect(card.getByTestId('billing-line')).toHaveCount(2);
    await expect(card.getByTestId('billing-line').first()).toContainText(description);

    await card.getByRole('link', { name: `Edit the billing for ${period}` }).click();
    const edit = noJs.getByRole('region', { name: `Edit the billing for ${period}` });
    await expect(edit.getByRole('group', { name: 'Line 1', exact: true }).getByLabel('Quantity', { exact: true })).toHaveValue('7.50');
    await edit.getByRole('group', { name: 'Line 1', exact: true }).getByLabel('Quantity', { exact: true }).fill('8');
    await edit.getByLabel('Message to the company (optional)').fill('Hours as agreed with the team lead.');
    await edit.getByRole('button', { name: 'Save draft' }).click();
    await expect(noJs.getByRole('status')).toHaveText('Billing saved');
    await expect(card.getByTestId('billing-amount')).toHaveText(money('660.02', currency));
    await expect(card).toContainText('Message: Hours as agreed with the team lead.');

    await card.getByRole('button', { name: `Send the billing for ${period}` }).click();
    await expect(noJs.getByRole('status')).toHaveText('Billing sent');
    await expect(card.getByTestId('billing-status')).toHaveText('Sent');
    await expect(card.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
    await expect(card.getByRole('link', { name: /^Delete/ })).toHaveCount(0);
    await expect(card.getByRole('button', { name: /^Send/ })).toHaveCount(0);
    await expect(noJs.getByText('This billing has been sent, so it can no longer be changed.')).toBeVisible();

    // Its edit address now only says why it cannot be edited.
    await noJs.goto(noJs.url().replace('?id=', '?action=edit&id='));
    await expect(noJs.getByRole('alert')).toHaveText('This billing has already been sent, so it can no longer be changed, sent or deleted.');
    await expect(noJs.getByRole('region', { name: /^Edit the billing/ })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('a draft is deleted after a confirmation step; the forms have no axe violations', async ({ page }) => {
  await signIn(page, '/talent/billing');
  const period = await openCreateFormWithFreeMonth(page);
  await expectNoAxeViolations(page);
  const form = page.getByRole('region', { name: 'New billing' });
  await form.getByLabel('Description', { exact: true }).fill('A draft to delete');
  await form.getByLabel('Quantity', { exact: true }).fill('1');
  await form.getByLabel('Price per unit').fill('10');
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\?id=/);
  await expect(page.locator('tp-toaster').getByText('Billing saved as a draft')).toBeVisible();
  const address = page.url();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: `Delete the billing for ${period}` }).click();
  const confirm = page.getByRole('region', { name: 'Delete this draft?' });
  await expect(confirm).toContainText(`The draft billing for ${period}`);
  await expectNoAxeViolations(page);
  await confirm.getByRole('link', { name: 'Keep it' }).click();
  await expect(page.getByRole('article').getByTestId('billing-status')).toHaveText('Draft');

  await page.getByRole('link', { name: `Delete the billing for ${period}` }).click();
  await page.getByRole('button', { name: 'Delete draft' }).click();
  await expect(page).toHaveURL(/\/talent\/billing$/);
  await expect(page.locator('tp-toaster').getByText('Draft billing deleted')).toBeVisible();
  const response = await page.goto(address);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Billing not found' })).toBeVisible();
});

test('the payment profile is saved with its IBAN checked and shown masked afterwards', async ({ page }) => {
  await signIn(page, '/talent/billing');
  await page.getByRole('region', { name: 'Payment profile' }).getByRole('link', { name: 'Edit payment profile' }).click();
  const form = page.getByRole('region', { name: 'Edit payment profile' });
  await expect(form.getByLabel('IBAN', { exact: true })).toHaveValue('');
  await expect(form.getByLabel('IBAN', { exact: true })).toHaveAccessibleDescription(/^Saved: [A-Z]{2}•• •••• •••• •••• [0-9A-Z]{4}\. Leave empty to keep it/);
  await expectNoAxeViolations(page);

  await form.getByLabel('Payout currency').fill('EUR');
  await form.getByLabel('Account holder').fill('Tara Talent');
  await form.getByLabel('IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 01');
  await form.getByLabel('BIC / SWIFT code (optional)').fill('COBADEFF');
  await form.getByRole('button', { name: 'Save payment profile' }).click();
  await expect(form.getByLabel('IBAN', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('This IBAN is not valid. Check it for typing mistakes.')).toBeVisible();
  await expectNoAxeViolations(page);

  await form.getByLabel('IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 00');
  await form.getByRole('button', { name: 'Save payment profile' }).click();
  await expect(page).toHaveURL(/\/talent\/billing#payment-profile$/);
  await expect(page.locator('tp-toaster').getByText('Payment profile saved')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Payment profile' });
  await expect(summary.getByTestId('payment-profile-iban')).toHaveText('DE•• •••• •••• •••• 3000');
  await expect(summary.getByTestId('payment-profile-verified')).toHaveText('Awaiting review');
  await expect(summary).toContainText('COBADEFF');
  const html = await page.content();
  expect(html).not.toContain('370400440532');
  expect(html).not.toContain('3704 0044');
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the list, a billing and the forms fit the width without sideways scrolling', async ({ page }) => {
    await signIn(page, '/talent/billing');
    const widths: Record<string, number> = {};
    const billingLink = page.getByRole('article').first().getByRole('heading', { level: 3 }).getByRole('link');
    const address = (await billingLink.getAttribute('href'))!;
    for (const path of ['/talent/billing', address, '/talent/billing?action=new', '/talent/billing?action=payment-profile']) {
      await page.goto(path);
      widths[path] = await page.evaluate(() => document.documentElement.scrollWidth);
    }
    expect(Object.values(widths).every((width) => width <= 390), JSON.stringify(widths)).toBe(true);
    await page.goto(address);
    await expectNoAxeViolations(page);
  });
});
