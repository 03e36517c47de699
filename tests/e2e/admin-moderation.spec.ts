import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import admin from '../../src/locales/en/common/admin.json' with { type: 'json' };
import common from '../../src/locales/en/common.json' with { type: 'json' };
import jobAdWords from '../../src/locales/en/common/job-ads.json' with { type: 'json' };
import { publishJobAd, selectCompany } from './support/company-area';
import { expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';

// Admins only: admin@ (super:admin) moderates job ads and
// reads job applications for support. owner@ publishes an ad of its own per run and the
// admin unpublishes that one, so the seeded ads other specs read stay as they are; the
// owner takes it down again at the end (Northwind may not delete ads).
const ADMIN = 'admin@demo.test';
const OWNER = 'owner@demo.test';
const words = admin.admin;
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test.describe('admin: job ads and job applications', () => {
  test('the admin unpublishes an ad with a reason; the owner reads it on its job ad and may publish it again', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const title = `E2E Moderated ${Date.now().toString(36)}`;
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signInAs(owner, OWNER, '/company/my-companies');
    await selectCompany(owner, 'Northwind Labs');
    const adId = await publishJobAd(owner, title);

    await signInAs(page, ADMIN, '/admin/job-ads');
    await test.step('the account menu leads to both pages', async () => {
      await page.getByRole('button', { name: /Account menu$/ }).first().click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem', { name: common.accountMenu.admin.jobAds, exact: true })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: common.accountMenu.admin.jobApplications, exact: true })).toBeVisible();
      await page.keyboard.press('Escape');
    });

    const row = page.locator(`tr[data-job-ad-id="${adId}"]`);
    await test.step('the list finds the ad by its title and state', async () => {
      await expect(page).toHaveTitle(/^Job ads \| /);
      await page.getByLabel(words.jobAds.q).fill(title);
      await page.getByLabel(words.jobAds.state).selectOption('PUBLISHED');
      await page.getByRole('button', { name: common.lists.filter }).click();
      await expect(page).toHaveURL(/state=PUBLISHED/);
      await expect(page.getByText('1 job ad', { exact: true })).toBeVisible();
      await expect(row.getByText('Northwind Labs')).toBeVisible();
      await expect(row.getByText(OWNER)).toBeVisible();
      await expectNoAxeViolations(page);
      await expectFitsPhoneWidth(page);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    const reason = 'The salary is missing: add it, then publish the ad again.';
    await test.step('unpublishing needs a reason, then takes the ad off the job search', async () => {
      await row.getByText(words.jobAds.moderate, { exact: true }).click();
      await row.getByRole('button', { name: `Unpublish ${title}` }).click();
      const field = page.locator(`tr[data-job-ad-id="${adId}"]`).getByLabel(words.jobAds.reason);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(new RegExp(words.errors.moderationReasonRequired.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await expectNoAxeViolations(page);
      await field.fill(reason);
      await page.locator(`tr[data-job-ad-id="${adId}"]`).getByRole('button', { name: `Unpublish ${title}` }).click();
      await expect(toast(page, admin.notices.admin.jobAdUnpublished)).toBeVisible();
      // The filter still says PUBLISHED: the ad has left it.
      await expect(page.locator(`tr[data-job-ad-id="${adId}"]`)).toHaveCount(0);
      await page.goto(`/admin/job-ads?q=${encodeURIComponent(title)}`);
      await expect(row.getByText(jobAdWords.jobAds.statuses.UNPUBLISHED, { exact: true })).toBeVisible();
      await expect(row.getByTestId('moderation-reason')).toContainText(reason);
      const publicPage = await page.request.get(`/job-apply/${adId}`, { maxRedirects: 5 });
      expect(publicPage.status()).toBe(410);
    });

    await test.step('the owner reads the reason on its job ad and in its list', async () => {
      await owner.goto(`/company/job-ad?id=${adId}`);
      const notice = owner.getByTestId('moderation-notice');
      await expect(notice).toContainText(`${jobAdWords.jobAds.moderation.unpublished} ${reason}`);
      await expect(owner.getByText(jobAdWords.jobAds.statuses.UNPUBLISHED, { exact: true })).toBeVisible();
      await expectNoAxeViolations(owner);
      await owner.goto(`/company/job-ads?q=${encodeURIComponent(title)}`);
      await expect(owner.locator(`li[data-job-ad-id="${adId}"]`).getByTestId('moderation-notice')).toContainText(reason);
    });

    await test.step('published again by the owner, the notice goes; the owner takes the test ad down again', async () => {
      await owner.goto(`/company/job-ad?id=${adId}`);
      await owner.getByRole('button', { name: `Publish again: ${title}` }).click();
      await expect(owner.getByTestId('moderation-notice')).toHaveCount(0);
      await expect(owner.getByText(jobAdWords.jobAds.statuses.PUBLISHED, { exact: true })).toBeVisible();
      // Northwind's own permission set forbids deleting ads: taken down, it leaves the job search.
      await owner.getByLabel(`Take down ${title}`, { exact: true }).click();
      await owner.getByRole('button', { name: `Yes, take down ${title}` }).click();
      await expect(owner.getByText(jobAdWords.jobAds.statuses.DRAFT, { exact: true })).toBeVisible();
    });
    await ownerContext.close();
  });

  test('a wave of ads is ticked and unpublished together with one reason; each owner reads it on each ad', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const stamp = `E2E Wave ${Date.now().toString(36)}`;
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signInAs(owner, OWNER, '/company/my-companies');
    await selectCompany(owner, 'Northwind Labs');
    const ids = [await publishJobAd(owner, `${stamp} one`), await publishJobAd(owner, `${stamp} two`)];

    await signInAs(page, ADMIN, `/admin/job-ads?q=${encodeURIComponent(stamp)}`);
    await expect(page.locator('tr[data-job-ad-id]')).toHaveCount(2);
    await page.getByRole('checkbox', { name: words.jobAds.selectAll }).check();
    await expect(page.locator('[data-bulk-count]')).toHaveText('2 selected');
    const bulk = page.getByRole('form', { name: new RegExp(`^${words.jobAds.bulkHeading}`) });
    await bulk.getByRole('button', { name: words.jobAds.bulkUnpublish }).click();
    // No reason: refused beside the field, nothing taken down.
    await expect(page.locator('#bulk-moderation-reason')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('tr[data-job-ad-id]').getByText(jobAdWords.jobAds.statuses.PUBLISHED, { exact: true })).toHaveCount(2);
    const reason = 'Copies of one ad: keep one and take the others down.';
    // The ticks are kept with the refusal: only the reason is missing.
    for (const id of ids) await expect(page.locator(`tr[data-job-ad-id="${id}"]`).getByRole('checkbox')).toBeChecked();
    await page.locator('#bulk-moderation-reason').fill(reason);
    await page.getByRole('form', { name: new RegExp(`^${words.jobAds.bulkHeading}`) }).getByRole('button', { name: words.jobAds.bulkUnpublish }).click();
    await expect(toast(page, admin.notices.admin.jobAdUnpublished)).toBeVisible();
    for (const id of ids) {
      await expect(page.locator(`tr[data-job-ad-id="${id}"]`).getByText(jobAdWords.jobAds.statuses.UNPUBLISHED, { exact: true })).toBeVisible();
      await expect(page.locator(`tr[data-job-ad-id="${id}"]`).getByTestId('moderation-reason')).toContainText(reason);
    }
    await expectNoAxeViolations(page);
    await expectFitsPhoneWidth(page);

    for (const id of ids) {
      await owner.goto(`/company/job-ad?id=${id}`);
      await expect(owner.getByTestId('moderation-notice')).toContainText(reason);
    }
    await ownerContext.close();
  });

  test('the admin finds the demo talent\'s applications across companies and opens one, read only', async ({ page }) => {
    await signInAs(page, ADMIN, '/admin/job-applications');
    await expect(page).toHaveTitle(/^Job applications \| /);
    await page.getByLabel(words.jobApplications.q).fill('talent@demo.test');
    await page.getByRole('button', { name: common.lists.filter }).click();
    await expect(page).toHaveURL(/q=talent%40demo.test/);
    const rows = page.locator('tr[data-application-id]');
    await expect(rows.first()).toBeVisible();
    await expectNoAxeViolations(page);
    await expectFitsPhoneWidth(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByLabel(words.jobApplications.company).fill('no such company anywhere');
    await page.getByRole('button', { name: common.lists.filter }).click();
    await expect(page.getByText(words.jobApplications.emptyFiltered)).toBeVisible();
    await page.getByLabel(words.jobApplications.company).fill('');
    await page.getByRole('button', { name: common.lists.filter }).click();

    const first = rows.first();
    await first.getByRole('link').click();
    await expect(page).toHaveURL(/\/admin\/job-applications\?id=/);
    const facts = page.getByTestId('application-facts');
    await expect(facts.getByRole('definition').first()).toBeVisible();
    await expect(page.getByText(words.jobApplications.readOnly)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
    await expect(page.locator('main form[method="post"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expectFitsPhoneWidth(page);

    const unknown = await page.goto('/admin/job-applications?id=00000000-0000-4000-8000-000000000000');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('alert')).toHaveText(words.jobApplications.notFound);
  });

  test('only admins open these pages: 403 for the owner, sign-in for a guest', async ({ page, browser }) => {
    await signInAs(page, OWNER, '/company/my-companies');
    for (const path of ['/admin/job-ads', '/admin/job-applications', '/admin/job-applications?id=00000000-0000-4000-8000-000000000000']) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(403);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(common.forbidden.heading);
    }
    const guestContext = await browser.newContext();
    const answer = await guestContext.request.get('/admin/job-ads', { maxRedirects: 0 });
    expect(answer.status()).toBe(303);
    expect(answer.headers().location).toBe('/sign-in?returnTo=%2Fadmin%2Fjob-ads');
    await guestContext.close();
  });
});
