import { expect, test } from './support/test';
import { enterEmailAndPassword, expectNoAxeViolations, signInAs } from './support/demo-session';
import { NEW_ACCOUNT_PASSWORD, signUpNewAccount } from './support/sign-up';

// Deleting one's own account on /edit-account (the account deletion rule,
// docs/personal-data.md): each test signs up an account of its own, so the shared demo
// data is only read. The demo owner is the only owner of its companies, so the page
// names them and offers no form.

const CONFIRMATION = 'To confirm, type your e-mail address';

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
