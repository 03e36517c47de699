import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import common from '../../src/locales/en/common.json' with { type: 'json' };
import jobAdWords from '../../src/locales/en/common/job-ads.json' with { type: 'json' };
import jobDescriptionWords from '../../src/locales/en/common/job-descriptions.json' with { type: 'json' };
import jobFieldWords from '../../src/locales/en/common/job-fields.json' with { type: 'json' };
import rbac from '../../src/locales/en/rbac.json' with { type: 'json' };
import { jobPostingProblems } from '../support/job-posting-rules';
import { companyMenu, selectCompany } from './support/company-area';
import { expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';

// Job descriptions and job ads, end to end: the demo recruiter writes a job description, publishes an ad from
// it, a guest finds it on /jobs and in the suggestions, its page passes the JSON-LD checks;
// taking it down removes it from search at once and its page answers 410.
const RECRUITER = 'recruiter@demo.test';
const words = jobAdWords.jobAds;
const notices = jobAdWords.notices.jobAds;
const descriptionWords = jobDescriptionWords.jobDescriptions;
const fields = jobFieldWords.jobFields;

const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

async function guestSearch(page: Page, q: string) {
  await page.goto(`/jobs?q=${encodeURIComponent(q)}`);
}

test.describe('company job ads', () => {
  test('the recruiter publishes an ad from a job description; guests find it; taken down, it is gone', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const title = `Zebra keeper ${stamp}`;
    await signInAs(page, RECRUITER, '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');

    await test.step('a job description to start from', async () => {
      await page.goto('/company/job-description-create');
      await page.getByLabel(fields.title).fill(title);
      await page.getByLabel(fields.workMode).selectOption('remote');
      await page.getByLabel(fields.countryCode).selectOption('GB');
      await page.getByLabel(fields.remoteCountries).fill('GB, IE');
      await page.getByLabel(fields.skills).fill('Animal care, Logistics');
      await page.getByLabel(fields.salary, { exact: true }).fill('3200');
      await page.getByLabel(fields.currency).fill('GBP');
      await page.getByLabel(fields.salaryRateUnit).selectOption('MONTH');
      await page.getByLabel(fields.description).fill('## What you do\n\n- Feed the **zebras**\n- Keep [records](https://example.com/records)');
      await page.getByRole('button', { name: descriptionWords.saveCreate }).click();
      await expect(status(page, jobDescriptionWords.notices.jobDescriptions.created)).toBeVisible();
    });

    await test.step('an ad filled in from it; a window out of order is refused with what was typed', async () => {
      await page.getByRole('link', { name: descriptionWords.publishAd }).click();
      await expect(page).toHaveURL(/\/company\/job-ad-create\?jobDescriptionId=/);
      await expect(page.getByLabel(fields.title)).toHaveValue(title);
      await expect(page.getByLabel(fields.remoteCountries)).toHaveValue('GB, IE');
      await page.getByLabel(words.adDescription).fill('Care for our herd, fully remote.');
      await page.getByLabel(words.employmentType).selectOption('employee');
      await page.getByLabel(words.publishedAt).fill('2099-12-10');
      await page.getByLabel(words.publishedUntil).fill('2099-12-01');
      await page.getByRole('button', { name: words.saveAndPublish }).click();
      await expect(page.getByText(fields.errors.publishWindowOrder)).toBeVisible();
      await expect(page.getByLabel(words.adDescription)).toHaveValue('Care for our herd, fully remote.');
      await expectNoAxeViolations(page);
      await page.getByLabel(words.publishedAt).fill('');
      await page.getByLabel(words.publishedUntil).fill('');
      await page.getByRole('button', { name: words.saveAndPublish }).click();
      await expect(page).toHaveURL(/\/company\/job-ad\?id=/);
      await expect(status(page, notices.published)).toBeVisible();
      await expect(page.locator('[data-status="PUBLISHED"]').first()).toBeVisible();
      // The preview is the public page's own body.
      await expect(page.getByRole('article', { name: words.preview }).getByRole('heading', { name: title })).toBeVisible();
      await expect(page.getByRole('article', { name: words.preview }).locator('.rich-text strong')).toHaveText('zebras');
      await expectNoAxeViolations(page);
      await expectFitsPhoneWidth(page);
      await page.setViewportSize({ width: 1280, height: 800 });
    });
    const adUrl = page.url();

    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    let publicPath = '';
    await test.step('a guest finds it on /jobs and in the suggestions; its page is a valid JobPosting', async () => {
      await guestSearch(guest, `zebra keeper ${stamp}`);
      const link = guest.getByRole('link', { name: title, exact: true });
      await expect(link).toBeVisible();
      publicPath = (await link.getAttribute('href'))!;
      await guest.goto('/jobs');
      const box = guest.getByRole('combobox', { name: 'Search jobs' });
      await box.click();
      await box.pressSequentially('zebra keep', { delay: 40 });
      await expect(guest.getByRole('listbox').getByRole('option', { name: new RegExp(title, 'i') })).toBeVisible();
      const response = await guest.goto(publicPath);
      expect(response?.status()).toBe(200);
      const jsonLd = JSON.parse((await guest.locator('script[type="application/ld+json"]').textContent())!);
      expect(jobPostingProblems(jsonLd)).toEqual([]);
      expect(jsonLd).toMatchObject({ title, jobLocationType: 'TELECOMMUTE', hiringOrganization: { name: 'Northwind Labs' } });
      expect(jsonLd.applicantLocationRequirements.map((country: { name: string }) => country.name)).toEqual(['GB', 'IE']);
      expect(jsonLd.description).toContain('<strong>zebras</strong>');
      await expect(guest.locator('.rich-text a[href="https://example.com/records"]')).toHaveAttribute('rel', /nofollow/);
    });

    await test.step('taken down: out of search at once, its page answers 410', async () => {
      await page.goto(adUrl);
      await page.locator('summary', { hasText: words.unpublish }).click();
      await page.getByRole('button', { name: words.unpublishConfirmButton.replace('{{title}}', title) }).click();
      await expect(status(page, notices.unpublished)).toBeVisible();
      await expect(page.locator('[data-status="DRAFT"]').first()).toBeVisible();
      await guestSearch(guest, `zebra keeper ${stamp}`);
      await expect(guest.getByRole('link', { name: title, exact: true })).toHaveCount(0);
      const gone = await guest.goto(publicPath);
      expect(gone?.status()).toBe(410);
    });

    await test.step('published again and edited: the saved change is in the form when it opens again', async () => {
      await page.getByRole('button', { name: words.publishLabel.replace('{{title}}', title) }).click();
      await expect(status(page, notices.published)).toBeVisible();
      await page.getByRole('link', { name: words.editLabel.replace('{{title}}', title) }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(common.titles.companyJobAdEdit);
      await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
      await page.getByLabel(words.adDescription).fill(`Zebra keepers wanted again ${stamp}.`);
      await page.getByRole('button', { name: words.save, exact: true }).click();
      await expect(status(page, notices.updated)).toBeVisible();
      await page.getByRole('link', { name: words.editLabel.replace('{{title}}', title) }).click();
      await expect(page.getByLabel(words.adDescription)).toHaveValue(`Zebra keepers wanted again ${stamp}.`);
      await page.getByRole('link', { name: words.cancel, exact: true }).click();
    });

    await test.step('copied: the copy is a draft in the list', async () => {
      await guestSearch(guest, `zebra keeper ${stamp}`);
      await expect(guest.getByRole('link', { name: title, exact: true })).toBeVisible();
      await page.getByRole('button', { name: words.duplicateLabel.replace('{{title}}', title) }).click();
      await expect(status(page, notices.duplicated)).toBeVisible();
      await expect(page.locator('[data-status="DRAFT"]').first()).toBeVisible();
      await companyMenu(page).getByRole('link', { name: rbac.companyMenu.jobAds }).click();
      await page.getByLabel(words.q).fill(stamp);
      await page.getByRole('button', { name: common.lists.filter }).click();
      await expect(page.locator('li[data-job-ad-id]')).toHaveCount(2);
      // Northwind's own permission set forbids deleting job ads: no delete anywhere.
      await expect(page.locator('summary', { hasText: words.delete })).toHaveCount(0);
      await expectFitsPhoneWidth(page);
    });
    await guestContext.close();
  });

  test("another company's ad is a 404 on every page that takes its id", async ({ page, browser }) => {
    await signInAs(page, 'owner@demo.test', '/company/my-companies');
    await selectCompany(page, 'Brightpath Consulting');
    await page.goto('/company/job-ads');
    const foreignId = await page.locator('li[data-job-ad-id]').first().getAttribute('data-job-ad-id');
    expect(foreignId).toBeTruthy();
    const recruiter = await browser.newContext();
    const recruiterPage = await recruiter.newPage();
    await signInAs(recruiterPage, RECRUITER, '/company/my-companies');
    await selectCompany(recruiterPage, 'Northwind Labs');
    for (const path of [`/company/job-ad?id=${foreignId}`, `/company/job-ad-edit?id=${foreignId}`]) {
      expect((await recruiterPage.goto(path))?.status()).toBe(404);
    }
    await recruiterPage.goto(`/company/job-ad-create?jobDescriptionId=${foreignId}`);
    await expect(recruiterPage.getByText(words.sourceGone).first()).toBeVisible();
    await expect(recruiterPage.getByLabel(fields.title)).toHaveValue('');
    await recruiter.close();
  });
});
