import { expect, test } from './support/test';
import { expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';
import commonFr from '../../src/locales/fr/common.json' with { type: 'json' };
import rbacFr from '../../src/locales/fr/rbac.json' with { type: 'json' };

// A company member and an admin work in French under /fr (docs/french.md): the pages, their
// dates as French writes them, axe and the phone width. The guest and the talent have theirs
// in french.spec.ts.

/** A day as fr-FR writes it in the product: "8 nov. 2026", "1 mars 2026". */
const FRENCH_DAY = /\b\d{1,2} (janv\.|févr\.|mars|avr\.|mai|juin|juil\.|août|sept\.|oct\.|nov\.|déc\.) \d{4}\b/;
const ENGLISH_DAY = /\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}\b/;

test.describe('French for companies and admins', () => {
  test('a company owner works in French: the dashboard, then the job ads with their dates in French', async ({ page }) => {
    await signInAs(page, 'owner@demo.test', '/fr/company/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(rbacFr.companyDashboard.heading);
    await expectNoAxeViolations(page);

    await page.goto('/fr/company/job-ads');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const list = await page.locator('main').innerText();
    expect(list).toMatch(FRENCH_DAY);
    expect(list).not.toMatch(ENGLISH_DAY);
    // Its links stay in French.
    await expect(page.locator('main a[href^="/company/"]')).toHaveCount(0);
    await expectFitsPhoneWidth(page);
  });

  test('an admin works in French: the companies of the platform', async ({ page }) => {
    await signInAs(page, 'admin@demo.test', '/fr/admin/companies');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(commonFr.titles.adminCompanies);
    await expect(page.locator('main a[href^="/admin/"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
