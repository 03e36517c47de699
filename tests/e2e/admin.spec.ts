import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import admin from '../../src/locales/en/common/admin.json' with { type: 'json' };
import adminUsers from '../../src/locales/en/common/admin-users.json' with { type: 'json' };
import common from '../../src/locales/en/common.json' with { type: 'json' };
import companies from '../../src/locales/en/common/companies.json' with { type: 'json' };
import { enterEmailAndPassword, expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';
import { newEmail, signUpNewAccount } from './support/sign-up';

// The admin area, admins only: admin@ (super:admin) reviews companies and users; owner@ owns
// Northwind Labs and Brightpath Consulting and creates companies of its own name per run
// (README demo accounts). Every company a test verifies or rejects is deleted again at its
// end, so owner@'s company switcher keeps the two seeded companies for the other specs.
const ADMIN = 'admin@demo.test';
const OWNER = 'owner@demo.test';
const words = admin.admin;
const userWords = adminUsers.admin;
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Creates a pending company through the form, answering its id. */
async function createCompany(page: Page, name: string): Promise<string> {
  await page.goto('/company/create');
  await page.getByLabel('Company name').fill(name);
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page).toHaveURL(/\/company\/create\/success\?companyId=/);
  return new URL(page.url()).searchParams.get('companyId')!;
}

