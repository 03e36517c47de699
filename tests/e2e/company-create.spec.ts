import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import companies from '../../src/locales/en/common/companies.json' with { type: 'json' };
import { expectNoAxeViolations, signInAs } from './support/demo-session';
import { newEmail, signUpNewAccount } from './support/sign-up';

// Company creation and verification status: any signed-in user creates a company, which stays
// pending (not selectable) until the platform verifies it, and is listed under My Companies
// meanwhile. owner@ (README demo accounts) owns the verified Brightpath Consulting and
// Northwind Labs; each run creates a company of its own name (a same name is only flagged
// as a possible duplicate, never refused), so runs do not disturb each other.
const OWNER = 'owner@demo.test';
const CREATE = '/company/create';
const MY_COMPANIES = '/company/my-companies';
const errors = companies.companies.errors;

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Creates a pending company through the form and answers its id (from the success page's address). */
async function createCompany(page: Page, name: string): Promise<string> {
  await page.goto(CREATE);
  await page.getByLabel('Company name').fill(name);
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page).toHaveURL(/\/company\/create\/success\?companyId=/);
  return new URL(page.url()).searchParams.get('companyId')!;
}

const companyRow = (page: Page, id: string) => page.locator(`li[data-company-id="${id}"]`);

test.describe('create company and my companies', () => {
  test('the owner corrects a refused form, creates a pending company and finds it under My Companies, not selectable', async ({ page }) => {
    const name = `E2E Harbour Tools ${Date.now()}`;
    await signInAs(page, OWNER, CREATE);
    await expect(page).toHaveTitle(/^Create company \| /);

    await test.step('an empty name and a bad website are refused beside their fields, the values kept', async () => {
      await page.getByLabel('Website').fill('not a site');
      await page.getByLabel('City').fill('Porto');
      await page.getByRole('button', { name: 'Create company' }).click();
      await expect(page).toHaveURL(new RegExp(`${CREATE}$`));
      await expect(page.getByLabel('Company name')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel('Company name')).toHaveAccessibleDescription(errors.nameRequired);
      await expect(page.getByLabel('Website')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(errors.websiteInvalid)).toBeVisible();
      await expect(page.getByLabel('Website')).toHaveValue('not a site');
      await expect(page.getByLabel('City')).toHaveValue('Porto');
      await expect(page.getByLabel('Country')).not.toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);
    });

    await test.step('valid data creates the company and lands on the success page saying it is pending', async () => {
      await page.getByLabel('Company name').fill(name);
      await page.getByLabel('Website').fill('harbour-tools.example');
      await page.getByLabel('Country').selectOption({ label: 'Portugal' });
      await page.getByLabel('Accounting currency').fill('eur');
      await page.getByRole('button', { name: 'Create company' }).click();
      await expect(page).toHaveURL(/\/company\/create\/success\?companyId=[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(companies.companies.createSuccess.heading);
      await expect(page.getByText(`${name} has been created and you are its owner.`)).toBeVisible();
      await expect(page.getByText('Pending verification', { exact: true })).toBeVisible();
      await expect(page.getByText(companies.companies.createSuccess.pending)).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Company created' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
    const companyId = new URL(page.url()).searchParams.get('companyId')!;

    await test.step('My Companies lists it as pending, with the owner role and no Select; a verified company has Select', async () => {
      await page.getByRole('link', { name: 'Go to My Companies' }).click();
      await expect(page).toHaveURL(new RegExp(`${MY_COMPANIES}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('My companies');
      const row = companyRow(page, companyId);
      await expect(row.getByRole('heading', { name })).toBeVisible();
      await expect(row.getByText('Pending verification', { exact: true })).toBeVisible();
      await expect(row.getByText('Owner', { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: `Select ${name}` })).toHaveCount(0);
      await expect(row.getByText(companies.companies.myCompanies.notSelectable)).toBeVisible();
      const brightpath = page.locator('li[data-company-id]').filter({ has: page.getByRole('heading', { name: 'Brightpath Consulting' }) });
      await expect(brightpath.getByText('Verified', { exact: true })).toBeVisible();
      await expect(brightpath.getByRole('button', { name: 'Select Brightpath Consulting' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('leaving it as its only owner is refused with the reason', async () => {
      await companyRow(page, companyId).getByRole('button', { name: `Leave ${name}` }).click();
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(errors.lastOwner);
      await expect(companyRow(page, companyId)).toBeVisible();
      await page.goto(MY_COMPANIES);
      await expect(companyRow(page, companyId)).toBeVisible();
    });
  });

  test('Select on My Companies makes a verified company the selected one', async ({ page }) => {
    await signInAs(page, OWNER, MY_COMPANIES);
    await page.getByRole('button', { name: 'Select Northwind Labs' }).click();
    await expect(page).toHaveURL(/\/company\/dashboard$/);
    await expect(page.getByRole('region', { name: 'Selected company' }).getByTestId('company-name')).toHaveText('Northwind Labs');
  });

  test('a user without companies reaches My Companies and Create company from the account menu; My Companies shows the empty state', async ({ page }) => {
    await signUpNewAccount(page, 'Nell Newco', newEmail('no-company-pages'));
    await page.getByRole('button', { name: /Account menu$/ }).first().click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'My Companies' })).toHaveAttribute('href', MY_COMPANIES);
    await expect(menu.getByRole('menuitem', { name: 'Create company' })).toHaveAttribute('href', CREATE);
    await menu.getByRole('menuitem', { name: 'My Companies' }).click();
    await expect(page).toHaveURL(new RegExp(`${MY_COMPANIES}$`));
    await expect(page.getByText(companies.companies.myCompanies.empty)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Company menu' }).getByRole('link')).toHaveText(['My companies']);
    await page.getByRole('main').getByRole('link', { name: 'Create a company' }).click();
    await expect(page).toHaveURL(new RegExp(`${CREATE}$`));
    await expectNoAxeViolations(page);
  });

  test('at 390 px the three pages fit without horizontal scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, OWNER, CREATE);
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: 'Create company' }).click();
    await expect(page.getByLabel('Company name')).toHaveAttribute('aria-invalid', 'true');
    await expectNoHorizontalScroll(page);
    await createCompany(page, `E2E Narrow Works ${Date.now()}`);
    await expectNoHorizontalScroll(page);
    await page.goto(MY_COMPANIES);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My companies');
    await expectNoHorizontalScroll(page);
  });
});
