import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';
import { selectCompany } from './support/company-area';
import { signUpNewAccount } from './support/sign-up';
import { makeHeldTalentStatusesDue } from './support/e2e-database';
import jobFieldsFr from '../../src/locales/fr/common/job-fields.json' with { type: 'json' };
import jobAdsFr from '../../src/locales/fr/common/job-ads.json' with { type: 'json' };
import jobsFr from '../../src/locales/fr/jobs.json' with { type: 'json' };
import applicationsFr from '../../src/locales/fr/common/job-applications.json' with { type: 'json' };
import statusFr from '../../src/locales/fr/common/talent-status.json' with { type: 'json' };
import adminFr from '../../src/locales/fr/common/admin.json' with { type: 'json' };

// The main journeys with their writes, in French under /fr (docs/french.md): a company owner
// publishes an ad (its form's error in French first), Camille, the French demo talent, applies,
// the owner rejects her with a reason, and she reads it in French; an admin verifies a company.
// What people wrote (the ad's title, the company's reasons) stays as they wrote it.

const fields = jobFieldsFr.jobFields;
const card = applicationsFr.jobApplications.card;
const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

test.describe('the main journeys in French', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an owner publishes an ad in French, Camille applies in French, is rejected with a reason and reads it in French', async ({ page, browser }) => {
    const title = `Développeuse back-end ${Date.now().toString(36)}`;
    await signInAs(page, 'owner@demo.test', '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');

    await test.step('the ad form answers in French, first what is missing, then the ad', async () => {
      await page.goto('/fr/company/job-ad-create');
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await page.getByRole('button', { name: jobAdsFr.jobAds.saveAndPublish }).click();
      await expect(page.getByText(fields.errors.titleRequired).first()).toBeVisible();
      await page.getByLabel(fields.title).fill(title);
      await page.getByLabel(fields.workMode).selectOption('onsite');
      // After the failed try, the required fields say so in their names (« Pays (obligatoire) »).
      await page.getByRole('combobox', { name: new RegExp(`^${escapeForRegExp(fields.countryCode)}( |$)`) }).selectOption('FR');
      await page.getByLabel(fields.locality).fill('Lyon');
      await page.getByRole('button', { name: jobAdsFr.jobAds.saveAndPublish }).click();
      await expect(page).toHaveURL(/\/fr\/company\/job-ad\?id=/);
    });
    const adId = new URL(page.url()).searchParams.get('id')!;

    const camilleContext = await browser.newContext();
    const camille = await camilleContext.newPage();
    await test.step('Camille applies in French', async () => {
      await signInAs(camille, 'camille@demo.test', '/fr/talent/dashboard');
      await camille.goto(`/fr/job-apply-form?jobAdId=${adId}`);
      await expect(camille.locator('html')).toHaveAttribute('lang', 'fr');
      await camille.getByRole('button', { name: jobsFr.apply.submit }).click();
      await expect(camille).toHaveURL(/\/fr\/job-apply\/success\?jobAdId=/);
      await expect(camille.getByRole('heading', { level: 1 })).toHaveText(jobsFr.apply.successHeading);
    });

    let applicationId = '';
    await test.step('the owner rejects her with one of the company\'s reasons, in French', async () => {
      await page.goto(`/fr/company/received-job-applications?jobAdId=${adId}`);
      const application = page.locator('[data-application-id]').first();
      applicationId = (await application.getAttribute('data-application-id'))!;
      await page.goto(`/fr/company/job-application?id=${applicationId}`);
      const [before, after] = card.rejectReason.split('{{name}}') as [string, string];
      const reason = page.getByLabel(new RegExp(`^${escapeForRegExp(before)}.+${escapeForRegExp(after)}$`));
      await reason.selectOption({ index: 1 });
      await page.getByRole('button', { name: card.reject, exact: true }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page.getByText(statusFr.talentStatus.NOT_SELECTED).first()).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('once the company\'s delay is over, Camille reads it in French', async () => {
      await makeHeldTalentStatusesDue(applicationId);
      await expect(async () => {
        await camille.goto('/fr/talent/applied-jobs');
        await expect(camille.locator(`#application-${applicationId}`).getByTestId('application-status')).toHaveText(statusFr.talentStatus.NOT_SELECTED, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expectFitsPhoneWidth(camille);
    });
    await camilleContext.close();
  });

  test('an admin verifies a company in French', async ({ page, browser }) => {
    const name = `Ateliers Vérifiés ${Date.now().toString(36)}`;
    // A new account's company: the demo owner's own companies stay as other specs expect them.
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signUpNewAccount(owner, 'Amélie Atelier');
    await owner.goto('/company/create');
    await owner.getByLabel('Company name').fill(name);
    await owner.getByRole('button', { name: 'Create company' }).click();
    await expect(owner).toHaveURL(/\/company\/create\/success\?companyId=/);
    await ownerContext.close();

    await signInAs(page, 'admin@demo.test', `/fr/admin/companies?q=${encodeURIComponent(name)}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.getByRole('link', { name: adminFr.admin.companies.open.replace('{{name}}', name), exact: true }).click();
    await expect(page).toHaveURL(/\/fr\/admin\/company\?id=/);
    await page.getByRole('button', { name: adminFr.admin.companies.verifyLabel.replace('{{name}}', name) }).click();
    await expect(toast(page, adminFr.notices.admin.companyVerified)).toBeVisible();
    await expect(page).toHaveURL(/\/fr\/admin\/company\?id=/);
    await expectNoAxeViolations(page);
  });
});
