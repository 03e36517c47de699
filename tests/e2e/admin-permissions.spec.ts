import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import admin from '../../src/locales/en/common/admin.json' with { type: 'json' };
import adminUsers from '../../src/locales/en/common/admin-users.json' with { type: 'json' };
import common from '../../src/locales/en/common.json' with { type: 'json' };
import { expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';

// What each admin may do (README demo accounts): moderator@ holds moderation only, so the
// finance and verification pages answer 403 while the moderation ones open; admin@, a super
// admin, gives the moderator finance on /admin/talents?view=admins and takes it back at the
// end, so the other specs find the seeded permissions.
const SUPER = 'admin@demo.test';
const MODERATOR = 'moderator@demo.test';
const words = adminUsers.admin.admins;
const forbiddenHeading = (page: Page) => page.getByRole('heading', { level: 1, name: common.forbidden.heading });

async function expectForbidden(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(403);
  await expect(forbiddenHeading(page)).toBeVisible();
}

async function setModeratorPermissions(page: Page, permissions: string[]) {
  await page.goto('/admin/talents?view=admins');
  const row = page.locator('li[data-admin-id]').filter({ hasText: MODERATOR });
  const group = row.getByRole('group', { name: words.permissionsOf.replace('{{name}}', 'Mo Moderator') });
  for (const [permission, label] of Object.entries(words.permission)) {
    if (permission === 'admins') continue;
    const box = group.getByRole('checkbox', { name: label, exact: true });
    if (permissions.includes(permission)) await box.check();
    else await box.uncheck();
  }
  await row.getByRole('button', { name: words.saveLabel.replace('{{name}}', 'Mo Moderator') }).click();
  await expect(page.getByRole('status').filter({ hasText: admin.notices.admin.adminPermissionsSaved })).toBeVisible();
}

test.describe('admin permissions', () => {
  test('a moderation-only admin gets 403 on the finance pages and opens the moderation ones', async ({ page }) => {
    await signInAs(page, MODERATOR, '/admin/job-ads');
    await expect(page.getByRole('heading', { level: 1, name: common.titles.adminJobAds })).toBeVisible();
    await expectForbidden(page, '/admin/companies');
    await expectForbidden(page, '/admin/company?id=00000000-0000-4000-8000-000000000000');
    await expectForbidden(page, '/admin/feature-flags');
    await expectForbidden(page, '/admin/talents?view=admins');
    await expectForbidden(page, '/admin/talents?view=bank-details');
    await page.goto('/admin/job-applications');
    await page.getByRole('button', { name: /Account menu$/ }).first().click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: common.accountMenu.admin.jobAds, exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: common.accountMenu.admin.companies, exact: true })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: common.accountMenu.admin.featureFlags, exact: true })).toHaveCount(0);
  });

  test("the super admin gives the moderator finance and takes it back; the admins' list passes axe at 390 px", async ({ page, browser }) => {
    await signInAs(page, SUPER, '/admin/talents?view=admins');
    await expect(page.locator('#platform-admins-heading')).toHaveText(words.heading);
    const self = page.locator('li[data-admin-id]').filter({ hasText: SUPER });
    await expect(self.getByText(words.superAdmin)).toBeVisible();
    await expect(self.getByRole('button')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await setModeratorPermissions(page, ['moderation', 'finance']);
    const moderatorContext = await browser.newContext();
    const moderator = await moderatorContext.newPage();
    await signInAs(moderator, MODERATOR, '/admin/companies');
    await expect(moderator.getByRole('heading', { level: 1, name: common.titles.adminCompanies })).toBeVisible();

    await setModeratorPermissions(page, ['moderation']);
    await expectForbidden(moderator, '/admin/companies');
    await moderatorContext.close();

    await test.step('the users list shows when each user last visited', async () => {
      await page.goto(`/admin/talents?q=${encodeURIComponent(MODERATOR)}`);
      const row = page.locator('tr[data-user-id]').filter({ hasText: MODERATOR });
      await expect(page.getByRole('columnheader', { name: adminUsers.admin.talents.lastVisit })).toBeVisible();
      await expect(row.locator('[data-last-visit] time')).toHaveCount(1);
    });

    await page.goto('/admin/talents?view=admins');
    await expectFitsPhoneWidth(page);
  });
});