/** The admin's page of one company, found from the list by its name. */
async function openCompany(page: Page, name: string) {
  await page.goto(`/admin/companies?q=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name: `Review ${name}`, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/company\?id=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
}

async function deleteCompany(page: Page, name: string) {
  await openCompany(page, name);
  await page.getByLabel(`Delete ${name}`, { exact: true }).click();
  await page.getByRole('button', { name: `Yes, delete ${name}` }).click();
  await expect(toast(page, 'Company deleted')).toBeVisible();
}

const myCompanyRow = (page: Page, id: string) => page.locator(`li[data-company-id="${id}"]`);

test.describe('admin area', () => {
  test('the admin verifies the company the owner created, and the owner can then select it', async ({ page, browser }) => {
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    const name = `E2E Verified Works ${Date.now()}`;
    await signInAs(owner, OWNER, '/company/my-companies');
    const companyId = await createCompany(owner, name);
    await owner.goto('/company/my-companies');
    await expect(myCompanyRow(owner, companyId).getByText(companies.companies.myCompanies.notSelectable)).toBeVisible();

    await signInAs(page, ADMIN, '/admin/companies');
    await test.step('the account menu leads to the admin pages', async () => {
      await page.getByRole('button', { name: /Account menu$/ }).first().click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem', { name: common.accountMenu.admin.companies, exact: true })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: common.accountMenu.admin.talents, exact: true })).toBeVisible();
      await page.keyboard.press('Escape');
    });

    await test.step('the list finds the pending company by name and status', async () => {
      await expect(page).toHaveTitle(/^Admin companies \| /);
      await page.getByLabel(words.companies.q).fill(name);
      await page.getByLabel(words.companies.status).selectOption({ label: 'Pending verification' });
      await page.getByRole('button', { name: common.lists.filter }).click();
      await expect(page).toHaveURL(/status=pending/);
      const row = page.locator(`tr[data-company-id="${companyId}"]`);
      await expect(row.getByText('Pending verification')).toBeVisible();
      await expect(row.getByText(OWNER)).toBeVisible();
      await expect(page.getByText('1 company', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await expectFitsPhoneWidth(page);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('its page verifies it', async () => {
      await page.getByRole('link', { name: `Review ${name}` }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(page.getByRole('heading', { name: words.company.members })).toBeVisible();
      await expect(page.getByText(`Oscar Owner (${OWNER})`)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: `Verify ${name}` }).click();
      await expect(toast(page, 'Company verified')).toBeVisible();
      await expect(page.locator('h1 + p').getByText('Verified')).toBeVisible();
      await expect(page.getByRole('button', { name: `Verify ${name}` })).toHaveCount(0);
    });

    await test.step('the owner selects it and works in it', async () => {
      await owner.goto('/company/my-companies');
      await myCompanyRow(owner, companyId).getByRole('button', { name: `Select ${name}` }).click();
      await expect(owner).toHaveURL(/\/company\/dashboard$/);
      await expect(owner.getByTestId('company-name')).toHaveText(name);
    });

    await test.step('deleted again, it leaves the owner\'s companies', async () => {
      await deleteCompany(page, name);
      await expect(page.getByText(/This company was deleted on/)).toBeVisible();
      await owner.goto('/company/my-companies');
      await expect(myCompanyRow(owner, companyId)).toHaveCount(0);
    });
    await ownerContext.close();
  });

  test('a possible duplicate is compared side by side and rejected with a reason the owner reads', async ({ page, browser }) => {
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    const stamp = Date.now();
    const original = `E2E Twin Labs ${stamp}`;
    const twin = `e2e-twin-labs-${stamp}`;
    await signInAs(owner, OWNER, '/company/my-companies');
    await createCompany(owner, original);
    const twinId = await createCompany(owner, twin);

    await signInAs(page, ADMIN, `/admin/companies?duplicate=yes&q=${stamp}`);
    await expect(page.locator('tr[data-company-id]')).toHaveCount(1);
    await expect(page.locator(`tr[data-company-id="${twinId}"]`).getByText(words.companies.duplicateBadge, { exact: true })).toBeVisible();
    await openCompany(page, twin);

    await test.step('the duplicates table shows both companies', async () => {
      const table = page.getByTestId('duplicates');
      await expect(table.getByRole('columnheader')).toHaveText([words.company.field, words.company.thisCompany, original]);
      await expect(table.getByRole('row', { name: new RegExp(`^${words.company.name}`) }).getByRole('cell')).toHaveText([twin, original]);
      await expectFitsPhoneWidth(page);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('a rejection needs a reason', async () => {
      await page.getByRole('button', { name: words.company.reject, exact: true }).click();
      await expect(page.getByLabel(words.company.reason)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel(words.company.reason)).toHaveAccessibleDescription(new RegExp(words.errors.reasonRequired.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await expectNoAxeViolations(page);
    });

    const reason = `Same company as ${original}: keep that one.`;
    await test.step('rejected with a reason, the owner reads it under the company', async () => {
      await page.getByLabel(words.company.reason).fill(reason);
      await page.getByRole('button', { name: words.company.reject, exact: true }).click();
      await expect(toast(page, 'Company rejected')).toBeVisible();
      await expect(page.getByTestId('rejection-reason')).toContainText(reason);
      await owner.goto('/company/my-companies');
      const row = myCompanyRow(owner, twinId);
      await expect(row.getByText('Verification rejected', { exact: true })).toBeVisible();
      await expect(row.getByTestId('rejection-reason')).toContainText(reason);
      await expectNoAxeViolations(owner);
    });

    await deleteCompany(page, twin);
    await deleteCompany(page, original);
    await ownerContext.close();
  });

  test("blocking a user ends their open session at once and refuses their sign-in", async ({ page, browser }) => {
    const userContext = await browser.newContext();
    const user = await userContext.newPage();
    const userName = `E2E Blocked ${Date.now()}`;
    const email = await signUpNewAccount(user, userName, newEmail('blocked'));
    await user.goto('/edit-account');
    await expect(user.getByRole('heading', { level: 1 })).toHaveText('Edit user account');

    await signInAs(page, ADMIN, `/admin/talents?q=${encodeURIComponent(email)}`);
    await expect(page).toHaveTitle(/^Talents \| /);
    const row = page.locator('tr[data-user-id]').filter({ hasText: email });
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectFitsPhoneWidth(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    await row.getByLabel(`Block ${userName}`, { exact: true }).click();
    await row.getByRole('button', { name: `Yes, block ${userName}` }).click();
    await expect(toast(page, 'User blocked')).toBeVisible();
    await expect(page.locator('tr[data-user-id]').filter({ hasText: email }).getByText('Blocked', { exact: true })).toBeVisible();

    await test.step('their next page finds them signed out: it asks them to sign in', async () => {
      await user.goto('/edit-account');
      await expect(user).toHaveURL(/\/oidc\/interaction\//);
      await expect(user.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    });

    await test.step('signing in again is refused with a clear message', async () => {
      await enterEmailAndPassword(user, email, 'correct-horse-battery');
      await expect(user.getByRole('alert')).toContainText('This account has been blocked');
    });
    await userContext.close();
  });

  test('companies are a dense table: the admin ticks the pending ones and verifies them together; the owners can then select them', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const stamp = `Bulk Verify ${Date.now().toString(36)}`;
    const names = [`${stamp} North`, `${stamp} South`];
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signInAs(owner, OWNER, '/company/my-companies');
    for (const name of names) await createCompany(owner, name);

    await signInAs(page, ADMIN, `/admin/companies?q=${encodeURIComponent(stamp)}`);
    await expect(page.locator('tr[data-company-id]')).toHaveCount(2);
    await expectNoAxeViolations(page);
    await page.getByRole('checkbox', { name: words.companies.selectAll }).check();
    await expect(page.locator('[data-bulk-count]')).toHaveText('2 selected');
    await page.getByRole('button', { name: words.companies.bulkApply }).click();
    await expect(toast(page, 'Companies verified')).toBeVisible();
    for (const name of names) await expect(page.locator('tr[data-company-id]').filter({ hasText: name }).getByText('Verified', { exact: true })).toBeVisible();
    // Nothing pending is left to tick: the bulk form is gone.
    await expect(page.getByRole('button', { name: words.companies.bulkApply })).toHaveCount(0);
    await expectFitsPhoneWidth(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    await owner.goto('/company/my-companies');
    for (const name of names) await expect(owner.getByRole('button', { name: `Select ${name}` })).toBeVisible();
    await ownerContext.close();
    for (const name of names) await deleteCompany(page, name);
  });

  test('users are a dense table: the admin ticks talents, the whole page from the header box, and sets their verification at once; without JavaScript row by row', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const stamp = `bulk${Date.now().toString(36)}`;
    for (const who of ['Vera', 'Victor']) {
      const context = await browser.newContext();
      const talent = await context.newPage();
      await signUpNewAccount(talent, `${who} ${stamp}`, newEmail(`${who.toLowerCase()}-${stamp}`));
      await talent.goto('/talent/dashboard');
      await talent.getByRole('button', { name: 'Create profile' }).click();
      await expect(talent).toHaveURL(/\/talent\/profile$/);
      await context.close();
    }
    await signInAs(page, ADMIN, `/admin/talents?q=${stamp}`);
    const rows = page.locator('tr[data-user-id]');
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole('region', { name: userWords.talents.tableLabel })).toBeVisible();
    await expectNoAxeViolations(page);

    await test.step('the header box ticks the page; the form counts them; Rejected applies to both', async () => {
      const all = page.getByRole('checkbox', { name: userWords.talents.selectAll });
      await all.focus();
      await page.keyboard.press('Space');
      await expect(page.getByRole('checkbox', { name: /^Select V/ })).toHaveCount(2);
      for (const box of await page.getByRole('checkbox', { name: /^Select V/ }).all()) await expect(box).toBeChecked();
      await expect(page.locator('[data-bulk-count]')).toHaveText('2 selected');
      await page.getByLabel(userWords.talents.bulkStatus).selectOption('rejected');
      await page.getByRole('button', { name: userWords.talents.bulkApply }).click();
      await expect(toast(page, 'Verification saved')).toBeVisible();
      for (const row of await rows.all()) await expect(row.locator('[data-verification]')).toHaveAttribute('data-verification', 'rejected');
    });

    await test.step('without JavaScript one row is ticked and verified; nothing ticked is refused in words', async () => {
      const noJs = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
      const plain = await noJs.newPage();
      await plain.goto(`/admin/talents?q=${stamp}`);
      await expect(plain.getByRole('checkbox', { name: userWords.talents.selectAll })).toBeHidden();
      await plain.getByRole('button', { name: userWords.talents.bulkApply }).click();
      await expect(plain.getByText(userWords.talents.bulkNoneSelected)).toBeVisible();
      await plain.getByRole('checkbox', { name: `Select Vera ${stamp}` }).check();
      await plain.getByLabel(userWords.talents.bulkStatus).selectOption('verified');
      await plain.getByRole('button', { name: userWords.talents.bulkApply }).click();
      const vera = plain.locator('tr[data-user-id]').filter({ hasText: `Vera ${stamp}` });
      await expect(vera.locator('[data-verification]')).toHaveAttribute('data-verification', 'verified');
      await expect(plain.locator('tr[data-user-id]').filter({ hasText: `Victor ${stamp}` }).locator('[data-verification]')).toHaveAttribute('data-verification', 'rejected');
      await noJs.close();
    });
    await expectFitsPhoneWidth(page);
  });

  test('only admins open the admin pages: 403 for the owner, sign-in for a guest', async ({ page, browser }) => {
    await signInAs(page, OWNER, '/company/my-companies');
    for (const path of ['/admin/companies', '/admin/company?id=00000000-0000-4000-8000-000000000000', '/admin/talents']) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(403);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(common.forbidden.heading);
    }
    const guest = await (await browser.newContext()).newPage();
    const answer = await guest.request.get('/admin/talents', { maxRedirects: 0 });
    expect(answer.status()).toBe(303);
    expect(answer.headers().location).toBe('/sign-in?returnTo=%2Fadmin%2Ftalents');
  });

  test('an unknown company answers 404 on its admin page', async ({ page }) => {
    await signInAs(page, ADMIN, '/admin/companies');
    const answer = await page.goto('/admin/company?id=00000000-0000-4000-8000-000000000000');
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole('alert')).toHaveText(words.company.notFound);
  });
});
