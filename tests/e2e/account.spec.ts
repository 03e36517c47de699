import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoAxeViolations, signInAs } from './support/demo-session';

// The user's own account pages (/edit-account, /site-settings) and the printable profile
// summary (/talent/profile-sum). Specs share one seeded database: the display name is
// edited on support@demo.test, which no other spec reads (the dashboard greets the talent
// by name), and everything changed is put back before the test ends.
const PASSWORD = 'talentplace-demo';
const TALENT = 'talent@demo.test';
const SUPPORT = { email: 'support@demo.test', name: 'Sam Support' };

const signIn = (page: Page, email: string, returnTo: string) => signInAs(page, email, returnTo);

/** Nothing wider than a 390 px phone screen. */
async function expectNoSidewaysScroll(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

const accountMenuButton = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}\\s*, Account menu$`) });

test.describe('account pages', () => {
  // Several page loads and axe runs each, on a machine shared with other suites.
  test.describe.configure({ timeout: 60_000 });

  test('the display name is saved and the account menu shows it at once; then it is put back', async ({ page }) => {
    await signIn(page, SUPPORT.email, '/jobs');
    // The account menu leads to the page.
    await accountMenuButton(page, SUPPORT.name).click();
    await page.getByRole('menuitem', { name: 'Edit account' }).click();
    await expect(page).toHaveURL(/\/edit-account$/);
    await expect(page).toHaveTitle(/^Edit user account \| /);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit user account');
    await expect(page.getByLabel('Email')).toHaveValue(SUPPORT.email);
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expectNoAxeViolations(page);

    const displayName = page.getByLabel('Display name');
    const phone = page.getByLabel('Phone number (optional)');
    const original = { name: await displayName.inputValue(), phone: await phone.inputValue() };
    expect(original.name).toBe(SUPPORT.name);
    const newName = `Sam Support ${Date.now() % 100000}`;
    try {
      await displayName.fill(`  ${newName}  `);
      await phone.fill('+44 20 7946-0958');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page).toHaveURL(/\/edit-account$/);
      await expect(page.locator('tp-toaster').getByText('Your account has been saved.')).toBeVisible();
      await expect(displayName).toHaveValue(newName);
      await expect(phone).toHaveValue('+442079460958');
      await expect(accountMenuButton(page, newName)).toBeVisible();
      // Every page reads the current user afresh: no copy of the old name anywhere.
      await page.goto('/jobs');
      await expect(accountMenuButton(page, newName)).toBeVisible();
    } finally {
      await page.goto('/edit-account');
      await displayName.fill(original.name);
      await phone.fill(original.phone);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(accountMenuButton(page, SUPPORT.name)).toBeVisible();
    }
    await expect(displayName).toHaveValue(SUPPORT.name);
  });

  test('an invalid phone number keeps what was typed, says what is wrong next to the field, and saves nothing', async ({ page }) => {
    await signIn(page, TALENT, '/edit-account');
    const displayName = page.getByLabel('Display name');
    const phone = page.getByLabel('Phone number (optional)');
    const original = await displayName.inputValue();
    await displayName.fill('Tara T. typed but not saved');
    await phone.fill('07700 900123');
    const response = page.waitForResponse((answer) => answer.request().method() === 'POST');
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await response).status()).toBe(422);
    await expect(phone).toHaveValue('07700 900123');
    await expect(displayName).toHaveValue('Tara T. typed but not saved');
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAccessibleDescription(/Enter the number in international format/);
    await expect(displayName).not.toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await page.goto('/edit-account');
    await expect(displayName).toHaveValue(original);
    await expect(phone).toHaveValue('');
  });

  test('site settings: a changed box stays changed after a reload, without JavaScript too; then it is put back', async ({ page, browser, baseURL }) => {
    await signIn(page, TALENT, '/site-settings');
    await expect(page).toHaveTitle(/^Site settings \| /);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site settings');
    const talentTable = page.getByRole('table', { name: 'Your talent work' });
    await expect(talentTable.getByRole('columnheader', { name: 'Push' })).toBeVisible();
    await expect(talentTable.getByRole('rowheader', { name: 'Invitation sent' })).toBeVisible();
    await expectNoAxeViolations(page);

    const pushInvitation = (target: Page) => target.getByRole('checkbox', { name: 'Push: Invitation sent' });
    const emailJobAd = (target: Page) => target.getByRole('checkbox', { name: 'E-mail: Job ad published' });
    const original = { push: await pushInvitation(page).isChecked(), email: await emailJobAd(page).isChecked() };
    const save = (target: Page) => target.getByRole('button', { name: 'Save settings' }).click();
    try {
      await pushInvitation(page).setChecked(!original.push);
      await emailJobAd(page).setChecked(!original.email);
      await save(page);
      await expect(page.locator('tp-toaster').getByText('Your notification settings have been saved.')).toBeVisible();
      await page.reload();
      await expect(pushInvitation(page)).toBeChecked({ checked: !original.push });
      await expect(emailJobAd(page)).toBeChecked({ checked: !original.email });

      const context = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
      const noJs = await context.newPage();
      try {
        await noJs.goto('/site-settings');
        await pushInvitation(noJs).setChecked(original.push);
        await save(noJs);
        await expect(noJs).toHaveURL(/\/site-settings$/);
        await expect(pushInvitation(noJs)).toBeChecked({ checked: original.push });
        await expect(emailJobAd(noJs)).toBeChecked({ checked: !original.email });
      } finally {
        await context.close();
      }
    } finally {
      await page.goto('/site-settings');
      await pushInvitation(page).setChecked(original.push);
      await emailJobAd(page).setChecked(original.email);
      await save(page);
      await expect(page.locator('tp-toaster').getByText('Your notification settings have been saved.')).toBeVisible();
    }
    await expectNoSidewaysScroll(page);
  });
});

test.describe('profile summary', () => {
  test.describe.configure({ timeout: 60_000 });

  test('shows the profile as companies see it, prints without the shell, and links from the profile page', async ({ page }) => {
    await signIn(page, TALENT, '/talent/profile');
    await page.getByRole('link', { name: 'Preview as companies see it' }).click();
    await expect(page).toHaveURL(/\/talent\/profile-sum$/);
    await expect(page).toHaveTitle(/^Profile summary \| /);

    const summary = page.getByRole('article', { name: 'Tara Talent' });
    await expect(summary.getByRole('heading', { level: 1 })).toHaveText('Tara Talent');
    await expect(summary.locator('header')).toContainText('Lisbon');
    await expect(summary.getByRole('region', { name: 'Details' })).toContainText('Remote');
    await expect(summary.getByTestId('rate-targetHourlyRate')).toHaveText('€65 per hour');
    await expect(summary.getByRole('region', { name: 'Skills' }).getByRole('listitem').filter({ hasText: 'React' })).toContainText('Advanced');
    await expect(summary.getByRole('region', { name: 'Languages' })).toContainText('Portuguese · Native');
    await expect(summary.getByRole('link', { name: 'Portfolio' })).toHaveAttribute('href', 'https://tara-talent.example');
    await expect(summary.getByRole('region', { name: 'Experience' })).toContainText('Atlantic Web Studio');
    // The script shows the Print button; it is for the screen only.
    const print = page.getByRole('button', { name: 'Print' });
    await expect(print).toBeVisible();
    await expectNoAxeViolations(page);

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Talent menu' })).toBeHidden();
    await expect(page.locator('body > header')).toBeHidden();
    await expect(page.locator('body > footer')).toBeHidden();
    await expect(print).toBeHidden();
    await expect(summary.getByRole('heading', { level: 1 })).toBeVisible();
    const printed = await summary.getByRole('link', { name: 'Portfolio' }).evaluate((link) => ({
      after: getComputedStyle(link, '::after').content,
      color: getComputedStyle(link).color,
    }));
    // Chromium reports the rule itself or its result, depending on the version.
    expect(printed.after).toMatch(/attr\(href\)|tara-talent\.example/);
    expect(printed.color).toBe('rgb(0, 0, 0)');

    await page.emulateMedia({ media: 'screen' });
    await expectNoSidewaysScroll(page);
  });

  test('without a profile it offers to create one, as the dashboard does', async ({ page }) => {
    await signIn(page, SUPPORT.email, '/talent/profile-sum');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile summary');
    const create = page.getByRole('region', { name: 'Create your talent profile' });
    await expect(create.getByLabel('Email')).toHaveValue(SUPPORT.email);
    await expect(create.getByRole('button', { name: 'Create profile' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
