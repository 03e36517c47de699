import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import common from '../../src/locales/en/common.json' with { type: 'json' };
import searchWords from '../../src/locales/en/common/talent-search.json' with { type: 'json' };
import { selectCompany } from './support/company-area';
import { DEMO_TALENT, expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';

// The admin's talent search: the demo talent (Tara Talent) hides her profile; the recruiter's talent
// search no longer finds her, the admin's does, marked hidden, and opens her profile with
// the e-mail address as the only contact. Her profile is shown again at the end.
const ADMIN = 'admin@demo.test';
const NAME = 'Tara Talent';
const words = searchWords.talentSearch;

async function setVisible(page: Page, visible: boolean) {
  await page.goto('/talent/profile?edit=availability');
  const section = page.getByRole('region', { name: 'Availability and visibility' });
  await section.getByLabel('Show my profile to companies').setChecked(visible);
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('tp-toaster').getByText('Profile saved')).toBeVisible();
}

test.describe('admin talent search', () => {
  test("the admin finds a talent's hidden profile that companies cannot, and opens it", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const talentContext = await browser.newContext();
    const talent = await talentContext.newPage();
    await signInAs(talent, DEMO_TALENT, '/talent/profile');
    await setVisible(talent, false);
    try {
      await test.step("the recruiter's search does not find her", async () => {
        const recruiterContext = await browser.newContext();
        const recruiter = await recruiterContext.newPage();
        await signInAs(recruiter, 'recruiter@demo.test', '/company/my-companies');
        await selectCompany(recruiter, 'Northwind Labs');
        await recruiter.goto(`/company/talent-search?q=${encodeURIComponent(NAME)}`);
        await expect(recruiter.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(recruiter.locator('[data-talent-id]').filter({ hasText: NAME })).toHaveCount(0);
        await recruiterContext.close();
      });

      await signInAs(page, ADMIN, '/admin/talent-search');
      await test.step('the menu leads to the search, which starts empty', async () => {
        await page.getByRole('button', { name: /Account menu$/ }).first().click();
        await expect(page.getByRole('menu').getByRole('menuitem', { name: common.accountMenu.admin.talentSearch, exact: true })).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(page.getByText(words.start)).toBeVisible();
        await expect(page.getByLabel(words.reference)).toHaveCount(0);
      });

      await test.step('the admin finds her, marked hidden', async () => {
        await page.getByLabel(words.q).fill(NAME);
        await page.getByRole('button', { name: words.search }).click();
        const card = page.locator('[data-talent-id]').filter({ hasText: NAME });
        await expect(card).toHaveCount(1);
        await expect(card.getByText(words.hiddenProfile)).toBeVisible();
        await expect(page.locator('a[href^="mailto:"]')).toHaveCount(0);
        await expectNoAxeViolations(page);
        await expectFitsPhoneWidth(page);
        await page.setViewportSize({ width: 1280, height: 800 });
      });

      await test.step('her profile shows with the e-mail address as the only contact, and back leads to the results', async () => {
        await page.locator('[data-talent-id]').filter({ hasText: NAME }).getByRole('link', { name: NAME }).click();
        await expect(page).toHaveURL(/\/admin\/talent-search\?.*profile=/);
        await expect(page.getByText(words.profile.adminHidden)).toBeVisible();
        await expect(page.getByText(words.profile.adminContact)).toBeVisible();
        await expect(page.locator('a[href^="mailto:"]')).toHaveCount(1);
        await expect(page.locator('a[href^="tel:"]')).toHaveCount(0);
        await expectNoAxeViolations(page);
        await expectFitsPhoneWidth(page);
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.getByRole('link', { name: words.profile.back }).click();
        await expect(page).toHaveURL(/\/admin\/talent-search\?q=/);
        await expect(page.locator('[data-talent-id]').filter({ hasText: NAME })).toHaveCount(1);
      });

      await test.step('an unknown profile is the not-found page', async () => {
        const answer = await page.goto('/admin/talent-search?profile=00000000-0000-4000-8000-000000000000');
        expect(answer?.status()).toBe(404);
      });
    } finally {
      await setVisible(talent, true);
      await talentContext.close();
    }
  });

  test('only admins open the admin talent search: 403 for the owner', async ({ page }) => {
    await signInAs(page, 'owner@demo.test', '/company/my-companies');
    for (const path of ['/admin/talent-search', '/admin/talent-search?profile=00000000-0000-4000-8000-000000000000']) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(403);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(common.forbidden.heading);
    }
  });
});
