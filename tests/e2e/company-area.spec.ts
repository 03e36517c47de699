import { newEmail, signUpNewAccount } from './support/sign-up';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { buildCompanyMenu } from '../../src/lib/companies/company-menu';
import { effectivePermissions } from '../../src/lib/permissions/effective-permissions';
import { OWNER_PERMISSIONS } from '../../src/lib/permissions/resources';
import { RECRUITER_PERMISSIONS } from '../../src/lib/companies/company-roles';
import { NORTHWIND_COMPANY_PERMISSIONS } from '../../src/server/db/seed/companies';
import { companyMenu, expectedMenuLabels, menuLabels } from './support/company-area';
import { expectNoAxeViolations, signInAs } from './support/demo-session';
import rbac from '../../src/locales/en/rbac.json' with { type: 'json' };

// Demo accounts of the seed (README): owner@ owns Northwind Labs and Brightpath Consulting
// (verified) and Kite Analytics (pending); recruiter@ is a recruiter at Northwind Labs.
// Every test signs in afresh, so each has its own session and its own selected company;
// nothing here changes data, so counts are only checked for shape (other specs apply to ads).
const PASSWORD = 'talentplace-demo';
const OWNER = 'owner@demo.test';
const RECRUITER = 'recruiter@demo.test';
const DASHBOARD = '/company/dashboard';

const signIn = (page: Page, email: string, returnTo = DASHBOARD) => signInAs(page, email, returnTo);

const banner = (page: Page) => page.getByRole('region', { name: 'Selected company' });
const selectedCompanyId = async (page: Page) => (await page.locator('tp-company-banner').getAttribute('data-company-id'))!;

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /Account menu$/ }).first().click();
  return page.getByRole('menu');
}

