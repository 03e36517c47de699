import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import companies from '../../src/locales/en/common/companies.json' with { type: 'json' };
import applicationWords from '../../src/locales/en/common/job-applications.json' with { type: 'json' };
import common from '../../src/locales/en/common.json' with { type: 'json' };
import rbac from '../../src/locales/en/rbac.json' with { type: 'json' };
import { pdfBytes, pngBytes } from '../support/upload-fixtures';
import { expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';

// The company side menu's Company Management → Edit Profile (the profile route followed by the selected
// company's id) and the hiring steps section. owner@ (README demo accounts) edits
// Brightpath Consulting, their first verified company by name; every change is put back
// (or is a step of the test's own), so other specs see the seeded data.
const OWNER = 'owner@demo.test';
const RECRUITER = 'recruiter@demo.test';
const words = companies.companies;
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const stepRow = (page: Page, name: string) => page.locator('li[data-step-id]').filter({ has: page.getByRole('heading', { name: new RegExp(`^\\d+\\. ${name}$`) }) });
const stepNames = (page: Page) => page.locator('li[data-step-id] h3').allTextContents().then((names) => names.map((name) => name.replace(/^\d+\.\s*/, '').trim()));

async function openEditProfile(page: Page): Promise<string> {
  await page.getByRole('navigation', { name: 'Company menu' }).first().getByRole('link', { name: rbac.companyMenu.editProfile }).click();
  await expect(page).toHaveURL(/\/company\/profile\/[0-9a-f-]{36}$/);
  await expect(page).toHaveTitle(/^Profile \| /);
  return page.url().split('/').pop()!;
}

test.describe('company profile and hiring steps', () => {
  test('the owner edits the profile, sees it on the public page, and a refused edit keeps what was typed', async ({ page }) => {
    await signInAs(page, OWNER, '/company/dashboard');
    const companyId = await openEditProfile(page);
    await expect(page.getByLabel('Company name')).toHaveValue('Brightpath Consulting');
    const industry = page.getByLabel(words.create.industry);
    const original = await industry.inputValue();
    await expectNoAxeViolations(page);

    const stuckAfterDays = page.getByLabel(words.profile.stuckAfterDays);
    await expect(stuckAfterDays).toHaveValue('14');

    await test.step('an emptied name and a stuck threshold of 0 days are refused beside their fields, the other values kept', async () => {
      await page.getByLabel('Company name').fill('');
      await industry.fill('Refused industry');
      await stuckAfterDays.fill('0');
      await page.getByRole('button', { name: words.profile.submit }).click();
      await expect(page.getByLabel('Company name')).toHaveAccessibleDescription(words.errors.nameRequired);
      // The message is read out with the field after its hint (aria-describedby: hint, then error).
      await expect(stuckAfterDays).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('#field-stuckAfterDays-error')).toHaveText(words.errors.stuckAfterDaysOutOfRange);
      await expect(stuckAfterDays).toHaveAttribute('aria-describedby', /field-stuckAfterDays-error/);
      await expect(stuckAfterDays).toHaveValue('0');
      await expect(industry).toHaveValue('Refused industry');
    });

    await test.step('a valid edit is saved and shown on the public company page', async () => {
      const description = `Consultants for growing teams (e2e ${Date.now()}).`;
      // The hiring steps have description fields too: this one is the profile form's.
      const descriptionField = page.getByRole('region', { name: words.profile.formHeading }).getByLabel(words.create.description);
      const originalDescription = await descriptionField.inputValue();
      await page.getByLabel('Company name').fill('Brightpath Consulting');
      await industry.fill(original);
      await descriptionField.fill(description);
      await stuckAfterDays.fill('21');
      await page.getByRole('button', { name: words.profile.submit }).click();
      await expect(toast(page, 'Company profile saved')).toBeVisible();
      await expect(descriptionField).toHaveValue(description);
      await expect(stuckAfterDays).toHaveValue('21');
      await page.getByRole('link', { name: words.profile.publicPage }).click();
      await expect(page).toHaveURL(new RegExp(`/talent/company\\?id=${companyId}$`));
      await expect(page.getByText(description)).toBeVisible();
      await page.goto(`/company/profile/${companyId}`);
      await page.getByRole('region', { name: words.profile.formHeading }).getByLabel(words.create.description).fill(originalDescription);
      await page.getByLabel(words.profile.stuckAfterDays).fill('14');
      await page.getByRole('button', { name: words.profile.submit }).click();
      await expect(toast(page, 'Company profile saved')).toBeVisible();
    });

    await test.step('an id that is no company of the owner is a 404', async () => {
      const answer = await page.goto('/company/profile/00000000-0000-4000-8000-000000000000');
      expect(answer?.status()).toBe(404);
    });
  });

  test('the owner adds a hiring step, moves it, renames it and deletes it; 390 px fits', async ({ page }) => {
    const name = `E2E step ${Date.now()}`;
    await signInAs(page, OWNER, '/company/dashboard');
    await openEditProfile(page);
    const steps = page.getByRole('region', { name: words.hiringSteps.heading });
    const before = await stepNames(page);

    await test.step('a step without a name is refused at the field', async () => {
      await steps.getByText(words.hiringSteps.addHeading).click();
      await steps.locator('#new-step-name').fill(' ');
      await steps.getByRole('button', { name: words.hiringSteps.add }).click();
      await expect(page.locator('#new-step-name')).toHaveAccessibleDescription(words.errors.stepNameRequired);
    });

    await test.step('added, it is the last step, with its meaning', async () => {
      await page.locator('#new-step-name').fill(name);
      await page.locator('#new-step-group').selectOption({ label: words.hiringSteps.groups.IN_PROGRESS });
      await page.getByRole('button', { name: words.hiringSteps.add }).click();
      await expect(toast(page, 'Hiring step added')).toBeVisible();
      expect(await stepNames(page)).toEqual([...before, name]);
      await expect(stepRow(page, name).getByText(`${words.hiringSteps.meaning}: ${words.hiringSteps.groups.IN_PROGRESS}`)).toBeVisible();
      await expect(stepRow(page, name).getByRole('button', { name: `Move ${name} down` })).toBeDisabled();
    });

    await test.step('moved up one place with the keyboard', async () => {
      await stepRow(page, name).getByRole('button', { name: `Move ${name} up` }).focus();
      await page.keyboard.press('Enter');
      await expect(toast(page, 'Hiring step moved')).toBeVisible();
      expect(await stepNames(page)).toEqual([...before.slice(0, -1), name, before.at(-1)!]);
    });

    await test.step('renamed in place', async () => {
      const row = stepRow(page, name);
      await row.getByText(words.hiringSteps.edit, { exact: true }).click();
      await row.getByLabel(words.hiringSteps.name).fill(`${name} renamed`);
      await row.getByRole('button', { name: words.hiringSteps.save }).click();
      await expect(toast(page, 'Hiring step saved')).toBeVisible();
      await expect(stepRow(page, `${name} renamed`)).toHaveCount(1);
    });

    await test.step('390 px wide: no sideways scrolling, axe finds nothing', async () => {
      await expectFitsPhoneWidth(page);
    });

    await test.step('deleted after confirming, the pipeline is as before', async () => {
      const row = stepRow(page, `${name} renamed`);
      await row.getByText(words.hiringSteps.delete, { exact: true }).click();
      await row.getByRole('button', { name: `Yes, delete ${name} renamed` }).click();
      await expect(toast(page, 'Hiring step deleted')).toBeVisible();
      expect(await stepNames(page)).toEqual(before);
    });
  });

  test('the owner uploads a logo, sees it on the page, the banner, My companies and the public page; a wrong type is refused at the field; then removes it', async ({ page }) => {
    // Four axe passes over the profile page, long with its hiring steps' forms: more than the default minute on a busy machine.
    test.setTimeout(120_000);
    const MEDIA_SRC = /^\/media\/[0-9a-f-]{36}\.webp$/;
    await signInAs(page, OWNER, '/company/dashboard');
    const companyId = await openEditProfile(page);
    const section = page.getByRole('region', { name: words.logo.heading });
    const banner = page.locator('tp-company-banner');
    await expect(section.getByRole('button', { name: words.logo.upload })).toBeVisible();
    await expectNoAxeViolations(page);

    await test.step('a PNG is stored as our WebP and shown in the section and the banner', async () => {
      // The seeded company has a logo (an inline picture): the field offers a new one.
      await section.getByLabel(words.logo.replaceLabel).setInputFiles({ name: 'brightpath.png', mimeType: 'image/png', buffer: await pngBytes(300, 120) });
      await section.getByRole('button', { name: words.logo.upload }).click();
      await expect(toast(page, companies.notices.companies.logoSaved)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/company/profile/${companyId}#logo$`));
      const preview = section.getByRole('img', { name: words.logo.current.replace('{{name}}', 'Brightpath Consulting') });
      await expect(preview).toHaveAttribute('src', MEDIA_SRC);
      const logo = (await preview.getAttribute('src'))!;
      await expect(banner.locator('img')).toHaveAttribute('src', logo);
      const served = await page.request.get(logo);
      expect([served.status(), served.headers()['content-type']]).toEqual([200, 'image/webp']);
      await expectNoAxeViolations(page);

      await page.goto(`/talent/company?id=${companyId}`);
      await expect(page.locator(`main img[src="${logo}"]`)).toBeVisible();
      await page.goto('/company/my-companies');
      await expect(page.locator(`li[data-company-id="${companyId}"] img[src="${logo}"]`)).toBeVisible();
      await page.goto(`/company/profile/${companyId}`);
    });

    await test.step('a PDF named .png is refused beside the field and the logo is kept', async () => {
      const kept = await section.getByRole('img').getAttribute('src');
      await section.getByLabel(words.logo.replaceLabel).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pdfBytes('not a picture') });
      await section.getByRole('button', { name: words.logo.upload }).click();
      await expect(section.getByLabel(words.logo.replaceLabel)).toHaveAccessibleDescription(/The picture must be a JPEG, PNG or WebP image\./);
      await expect(section.getByRole('img')).toHaveAttribute('src', kept!);
      await expectNoAxeViolations(page);
    });

    await test.step('a picture over 5 MB is refused from its size before it is read, back at the field', async () => {
      // Only its size matters: a PNG's first bytes and 6 MB of filler.
      const huge = Buffer.alloc(6 * 1024 * 1024, 1);
      (await pngBytes()).copy(huge, 0, 0, 16);
      await section.getByLabel(words.logo.replaceLabel).setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: huge });
      await section.getByRole('button', { name: words.logo.upload }).click();
      await expect(page).toHaveURL(new RegExp(`/company/profile/${companyId}\\?logoTooLarge=1#logo$`));
      await expect(section.getByLabel(words.logo.replaceLabel)).toHaveAccessibleDescription(/The file is larger than 5 MB\./);
    });

    await test.step('Remove leaves the first letter in the section and the banner', async () => {
      await section.getByRole('button', { name: words.logo.remove }).click();
      await expect(toast(page, companies.notices.companies.logoRemoved)).toBeVisible();
      await expect(section.getByRole('img')).toHaveCount(0);
      await expect(section.getByText(words.logo.none)).toBeVisible();
      await expect(banner.locator('img')).toHaveCount(0);
    });
  });

  test('a recruiter (company read, no update) gets 403 on Edit Profile and has no menu entry for it', async ({ page }) => {
    await signInAs(page, RECRUITER, '/company/dashboard');
    await expect(page.getByRole('navigation', { name: 'Company menu' }).first().getByRole('link', { name: rbac.companyMenu.editProfile })).toHaveCount(0);
    const companyId = await page.locator('tp-company-banner').getAttribute('data-company-id');
    const refused = await page.goto(`/company/profile/${companyId}`);
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(common.forbidden.heading);
  });

  test('the owner keeps the rejection reasons: adds one, renames it, removes it', async ({ page }) => {
    const reasonWords = applicationWords.jobApplications.reasons;
    const label = `E2E reason ${Date.now().toString(36)}`;
    await signInAs(page, OWNER, '/company/dashboard');
    await openEditProfile(page);
    const section = page.locator('#rejection-reasons');
    await expect(section.getByRole('heading', { name: reasonWords.heading })).toBeVisible();
    await section.locator('#new-reason-kind').selectOption('WITHDRAWN');
    await section.locator('#new-reason-label').fill('   ');
    await section.getByRole('button', { name: reasonWords.add }).click();
    await expect(page.locator('#rejection-reasons').getByText(applicationWords.jobApplications.errors.reasonLabelRequired)).toBeVisible();
    await page.locator('#new-reason-label').fill(label);
    await page.locator('#rejection-reasons').getByRole('button', { name: reasonWords.add }).click();
    await expect(toast(page, applicationWords.notices.jobApplications.reasonAdded).first()).toBeVisible();
    const row = page.locator('li[data-reason-id]').filter({ has: page.locator(`input[value="${label}"]`) });
    await row.getByRole('textbox').fill(`${label} renamed`);
    await row.getByRole('button', { name: `${reasonWords.save}: ${label}` }).click();
    await expect(toast(page, applicationWords.notices.jobApplications.reasonRenamed).first()).toBeVisible();
    const renamed = page.locator('li[data-reason-id]').filter({ has: page.locator(`input[value="${label} renamed"]`) });
    await expectNoAxeViolations(page);
    await renamed.locator('summary', { hasText: reasonWords.remove }).click();
    await renamed.getByRole('button', { name: reasonWords.removeConfirmButton.replace('{{label}}', `${label} renamed`) }).click();
    await expect(toast(page, applicationWords.notices.jobApplications.reasonRemoved).first()).toBeVisible();
    await expect(page.locator(`input[value="${label} renamed"]`)).toHaveCount(0);
  });
});
