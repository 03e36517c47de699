import { expect, test } from '@playwright/test';
import searchWords from '../../src/locales/en/common/talent-search.json' with { type: 'json' };
import rbac from '../../src/locales/en/rbac.json' with { type: 'json' };
import { companyMenu, selectCompany } from './support/company-area';
import { expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';

// Issue 17: the demo recruiter searches "React" with a rate ceiling and a language, ranked
// against one of Northwind's job descriptions, and reads the matched and missing skills.
const words = searchWords.talentSearch;

test.describe('company talent search', () => {
  test('the recruiter narrows the talent pool and ranks it against a job description', async ({ page }) => {
    await signInAs(page, 'recruiter@demo.test', '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');
    await companyMenu(page).getByRole('link', { name: rbac.companyMenu.talentSearch }).click();
    await expect(page).toHaveURL(/\/company\/talent-search$/);
    await expect(page.getByText(words.start)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel(words.skillsAny).fill('React');
    await page.getByLabel(words.rateMax).fill('500');
    await page.getByRole('button', { name: words.search }).click();
    // A rate without its currency is refused at the field, with what was typed kept.
    await expect(page.getByText(words.errors.rateCurrencyRequired)).toBeVisible();
    await expect(page.getByLabel(words.skillsAny)).toHaveValue('React');

    await page.getByLabel(words.rateCurrency).fill('EUR');
    await page.getByLabel(words.languages).fill('English');
    const reference = page.getByLabel(words.reference);
    const firstDescription = reference.locator('optgroup').first().locator('option').first();
    const referenceTitle = (await firstDescription.textContent())!.trim();
    await reference.selectOption({ label: referenceTitle });
    await page.getByRole('button', { name: words.search }).click();
    await expect(page).toHaveURL(/skillsAny=React/);
    const cards = page.locator('[data-talent-id]');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByText(new RegExp(`^Ranked against ${referenceTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))).toBeVisible();
    await expect(cards.first().getByText(/^(Has|Lacks): /).first()).toBeVisible();
    // Contact details never show in search.
    await expect(page.locator('a[href^="mailto:"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expectFitsPhoneWidth(page);
  });
});