test.describe('company area: banner, side menu, dashboard and company selection', () => {
  test('the owner sees the banner, the side menu of their permissions and the dashboard counts; axe finds nothing', async ({ page }) => {
    await signIn(page, OWNER);
    await expect(page).toHaveTitle(/^Dashboard \| /);
    // No company chosen yet in this session: the first verified company by name.
    await expect(banner(page).getByTestId('company-name')).toHaveText('Brightpath Consulting');
    await expect(banner(page).getByText('Verified')).toBeVisible();
    await expect(banner(page).getByRole('button', { name: 'Share a link to this company page' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expect(page.getByText('What is happening at Brightpath Consulting today.')).toBeVisible();

    const owner = effectivePermissions({ company: { verificationStatus: 'verified', permissions: null }, role: { permissions: OWNER_PERMISSIONS } });
    expect(await menuLabels(page)).toEqual(expectedMenuLabels(owner!));
    await expect(companyMenu(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    const activity = page.getByRole('region', { name: 'Activity' });
    const card = (name: string) => activity.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    for (const name of ['Job ads', 'Received applications', 'Sent invitations', 'Talents on the roster']) {
      await expect(card(name).getByTestId('count'), name).toHaveText(/^\d+( open)?$/);
    }
    await expect(card('Job ads').getByTestId('total')).toHaveText(/^of \d+ job ads?$/);
    const open = Number((await card('Job ads').getByTestId('count').textContent())!.replace(' open', ''));
    const total = Number(/\d+/.exec((await card('Job ads').getByTestId('total').textContent())!)![0]);
    expect(open).toBeGreaterThan(0);
    expect(open).toBeLessThanOrEqual(total);
    // A card links to the page of what it counts once that page is live (route table).
    await expect(card('Job ads').getByRole('link')).toHaveAttribute('href', '/company/job-ads');
    await expect(card('Received applications').getByRole('link')).toHaveAttribute('href', '/company/received-job-applications');
    await expect(card('Sent invitations').getByRole('link')).toHaveAttribute('href', '/company/sent-invitations');

    // The charts, each readable as text: the week chart's table, the pipeline's rows with numbers.
    const weeks = page.getByRole('region', { name: 'Applications per week' });
    await weeks.getByText('Show the numbers as a table').click();
    await expect(weeks.getByRole('table', { name: 'Applications per week' }).getByRole('row')).toHaveCount(13);
    const pipeline = page.getByRole('table', { name: 'Pipeline by hiring step' });
    await expect(pipeline.getByRole('rowheader').first()).toContainText('Applied');
    // Row 0 holds the column headings.
    await expect(pipeline.getByRole('row').nth(1).getByRole('cell')).toHaveText(/^\d+$/);
    await expect(page.getByRole('region', { name: 'Open job ads' }).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Roster balance by currency' }).getByRole('cell').first()).toHaveText(/\d/);
    // Pipeline metrics as numbers and words: a rate per in-progress step, the median time to hire.
    const metrics = page.getByRole('region', { name: 'Pipeline over the last 90 days' });
    const rates = metrics.getByRole('table', { name: 'Pipeline over the last 90 days' });
    await expect(rates.getByRole('columnheader')).toHaveText(['Hiring step', 'Reached the step', 'Moved on', 'Pass-through rate']);
    await expect(rates.getByRole('rowheader').first()).toHaveText('Applied');
    await expect(rates.getByRole('row').nth(1).getByRole('cell').last()).toHaveText(/^(\d+%|None reached it)$/);
    await expect(metrics.locator('[data-time-to-hire]')).toHaveText(/^(No hires in the last 90 days\.|[\d.]+ days? from applying \(\d+ hires?\))$/);

    // Each figure says what it counts, and they agree: the pipeline's steps add up to the
    // received applications (all of them, wherever they are now).
    for (const [name, key] of [['Job ads', 'jobAds'], ['Received applications', 'receivedApplications'], ['Sent invitations', 'sentInvitations'], ['Talents on the roster', 'rosterTalents']] as const) {
      await expect(card(name), name).toContainText(rbac.companyDashboard.definitions[key]);
    }
    await expect(page.getByRole('region', { name: 'Pipeline by hiring step' })).toContainText(rbac.companyDashboard.charts.pipelineLead);
    await expect(metrics).toContainText('Counted from the moves made in the last 90 days.');
    await expect(metrics).toContainText('From applying to the move into a hired step, for the applications hired in the last 90 days.');
    const received = Number(await card('Received applications').getByTestId('count').textContent());
    const perStep = (await pipeline.locator('td').allTextContents()).map((text) => Number(text.trim()));
    expect(perStep.reduce((sum, count) => sum + count, 0)).toBe(received);

    await expectNoAxeViolations(page);
    const menu = await openAccountMenu(page);
    await expect(menu.getByText('currently in Brightpath Consulting')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('switching company in the account menu lands on its dashboard; company_id in the address selects a company once and leaves the address', async ({ page }) => {
    await signIn(page, OWNER);
    const brightpathId = await selectedCompanyId(page);

    await test.step('the switcher lists the verified companies and stores the choice', async () => {
      const menu = await openAccountMenu(page);
      const switcher = menu.getByRole('group', { name: 'Switch verified company' });
      await expect(switcher.getByRole('menuitem')).toHaveText(['Brightpath Consulting ✓ (current)', 'Northwind Labs']);
      await expect(menu.getByRole('menuitem', { name: /Kite Analytics/ })).toHaveCount(0);
      await switcher.getByRole('menuitem', { name: 'Northwind Labs' }).click();
      await expect(page).toHaveURL(new RegExp(`${DASHBOARD}$`));
      await expect(banner(page).getByTestId('company-name')).toHaveText('Northwind Labs');
      await expect(page.getByText('What is happening at Northwind Labs today.')).toBeVisible();
      const northwindId = await selectedCompanyId(page);
      expect(northwindId).not.toBe(brightpathId);
      expect(await page.evaluate(() => localStorage.getItem('selectedCompanyId'))).toBe(northwindId);
      // The session keeps it: another page load stays in Northwind Labs.
      await page.reload();
      await expect(banner(page).getByTestId('company-name')).toHaveText('Northwind Labs');
    });

    await test.step("company_id selects Brightpath Consulting, shows 'Company has been changed' once and leaves the address", async () => {
      await page.goto(`${DASHBOARD}?company_id=${brightpathId}`);
      await expect(page).toHaveURL(new RegExp(`${DASHBOARD}$`));
      await expect(page.getByRole('status').filter({ hasText: 'Company has been changed' })).toBeVisible();
      await expect(banner(page).getByTestId('company-name')).toHaveText('Brightpath Consulting');
      expect(await page.evaluate(() => localStorage.getItem('selectedCompanyId'))).toBe(brightpathId);
      // Shown for 3 s (the company-changed notice), and not again on the next load.
      await expect(page.getByRole('status').filter({ hasText: 'Company has been changed' })).toHaveCount(0, { timeout: 4_500 });
      await page.reload();
      await expect(banner(page)).toBeVisible();
      await page.waitForTimeout(500);
      await expect(page.getByText('Company has been changed')).toHaveCount(0);
    });

    await test.step('a company_id that is not a verified company of the user changes nothing and shows no notice', async () => {
      await page.goto(`${DASHBOARD}?company_id=00000000-0000-4000-8000-000000000000`);
      await expect(page).toHaveURL(new RegExp(`${DASHBOARD}$`));
      await expect(banner(page).getByTestId('company-name')).toHaveText('Brightpath Consulting');
      await page.waitForTimeout(500);
      await expect(page.getByText('Company has been changed')).toHaveCount(0);
    });
  });

  test("the share button copies the address with company_id and says 'URL copied to clipboard'", async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await signIn(page, OWNER);
    const companyId = await selectedCompanyId(page);
    await banner(page).getByRole('button', { name: 'Share a link to this company page' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'URL copied to clipboard' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${new URL(DASHBOARD, baseURL).href}?company_id=${companyId}`);

    // The copied address opens the same company for whoever follows it.
    await page.goto(copied);
    await expect(page).toHaveURL(new RegExp(`${DASHBOARD}$`));
    await expect(banner(page).getByTestId('company-name')).toHaveText('Brightpath Consulting');
  });

  test('the recruiter sees the menu and cards of their role: fewer than the owner, no roster, no switcher', async ({ page }) => {
    await signIn(page, RECRUITER);
    await expect(banner(page).getByTestId('company-name')).toHaveText('Northwind Labs');
    const recruiter = effectivePermissions({ company: { verificationStatus: 'verified', permissions: NORTHWIND_COMPANY_PERMISSIONS }, role: { permissions: RECRUITER_PERMISSIONS } })!;
    const owner = effectivePermissions({ company: { verificationStatus: 'verified', permissions: NORTHWIND_COMPANY_PERMISSIONS }, role: { permissions: OWNER_PERMISSIONS } })!;
    const shown = await menuLabels(page);
    expect(shown).toEqual(expectedMenuLabels(recruiter));
    // Once every company page is live the owner's menu is strictly longer; today only what is live shows.
    const everyRouteLive = { currentPath: DASHBOARD, selectedCompanyId: 'selected', isLive: () => true };
    expect(buildCompanyMenu({ ...everyRouteLive, permissions: recruiter }).flatMap((group) => group.entries).length).toBeLessThan(
      buildCompanyMenu({ ...everyRouteLive, permissions: owner }).flatMap((group) => group.entries).length,
    );
    expect(shown.length).toBeLessThanOrEqual(expectedMenuLabels(owner).length);

    // The recruiter may not read the roster: its card is not shown.
    const activity = page.getByRole('region', { name: 'Activity' });
    await expect(activity.getByRole('heading', { name: 'Job ads' })).toBeVisible();
    await expect(activity.getByRole('heading', { name: 'Received applications' })).toBeVisible();
    await expect(activity.getByRole('heading', { name: 'Sent invitations' })).toBeVisible();
    await expect(activity.getByRole('heading', { name: 'Talents on the roster' })).toHaveCount(0);
    // The same for the charts: applications and ads, no roster balance.
    for (const chart of ['Applications per week', 'Pipeline by hiring step', 'Pipeline over the last 90 days', 'Open job ads']) {
      await expect(page.getByRole('region', { name: chart }), chart).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Roster balance by currency' })).toHaveCount(0);

    const menu = await openAccountMenu(page);
    await expect(menu.getByText('currently in Northwind Labs')).toBeVisible();
    await expect(menu.getByText('Switch verified company')).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Company Dashboard' })).toHaveAttribute('href', DASHBOARD);
  });

  test('a user without a verified company gets a clear state instead of the company pages', async ({ page }) => {
    await signUpNewAccount(page, 'Nico Company', newEmail('no-company'));

    await page.goto(DASHBOARD);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You have no verified company yet');
    await expect(banner(page)).toHaveCount(0);
    // The company side menu: 'My companies' is always in the side menu; without a selected company it is all there is.
    await expect(companyMenu(page).getByRole('link')).toHaveText(['My companies']);
    await expect(page.getByRole('main').getByRole('link', { name: 'Go to My companies' })).toHaveAttribute('href', '/company/my-companies');
    await expect(page.getByRole('main').getByRole('link', { name: 'Create a company' })).toHaveAttribute('href', '/company/create');
    await expectNoAxeViolations(page);
  });

  test('at 390 px the banner fits and the company menu opens in the top bar\'s one menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, OWNER);
    await expect(banner(page).getByTestId('company-name')).toBeVisible();
    await expect(banner(page).getByRole('button', { name: 'Share a link to this company page' })).toBeInViewport();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(companyMenu(page)).toBeHidden();

    // One menu on a phone: the company menu sits in the top bar's sheet, above the account entries.
    await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
    const sheet = page.getByRole('dialog').filter({ has: page.getByRole('navigation', { name: 'Company menu' }) });
    await expect(sheet).toBeVisible();
    expect((await sheet.boundingBox())?.width).toBe(240);
    await expect(sheet.getByRole('navigation', { name: 'Company menu' }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(sheet.getByRole('navigation', { name: 'Account menu' })).toBeVisible();
    await expectNoAxeViolations(page);
    await sheet.getByRole('button', { name: 'Close menu' }).click();
    await expect(sheet).toBeHidden();
  });
});
