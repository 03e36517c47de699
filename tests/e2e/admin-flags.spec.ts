import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import admin from '../../src/locales/en/common/admin.json' with { type: 'json' };
import common from '../../src/locales/en/common.json' with { type: 'json' };
import dashboard from '../../src/locales/en/common/talent-dashboard.json' with { type: 'json' };
import { DEMO_TALENT, expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';

// Feature flags: admin@ gives the seeded flag talent-rate-insight to the demo talent on
// /admin/feature-flags; the talent's dashboard then shows "Pay for your skills", and loses
// it when the flag is taken back. A flag the test creates is deleted again; the demo talent
// ends holding no flag, as seeded.
const ADMIN = 'admin@demo.test';
const FLAG = 'talent-rate-insight';
const words = admin.admin.featureFlags;
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const rateCard = (page: Page) => page.getByRole('heading', { name: dashboard.talentDashboard.rateInsight.heading });

async function openFlag(page: Page, name: string) {
  await page.goto(`/admin/feature-flags?q=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name: `Manage users and description of ${name}`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
}

test.describe('feature flags', () => {
  test('a flag given to the demo talent turns on the dashboard part it gates, and taking it back turns it off', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const talentContext = await browser.newContext();
    const talent = await talentContext.newPage();
    await signInAs(talent, DEMO_TALENT, '/talent/dashboard');
    await expect(talent.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(rateCard(talent)).toHaveCount(0);

    try {
      await signInAs(page, ADMIN, '/admin/feature-flags');
      await test.step('the account menu and the list show the flag, what it turns on and who holds it', async () => {
        await page.getByRole('button', { name: /Account menu$/ }).first().click();
        await expect(page.getByRole('menu').getByRole('menuitem', { name: common.accountMenu.admin.featureFlags, exact: true })).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(page).toHaveTitle(/^Feature flags \| /);
        const row = page.locator(`li[data-flag="${FLAG}"]`);
        await expect(row.getByText(words.checked.replace('{{what}}', words.what[FLAG]))).toBeVisible();
        await expect(row.getByText('Held by 0 users')).toBeVisible();
        await expectNoAxeViolations(page);
        await expectFitsPhoneWidth(page);
        await page.setViewportSize({ width: 1280, height: 800 });
      });

      await test.step('the admin finds the demo talent by e-mail and gives the flag', async () => {
        await openFlag(page, FLAG);
        await page.getByLabel(words.userQ).fill('talent@demo');
        await page.getByRole('button', { name: words.findUsers }).click();
        await page.getByRole('button', { name: `Give flag ${FLAG} to ${DEMO_TALENT}` }).click();
        await expect(toast(page, admin.notices.admin.featureFlagAssigned)).toBeVisible();
        await expect(page.locator(`li[data-holder="${DEMO_TALENT}"]`)).toBeVisible();
        await expect(page.locator(`li[data-candidate="${DEMO_TALENT}"]`).getByText(words.holds)).toBeVisible();
        await expectNoAxeViolations(page);
        await expectFitsPhoneWidth(page);
        await page.setViewportSize({ width: 1280, height: 800 });
      });

      await test.step('the talent reloads and sees "Pay for your skills"', async () => {
        await talent.reload();
        await expect(rateCard(talent)).toBeVisible();
        await expect(talent.locator('#rate-insight')).not.toContainText(dashboard.talentDashboard.rateInsight.failed);
        await expectNoAxeViolations(talent);
        await expectFitsPhoneWidth(talent);
        await talent.setViewportSize({ width: 1280, height: 800 });
      });

      await test.step('the admin takes it back and the card is gone', async () => {
        await page.getByRole('button', { name: `Remove ${FLAG} from ${DEMO_TALENT}` }).click();
        await expect(toast(page, admin.notices.admin.featureFlagRemoved)).toBeVisible();
        await expect(page.getByText(words.noHolders)).toBeVisible();
        await talent.reload();
        await expect(talent.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(rateCard(talent)).toHaveCount(0);
      });
    } finally {
      // Whatever happened, the demo talent ends holding no flag, as seeded.
      await openFlag(page, FLAG);
      const holder = page.locator(`li[data-holder="${DEMO_TALENT}"]`);
      if (await holder.count()) await holder.getByRole('button', { name: `Remove ${FLAG} from ${DEMO_TALENT}` }).click();
    }
    await talentContext.close();
  });

  test('the admin creates, describes and deletes a flag; a wrong name is refused at its field', async ({ page }) => {
    const name = `e2e-flag-${Date.now()}`;
    await signInAs(page, ADMIN, '/admin/feature-flags');
    await test.step('a name that is not kebab-case is refused in words', async () => {
      await page.getByLabel(words.name, { exact: true }).fill('Not Kebab');
      await page.getByRole('button', { name: words.create }).click();
      await expect(page.getByText(words.errors.nameNotKebabCase)).toBeVisible();
      await expect(page.getByLabel(words.name, { exact: true })).toHaveValue('Not Kebab');
    });
    await test.step('a good name creates the flag and opens it', async () => {
      await page.getByLabel(words.name, { exact: true }).fill(name);
      await page.getByLabel(words.description).fill('Tried by the end-to-end suite');
      await page.getByRole('button', { name: words.create }).click();
      await expect(toast(page, admin.notices.admin.featureFlagCreated)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(page.getByText(words.unchecked)).toBeVisible();
      await expect(page.getByText(words.noHolders)).toBeVisible();
    });
    await test.step('its description is edited', async () => {
      await page.getByLabel(words.description).fill('Described again');
      await page.getByRole('button', { name: words.saveDescription }).click();
      await expect(toast(page, admin.notices.admin.featureFlagSaved)).toBeVisible();
      await expect(page.getByLabel(words.description)).toHaveValue('Described again');
    });
    await test.step('the same name again is taken', async () => {
      await page.goto('/admin/feature-flags');
      await page.getByLabel(words.name, { exact: true }).fill(name);
      await page.getByRole('button', { name: words.create }).click();
      await expect(page.getByText(words.errors.nameTaken)).toBeVisible();
    });
    await test.step('deleting it asks first, then lists it only with the deleted ones', async () => {
      await page.goto(`/admin/feature-flags?q=${name}`);
      await page.getByLabel(`Delete ${name}`, { exact: true }).click();
      await page.getByRole('button', { name: `Yes, delete ${name}` }).click();
      await expect(toast(page, admin.notices.admin.featureFlagDeleted)).toBeVisible();
      await expect(page.getByText(words.emptyFiltered)).toBeVisible();
      await page.getByLabel(words.includeDeleted).check();
      await page.getByRole('button', { name: common.lists.filter }).click();
      await expect(page.locator(`li[data-flag="${name}"]`).getByText(/^Deleted /)).toBeVisible();
    });
  });

  test('only admins open the feature flags: 403 for the demo talent, sign-in for a guest', async ({ page, browser }) => {
    await signInAs(page, DEMO_TALENT, '/talent/dashboard');
    const answer = await page.goto('/admin/feature-flags');
    expect(answer?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(common.forbidden.heading);
    const guest = await (await browser.newContext()).newPage();
    const redirect = await guest.request.get('/admin/feature-flags', { maxRedirects: 0 });
    expect(redirect.status()).toBe(303);
  });
});
