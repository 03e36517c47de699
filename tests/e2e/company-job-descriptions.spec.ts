import { expect, test } from './support/test';
import common from '../../src/locales/en/common.json' with { type: 'json' };
import jobDescriptionWords from '../../src/locales/en/common/job-descriptions.json' with { type: 'json' };
import jobFieldWords from '../../src/locales/en/common/job-fields.json' with { type: 'json' };
import rbac from '../../src/locales/en/rbac.json' with { type: 'json' };
import { companyMenu, selectCompany } from './support/company-area';
import { expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';

// Job descriptions: the demo recruiter of Northwind Labs (README demo accounts) writes a job
// description through the pages, finds it in the list, edits it and deletes it; a
// refused form keeps what was typed; another company's id is a 404.
const RECRUITER = 'recruiter@demo.test';
const OWNER = 'owner@demo.test';
const words = jobDescriptionWords.jobDescriptions;
const fields = jobFieldWords.jobFields;
const notices = jobDescriptionWords.notices.jobDescriptions;

test.describe('company job descriptions', () => {
  test('the recruiter writes, finds and edits a job description', async ({ page }) => {
    test.setTimeout(90_000);
    const title = `E2E Data engineer ${Date.now()}`;
    await signInAs(page, RECRUITER, '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');
    await companyMenu(page).getByRole('link', { name: rbac.companyMenu.jobDescriptions }).click();
    await expect(page).toHaveURL(/\/company\/job-descriptions$/);
    await expect(page).toHaveTitle(/^Job descriptions \| /);
    await expectNoAxeViolations(page);

    await test.step('a form with mistakes comes back with what was typed and a message per field', async () => {
      await page.getByRole('link', { name: words.create }).click();
      await expect(page).toHaveURL(/\/company\/job-description-create$/);
      await page.getByLabel(fields.title).fill(title);
      await page.getByLabel(fields.workMode).selectOption('hybrid');
      await page.getByLabel(fields.salary, { exact: true }).fill('5500');
      await page.getByRole('button', { name: words.saveCreate }).click();
      await expect(page.getByRole('alert').filter({ hasText: words.invalid })).toBeVisible();
      await expect(page.getByText(fields.errors.countryRequired)).toBeVisible();
      await expect(page.getByText(fields.errors.localityRequired)).toBeVisible();
      await expect(page.getByText(fields.errors.salaryCurrencyRequired)).toBeVisible();
      await expect(page.getByLabel(fields.title)).toHaveValue(title);
      await expect(page.getByLabel(fields.countryCode)).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);
    });

    await test.step('completed, it is created with its structured place and shown', async () => {
      await page.getByLabel(fields.countryCode).selectOption('DE');
      await page.getByLabel(fields.locality).fill('Hamburg');
      await page.getByLabel(fields.currency).fill('eur');
      await page.getByLabel(fields.salaryRateUnit).selectOption('MONTH');
      await page.getByLabel(fields.skills).fill('python, Airflow, SQL');
      await page.getByLabel(fields.description).fill('## The team\n\nWe move data.\n\n- Pipelines\n- Dashboards');
      await page.getByRole('button', { name: words.saveCreate }).click();
      await expect(page).toHaveURL(/\/company\/job-description\?id=/);
      await expect(page.getByRole('status').filter({ hasText: notices.created }).first()).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText('Hamburg, Germany')).toBeVisible();
      await expectNoAxeViolations(page);
      await expectFitsPhoneWidth(page);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    const detailUrl = page.url();
    await test.step('it is in the list, found by the filter', async () => {
      await page.goto('/company/job-descriptions');
      await page.getByLabel(words.q).fill('hamburg');
      await page.getByLabel(fields.workMode).selectOption('hybrid');
      await page.getByRole('button', { name: common.lists.filter }).click();
      await expect(page).toHaveURL(/q=hamburg/);
      await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
      await expectFitsPhoneWidth(page);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('edited, it says so; deleted, it leaves the list', async () => {
      await page.goto(detailUrl);
      await page.getByRole('link', { name: words.edit, exact: true }).click();
      await expect(page).toHaveURL(/\/company\/job-description-edit\?id=/);
      await page.getByLabel(fields.workMode).selectOption('remote');
      await page.getByLabel(fields.remoteCountries).fill('de, at');
      await page.getByRole('button', { name: words.save }).click();
      await expect(page.getByRole('status').filter({ hasText: notices.updated }).first()).toBeVisible();
      await expect(page.getByText('Remote (Germany, Austria)')).toBeVisible();
      // The recruiter may not delete job descriptions (Recruiter role): no button.
      await expect(page.getByText(words.delete, { exact: true })).toHaveCount(0);
    });
  });

  test("another company's job description is a 404; the owner deletes; a talent sees none", async ({ page, browser }) => {
    await signInAs(page, OWNER, '/company/my-companies');
    await selectCompany(page, 'Brightpath Consulting');
    await page.goto('/company/job-descriptions');
    const first = page.locator('li[data-job-description-id]').first();
    const foreignId = await first.getAttribute('data-job-description-id');
    expect(foreignId).toBeTruthy();
    // Deleting works for the owner: the row goes with its notice.
    const titleText = (await first.getByRole('heading').textContent())!.trim();
    await first.locator('summary', { hasText: words.delete }).click();
    await first.getByRole('button', { name: words.deleteConfirmButton.replace('{{title}}', titleText) }).click();
    await expect(page.getByRole('status').filter({ hasText: notices.deleted }).first()).toBeVisible();
    await expect(page.locator(`li[data-job-description-id="${foreignId}"]`)).toHaveCount(0);

    const second = await page.locator('li[data-job-description-id]').first().getAttribute('data-job-description-id');
    const recruiter = await browser.newContext();
    const recruiterPage = await recruiter.newPage();
    await signInAs(recruiterPage, RECRUITER, '/company/my-companies');
    await selectCompany(recruiterPage, 'Northwind Labs');
    const probe = await recruiterPage.goto(`/company/job-description?id=${second}`);
    expect(probe?.status()).toBe(404);
    const edit = await recruiterPage.goto(`/company/job-description-edit?id=${second}`);
    expect(edit?.status()).toBe(404);
    await recruiter.close();

    const talent = await browser.newContext();
    const talentPage = await talent.newPage();
    await signInAs(talentPage, 'talent@demo.test', '/talent/dashboard');
    // Without a company the page says how to get one (middleware) and lists nothing.
    await talentPage.goto('/company/job-descriptions');
    await expect(talentPage.locator('li[data-job-description-id]')).toHaveCount(0);
    await expect(talentPage.getByRole('link', { name: words.create })).toHaveCount(0);
    await talent.close();
  });
});
