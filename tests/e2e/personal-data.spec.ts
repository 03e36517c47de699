import { invoicePdfFilename } from '../../src/lib/invoices/invoicing-pages';
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from './support/test';
import { DEMO_TALENT, enterEmailAndPassword, expectNoAxeViolations, signInAs } from './support/demo-session';
import { NEW_ACCOUNT_PASSWORD, signUpNewAccount } from './support/sign-up';

// A person's rights over their data on /edit-account (docs/personal-data.md): downloading an
// archive of it (the personal data export) and deleting the account (the account deletion
// rule). Each test that writes signs up an account of its own, so the shared demo data is
// only read. The demo owner is the only owner of its companies, so the page names them and
// offers no deletion form.

const CONFIRMATION = 'To confirm, type your e-mail address';

test.describe('downloading your data', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the archive is asked for from the keyboard, prepared in the background, and downloaded as a zip of her records', async ({ page }) => {
    const email = await signUpNewAccount(page, 'Dora Download');
    await page.goto('/edit-account');
    const section = page.getByRole('region', { name: 'Download your data' });
    await section.getByRole('button', { name: 'Prepare my archive' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('tp-toaster').getByText('We are preparing your archive and will e-mail you when it is ready.')).toBeVisible();
    await expect(section.getByText(/being prepared/)).toBeInViewport();
    // One at a time: no second button while it is prepared.
    await expect(section.getByRole('button', { name: 'Prepare my archive' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The queue polls every few seconds: the page shows the link once it is ready.
    const link = section.getByRole('link', { name: /^Download the archive of / });
    await expect(async () => {
      await page.reload();
      await expect(link).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^talentplace-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = unzipSync(new Uint8Array(readFileSync(await download.path())));
    expect(JSON.parse(strFromU8(entries['records/account.json']!))).toMatchObject([{ email, displayName: 'Dora Download' }]);
    expect(Object.keys(entries)).toEqual(expect.arrayContaining(['records/applications.json', 'records/conversations.json', 'records/invoices.json', 'records/activity.json']));
  });
});

test.describe('downloading your data: the demo talent', () => {
  test.describe.configure({ timeout: 90_000 });

  test('her archive holds every kind of record the demo gives her: profile, applications and statuses, invitations, interviews, roster, assignments, billings, invoices, ledger, alerts', async ({ page }) => {
    await signInAs(page, DEMO_TALENT, '/edit-account');
    const section = page.getByRole('region', { name: 'Download your data' });
    // Another run's archive may be under way still: ask only when the page offers it.
    const ask = section.getByRole('button', { name: 'Prepare my archive' });
    if (await ask.count()) await ask.click();
    const link = section.getByRole('link', { name: /^Download the archive of / }).first();
    await expect(async () => {
      await page.reload();
      await expect(section.getByText(/being prepared/)).toHaveCount(0, { timeout: 1_000 });
      await expect(link).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const entries = unzipSync(new Uint8Array(readFileSync(await download.path())));
    const records = (kind: string) => JSON.parse(strFromU8(entries[`records/${kind}.json`]!)) as Array<Record<string, unknown>>;
    expect(records('account')).toMatchObject([{ email: DEMO_TALENT }]);
    for (const kind of ['talent-profile', 'applications', 'application-statuses', 'invitations', 'interviews', 'roster-entries', 'assignments', 'billings', 'billing-lines', 'invoices', 'balance-transactions', 'job-alerts', 'notifications', 'talent-pool-consents']) {
      expect(records(kind).length, kind).toBeGreaterThan(0);
    }
    // Her copy of each invoice issued in her name, as /talent/billing downloads it.
    const issued = records('invoices').filter((row) => row.selfBilled === true && row.issuedAt !== null && row.deletedAt === null);
    expect(issued.length).toBeGreaterThan(0);
    for (const row of issued) expect(strFromU8(entries[`invoices/${invoicePdfFilename(String(row.number))}`]!.subarray(0, 5)), String(row.number)).toBe('%PDF-');
  });
});

test.describe('deleting your own account', () => {
  test.describe.configure({ timeout: 60_000 });

  test('a wrong address is said on its field and kept; the right one, typed and sent with Enter, deletes the account and signs out for good', async ({ page }) => {
    const email = await signUpNewAccount(page, 'Dana Delete');
    await page.goto('/edit-account');
    const section = page.getByRole('region', { name: 'Delete your account' });
    await expect(section.getByText('Deleting your account is final.')).toBeVisible();
    await expect(section.getByText(/We keep what the law requires a business to keep/)).toBeVisible();
    await expectNoAxeViolations(page);

    await section.getByLabel(CONFIRMATION).fill('dana@example.test');
    await section.getByRole('button', { name: 'Delete my account' }).click();
    // The answer opens at the form: the message is on the screen, not below the fold.
    await expect(section.getByText("Type your account's e-mail address exactly as shown above")).toBeInViewport();
    await expect(section.getByLabel(CONFIRMATION)).toHaveValue('dana@example.test');

    await section.getByLabel(CONFIRMATION).fill(email);
    await section.getByLabel(CONFIRMATION).press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.locator('tp-toaster').getByText('Your account has been deleted and you are signed out.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

    // The sign-in account is gone: the address and password no longer open anything.
    await page.goto('/sign-in');
    await enterEmailAndPassword(page, email, NEW_ACCOUNT_PASSWORD);
    await expect(page.getByText('Wrong email or password.')).toBeVisible();
  });

  test('signed in, "sign in again" still asks the provider for the password (prompt=login, her address filled in), then comes back to the account page with deletion offered', async ({ page }) => {
    const email = await signUpNewAccount(page, 'Rhea Reauth');
    await page.goto('/sign-in?returnTo=%2Fedit-account&reauth=1');
    // Not let through on the session: the provider asks for the password again, her address given.
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(NEW_ACCOUNT_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/edit-account$/);
    await expect(page.getByRole('region', { name: 'Delete your account' }).getByRole('button', { name: 'Delete my account' })).toBeVisible();
  });

  test('the only owner of companies is told which ones to hand over first, and offered no form; at 390 px too', async ({ page }) => {
    await signInAs(page, 'owner@demo.test', '/edit-account');
    const section = page.getByRole('region', { name: 'Delete your account' });
    // Other specs give the owner companies of their own: the demo's three are among those listed.
    for (const name of ['Brightpath Consulting', 'Kite Analytics', 'Northwind Labs']) await expect(section.getByRole('listitem').filter({ hasText: name })).toBeVisible();
    await expect(section.getByRole('link', { name: 'Manage your companies' })).toHaveAttribute('href', '/company/my-companies');
    await expect(section.getByRole('button', { name: 'Delete my account' })).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
