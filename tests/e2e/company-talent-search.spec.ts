import { expect, test } from './support/test';
import searchWords from '../../src/locales/en/common/talent-search.json' with { type: 'json' };
import rbac from '../../src/locales/en/rbac.json' with { type: 'json' };
import descriptionWords from '../../src/locales/en/common/job-descriptions.json' with { type: 'json' };
import fieldWords from '../../src/locales/en/common/job-fields.json' with { type: 'json' };
import savedWords from '../../src/locales/en/common/saved-talents.json' with { type: 'json' };
import { companyMenu, selectCompany } from './support/company-area';
import { expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';

// The company's talent search: the demo recruiter searches "React" with a rate ceiling and a language, ranked
// against one of Northwind's job descriptions, reads the matched and missing skills, and
// keeps two of them in a new shortlist.
const words = searchWords.talentSearch;

test.describe('company talent search', () => {
  test('the recruiter narrows the talent pool and ranks it against a job description', async ({ page }) => {
    await signInAs(page, 'recruiter@demo.test', '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');
    // The role to rank against: a job description of the recruiter's own, needing React
    // (ranked, the candidates are the talents with at least one of its skills).
    const referenceTitle = `React lead ${Date.now().toString(36)}`;
    await page.goto('/company/job-description-create');
    await page.getByLabel(fieldWords.jobFields.title).fill(referenceTitle);
    await page.getByLabel(fieldWords.jobFields.workMode).selectOption('remote');
    await page.getByLabel(fieldWords.jobFields.countryCode).selectOption('DE');
    await page.getByLabel(fieldWords.jobFields.skills).fill('React, TypeScript, GraphQL');
    await page.getByRole('button', { name: descriptionWords.jobDescriptions.saveCreate }).click();
    await expect(page).toHaveURL(/\/company\/job-description\?id=/);
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
    await page.getByLabel(words.reference).selectOption({ label: referenceTitle });
    await page.getByRole('button', { name: words.search }).click();
    await expect(page).toHaveURL(/skillsAny=React/);
    const cards = page.locator('[data-talent-id]');
    await expect(cards.first()).toBeVisible();
    // Searched, the filters past the skills fold behind "More filters" with their count (the
    // language and the rate; the currency only qualifies the rate), and the results start on
    // the first screen.
    await expect(page.getByTestId('more-filters').locator('summary')).toContainText(words.moreFiltersActive.replace('{{count, number}}', '2'));
    await expect(page.getByLabel(words.languages)).toBeHidden();
    await expect(cards.first()).toBeInViewport();
    await expect(page.getByText(new RegExp(`^Ranked against ${referenceTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))).toBeVisible();
    await expect(cards.first().getByText(/^(Has|Lacks): /).first()).toBeVisible();
    // Contact details never show in search.
    await expect(page.locator('a[href^="mailto:"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expectFitsPhoneWidth(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    await test.step('two talents saved to a new list, renamed; one moved out and removed', async () => {
      const label = `React shortlist ${Date.now().toString(36)}`;
      await page.goto('/company/talent-saved');
      await page.locator('#new-list-label').fill(label);
      await page.getByRole('button', { name: savedWords.savedTalents.createList }).click();
      await expect(page.getByRole('status').filter({ hasText: savedWords.notices.savedTalents.listCreated }).first()).toBeVisible();
      // A broader search than the one above, which may match a single talent.
      await page.goto('/company/talent-search?skillsAny=React');
      const names: string[] = [];
      for (const index of [0, 1]) {
        const card = page.locator('[data-talent-id]').nth(index);
        names.push((await card.getByRole('heading').textContent())!.trim());
        await card.locator('select[name="listId"]').selectOption({ label });
        await card.getByRole('button', { name: new RegExp(`^${savedWords.savedTalents.saveTo}:`) }).click();
        await expect(page.getByRole('status').filter({ hasText: savedWords.notices.savedTalents.saved }).first()).toBeVisible();
      }
      // The talent may already sit in lists that other tests of the run made: the new one is among them.
      const [savedInPrefix] = savedWords.savedTalents.savedIn.split('{{lists}}');
      await expect(page.locator('[data-talent-id]').first().getByText(savedInPrefix!.trim())).toContainText(label);
      await companyMenu(page).getByRole('link', { name: rbac.companyMenu.savedTalents }).click();
      await page.getByRole('link', { name: new RegExp(`^${label}`) }).click();
      await expect(page.locator('[data-saved-talent-id]')).toHaveCount(2);
      for (const name of names) await expect(page.locator('[data-saved-talent-id]').getByRole('heading', { name })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.locator('#rename-list').fill(`${label} (final)`);
      await page.getByRole('button', { name: savedWords.savedTalents.saveName }).click();
      await expect(page.getByRole('heading', { level: 2, name: `${label} (final)` })).toBeVisible();
      await page.locator('[data-saved-talent-id]').first().getByRole('button', { name: new RegExp(`^${savedWords.savedTalents.remove}`) }).click();
      await expect(page.getByRole('status').filter({ hasText: savedWords.notices.savedTalents.removed }).first()).toBeVisible();
      await expect(page.locator('[data-saved-talent-id]')).toHaveCount(1);
      await expectFitsPhoneWidth(page);
    });
  });
});
