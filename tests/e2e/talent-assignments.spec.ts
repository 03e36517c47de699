import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoAxeViolations, signInAs } from './support/demo-session';

// The demo talent of the seed (README: demo accounts) has two assignments with Northwind
// Labs: one direct (client prices shown to the talent) and one through Brightpath
// Consulting (client prices hidden). Other specs read those, so this one only reads them;
// what it creates and edits is its own assignment, told apart by a marker in its team.
const TALENT = { email: 'talent@demo.test', password: 'talentplace-demo' };

const signIn = (page: Page, returnTo: string) => signInAs(page, TALENT.email, returnTo, TALENT.password);

test.describe('talent assignments', () => {
  test('the list shows the seeded assignments, and their details show client prices only where allowed', async ({ page }) => {
    await signIn(page, '/talent/assignments');
    await expect(page).toHaveTitle(/^Assignments \| /);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Assignments');
    await expect(page.getByRole('navigation', { name: 'Talent menu' }).getByRole('link', { name: 'Assignments' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);

    const throughProvider = page.getByRole('article').filter({ hasText: 'Provider:Brightpath Consulting' });
    await expect(throughProvider).toHaveCount(1);
    await expect(throughProvider).toContainText('Client:Northwind Labs');
    await expect(throughProvider).toContainText('Currency:GBP');
    await expect(throughProvider.locator('[data-status]')).toHaveText('Current');
    const title = (await throughProvider.getByRole('heading', { level: 2 }).textContent())!.trim();

    await throughProvider.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/talent\/assignment\?id=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByText('Brightpath approves timesheets before they go to the client.')).toBeVisible();
    const hiddenBillings = page.getByRole('table', { name: `Billings of ${title}` });
    await expect(hiddenBillings.getByRole('row')).not.toHaveCount(0);
    await expect(hiddenBillings.getByRole('columnheader', { name: 'Client pays' })).toHaveCount(0);
    await expect(page.getByText("The client's prices are not shared with you on this assignment.")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Back to assignments' }).click();
    // The seeded direct one runs today; assignments this spec creates start in years to come.
    const direct = page
      .getByRole('article')
      .filter({ hasText: 'Client:Northwind Labs' })
      .filter({ hasNotText: 'Provider:' })
      .filter({ has: page.locator('[data-status="CURRENT"]') });
    await expect(direct).toHaveCount(1);
    await direct.getByRole('heading', { level: 2 }).getByRole('link').click();
    await expect(page.getByText('Send your hours by the third working day of the month.')).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Client pays' })).toBeVisible();
  });

  test('sorting and the current filter live in the address', async ({ page }) => {
    await signIn(page, '/talent/assignments');
    await page.getByLabel('Sort by').selectOption('oldest');
    await page.getByLabel('Show').selectOption('current');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/filter=current/);
    await expect(page).toHaveURL(/sort=oldest/);
    await expect(page.getByLabel('Sort by')).toHaveValue('oldest');
    await expect(page.locator('[data-status]').filter({ hasNotText: 'Current' })).toHaveCount(0);
    await expect(page.getByRole('article').filter({ hasText: 'Provider:Brightpath Consulting' })).toHaveCount(1);
  });

  test('creates an assignment after a validation error that keeps the typed values, then edits it', async ({ page }) => {
    // Three pages, two posts and four axe runs: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    const marker = `e2e-${Date.now().toString(36)}`;
    await signIn(page, '/talent/assignments');
    await page.getByRole('link', { name: 'Create assignment' }).first().click();
    await expect(page).toHaveURL(/\/talent\/assignment-create$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create assignment');
    await expectNoAxeViolations(page);

    await page.getByLabel('Client company').selectOption({ label: 'Northwind Labs' });
    const role = page.getByLabel('Role').locator('optgroup[label="Northwind Labs"] option').first();
    const roleTitle = (await role.textContent())!.trim();
    await page.getByLabel('Role').selectOption({ value: (await role.getAttribute('value'))! });
    await page.getByLabel('Start date').fill('2031-05-10');
    await page.getByLabel('End date').fill('2031-05-01');
    await page.getByLabel('Team').fill(`Team ${marker}`);
    await page.getByLabel('Cost centre').fill('NW-E2E-1');
    await page.getByLabel('Your note').fill('Created by the end-to-end test.');
    await page.getByRole('button', { name: 'Create assignment' }).click();

    // Refused: the message sits on the end date, everything typed is still there.
    await expect(page).toHaveURL(/\/talent\/assignment-create$/);
    const endDate = page.getByLabel('End date');
    await expect(endDate).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#assignment-endDate-error')).toHaveText('The end date cannot be before the start date.');
    await expect(page.getByRole('alert')).toContainText('1 field needs attention');
    await expect(page.getByLabel('Client company').locator('option:checked')).toHaveText('Northwind Labs');
    await expect(page.getByLabel('Role')).toHaveValue((await role.getAttribute('value'))!);
    await expect(page.getByLabel('Start date')).toHaveValue('2031-05-10');
    await expect(endDate).toHaveValue('2031-05-01');
    await expect(page.getByLabel('Team')).toHaveValue(`Team ${marker}`);
    await expect(page.getByLabel('Cost centre')).toHaveValue('NW-E2E-1');
    await expect(page.getByLabel('Your note')).toHaveValue('Created by the end-to-end test.');
    await expectNoAxeViolations(page);

    await endDate.fill('2031-12-31');
    await page.getByRole('button', { name: 'Create assignment' }).click();
    await expect(page).toHaveURL(/\/talent\/assignment\?id=[0-9a-f-]{36}$/);
    const detailUrl = page.url();
    await expect(page.getByText('Assignment created')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(roleTitle);
    await expect(page.locator('[data-status]')).toHaveText('Upcoming');
    await expect(page.getByText(`Team ${marker}`)).toBeVisible();
    await expect(page.getByText('10 May 2031')).toBeVisible();
    await expect(page.getByText('31 Dec 2031')).toBeVisible();
    await expect(page.getByText('No billings for this assignment yet.')).toBeVisible();

    // It is in the list.
    await page.getByRole('link', { name: 'Back to assignments' }).click();
    const { pathname, search } = new URL(detailUrl);
    const listed = page.getByRole('article').filter({ has: page.locator(`a[href="${pathname}${search}"]`) });
    await expect(listed.getByRole('heading', { level: 2 })).toHaveText(roleTitle);
    await expect(listed).toContainText('10 May 2031 – 31 Dec 2031');
    await expect(listed.locator('[data-status]')).toHaveText('Upcoming');

    await page.goto(detailUrl);
    await page.getByRole('link', { name: 'Edit assignment' }).click();
    await expect(page).toHaveURL(/\/talent\/assignment-edit\?id=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit assignment');
    await expect(page.getByLabel('Team')).toHaveValue(`Team ${marker}`);
    await expectNoAxeViolations(page);
    await page.getByLabel('Team').fill(`Edited ${marker}`);
    await page.getByLabel('End date').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();

    await expect(page).toHaveURL(detailUrl);
    await expect(page.getByText('Assignment saved')).toBeVisible();
    await expect(page.getByText(`Edited ${marker}`)).toBeVisible();
    await expect(page.getByText('Open-ended')).toBeVisible();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the create form posts, redirects to the new assignment and keeps values on an error', async ({ page }) => {
      const marker = `nojs-${Date.now().toString(36)}`;
      await signIn(page, '/talent/assignment-create');
      await page.getByLabel('Client company').selectOption({ label: 'Brightpath Consulting' });
      await page.getByLabel('Start date').fill('2030-01-15');
      await page.getByLabel('Team').fill(`Team ${marker}`);
      await page.getByLabel('Currency').fill('ABC');
      await page.getByRole('button', { name: 'Create assignment' }).click();
      await expect(page.locator('#assignment-currency-error')).toHaveText('Use a three-letter ISO 4217 currency code, such as EUR.');
      await expect(page.getByLabel('Team')).toHaveValue(`Team ${marker}`);

      await page.getByLabel('Currency').fill('');
      await page.getByRole('button', { name: 'Create assignment' }).click();
      await expect(page).toHaveURL(/\/talent\/assignment\?id=[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Assignment with Brightpath Consulting');
      await expect(page.getByText(`Team ${marker}`)).toBeVisible();
      // Brightpath's roster holds the demo talent in GBP: an empty currency takes that.
      await expect(page.getByRole('definition').filter({ hasText: /^GBP$/ })).toBeVisible();
    });
  });

  test('an unknown or malformed id shows the not-found page', async ({ page }) => {
    await signIn(page, '/talent/assignments');
    for (const path of ['/talent/assignment?id=00000000-0000-4000-8000-000000000000', '/talent/assignment?id=nope', '/talent/assignment-edit?id=00000000-0000-4000-8000-000000000000']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
    }
  });
});
