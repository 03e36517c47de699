import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import applicationWords from '../../src/locales/en/common/job-applications.json' with { type: 'json' };
import jobAdWords from '../../src/locales/en/common/job-ads.json' with { type: 'json' };
import noteWords from '../../src/locales/en/common/talent-notes.json' with { type: 'json' };
import { publishJobAd, selectCompany } from './support/company-area';
import { expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';
import { e2eDatabaseReachable, makeHeldTalentStatusesDue } from './support/e2e-database';
import { chooseByKeyboard, tabTo } from './support/keyboard';

// The hiring pipeline, end to end: the demo owner moves the demo talent's application through the
// pipeline by keyboard, rejects another with a reason, and the talent sees both statuses once
// the company's delay is over.
// The test publishes two ads of its own and the demo talent applies to both, so the
// seeded applications other tests read stay as they are.
const OWNER = 'owner@demo.test';
const RECRUITER = 'recruiter@demo.test';
const TALENT = 'talent@demo.test';
const words = applicationWords.jobApplications;

async function apply(page: Page, jobAdId: string) {
  await page.goto(`/job-apply-form?jobAdId=${jobAdId}`);
  await page.getByLabel('Note to the company (optional)').fill('Keen to talk.');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page).toHaveURL(/\/job-apply\/success\?jobAdId=/);
}

const column = (page: Page, step: string) => page.locator(`[data-step-column="${step}"]`);

test.describe('received applications and the pipeline', () => {
  test('the owner moves an application through every step by keyboard, bulk-moves, rejects with a reason; the talent sees each status', async ({ page, browser }) => {
    test.setTimeout(210_000);
    const stamp = Date.now().toString(36);
    await signInAs(page, OWNER, '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');
    const adA = await publishJobAd(page, `Pipeline A ${stamp}`);
    const adB = await publishJobAd(page, `Pipeline B ${stamp}`);

    const talentContext = await browser.newContext();
    const talent = await talentContext.newPage();
    await signInAs(talent, TALENT, '/talent/dashboard');
    await apply(talent, adA);
    await apply(talent, adB);

    await test.step('both arrive in Applied; ticked together, they move to Screening', async () => {
      await page.goto(`/company/received-job-applications?jobAdId=${adA}`);
      await expect(page.locator('[data-application-id]')).toHaveCount(1);
      await expect(page.locator('[data-application-id]')).toContainText('Applied');
      await page.goto('/company/received-job-applications?sort=NEWEST');
      const mine = page.locator('[data-application-id]').filter({ hasText: stamp });
      await expect(mine).toHaveCount(2);
      await expectNoAxeViolations(page);
      for (const row of await mine.all()) await row.getByRole('checkbox').check();
      await page.locator('#bulk-step').selectOption({ label: 'Screening' });
      await page.locator('#bulk-move').getByRole('button', { name: words.moveSelected }).click();
      await expect(page.getByRole('status').filter({ hasText: applicationWords.notices.jobApplications.moved }).first()).toBeVisible();
      await expect(page.locator('[data-application-id]').filter({ hasText: stamp }).filter({ hasText: 'Screening' })).toHaveCount(2);
      await expectFitsPhoneWidth(page);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('on the board of ad A, the card goes Interview, Offer, Hired by keyboard alone', async () => {
      await page.goto(`/company/received-job-applications?view=board&jobAdId=${adA}`);
      await expectNoAxeViolations(page);
      for (const step of ['Interview', 'Offer', 'Hired']) {
        const card = page.locator('[data-application-id]').first();
        // The card's one control opens its form; the step is chosen and sent with the keyboard: no dragging.
        await tabTo(page, card.locator('summary'));
        await page.keyboard.press('Enter');
        await page.keyboard.press('Tab');
        await chooseByKeyboard(page, card.locator('select[name="hiringStepId"]'), step);
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
        await expect(page.getByRole('status').filter({ hasText: applicationWords.notices.jobApplications.moved }).first()).toBeVisible();
        await expect(column(page, step).locator('[data-application-id]')).toHaveCount(1);
      }
    });

    await test.step('rejecting ad B needs a reason; with one, it closes', async () => {
      await page.goto(`/company/received-job-applications?jobAdId=${adB}`);
      const row = page.locator('[data-application-id]').first();
      await row.locator('summary').click();
      await row.getByRole('button', { name: words.card.reject }).click();
      await expect(page.getByRole('alert').filter({ hasText: words.errors.reasonRequired })).toBeVisible();
      // Refused, the card's form stays open at the reason.
      const again = page.locator('[data-application-id]').first();
      await expect(again.locator('select[name="rejectionReasonId"]')).toBeFocused();
      await again.locator('select[name="rejectionReasonId"]').selectOption({ label: 'Another candidate was chosen' });
      await again.getByRole('button', { name: words.card.reject }).click();
      await expect(page.getByRole('status').filter({ hasText: applicationWords.notices.jobApplications.moved }).first()).toBeVisible();
      await expect(page.locator('[data-application-id]').first()).toContainText('Another candidate was chosen');
    });

    await test.step('the application page shows where it stands and its history', async () => {
      await page.goto(`/company/received-job-applications?jobAdId=${adA}`);
      await page.locator('[data-application-id]').first().getByRole('link').first().click();
      await expect(page).toHaveURL(/\/company\/job-application\?id=/);
      const history = page.getByRole('region', { name: words.historyHeading }).or(page.locator('section[aria-labelledby="history-heading"]'));
      await expect(history.getByText(/moved it from Offer to Hired/)).toBeVisible();
      await expect(history.getByText(/moved it from Applied to Screening/)).toBeVisible();
      // A note on the talent: written, then edited to private.
      await page.locator('#new-note').fill(`Great call ${stamp}`);
      await page.getByRole('button', { name: noteWords.talentNotes.add }).click();
      await expect(page.getByRole('status').filter({ hasText: noteWords.notices.talentNotes.created }).first()).toBeVisible();
      const note = page.locator('[data-note-id]').filter({ hasText: `Great call ${stamp}` });
      await expect(note).toContainText(noteWords.talentNotes.shared);
      await note.locator('summary', { hasText: noteWords.talentNotes.edit }).click();
      await note.getByLabel(noteWords.talentNotes.private).check();
      await note.getByRole('button', { name: noteWords.talentNotes.save }).click();
      await expect(page.locator('[data-note-id]').filter({ hasText: `Great call ${stamp}` })).toContainText(noteWords.talentNotes.privateBadge);
      await expectNoAxeViolations(page);
      await expectFitsPhoneWidth(page);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step("the dashboard counts the hire: in the Hired step now, and among the last 90 days' hires with its time", async () => {
      await page.goto('/company/dashboard');
      const pipeline = page.getByRole('table', { name: 'Pipeline by hiring step' });
      const hiredNow = Number(await pipeline.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Hired/ }) }).locator('td').textContent());
      expect(hiredNow).toBeGreaterThanOrEqual(1);
      const metrics = page.getByRole('region', { name: 'Pipeline over the last 90 days' });
      await expect(metrics.locator('[data-time-to-hire]')).toHaveText(/^[\d.]+ days? from applying \(\d+ hires?\)$/);
      const hires = Number(/\((\d+) hires?\)/.exec((await metrics.locator('[data-time-to-hire]').textContent())!)![1]);
      expect(hires).toBeGreaterThanOrEqual(1);
      expect(hires).toBeLessThanOrEqual(hiredNow);
      // Applied, Screening, Interview and Offer each saw this application move on.
      const rates = metrics.getByRole('table', { name: 'Pipeline over the last 90 days' });
      for (const step of ['Applied', 'Screening', 'Interview', 'Offer']) {
        const movedOn = Number(await rates.getByRole('row').filter({ has: page.getByRole('rowheader', { name: step, exact: true }) }).getByRole('cell').nth(1).textContent());
        expect(movedOn, step).toBeGreaterThanOrEqual(1);
      }
      await expectNoAxeViolations(page);
      await expectFitsPhoneWidth(page);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('the talent reads Applied while the moves are held, then Hired and Not selected once the delay is over', async () => {
      const statusOf = (title: string) => talent.getByRole('listitem').filter({ has: talent.getByRole('heading', { name: title }) }).getByTestId('application-status');
      await talent.goto('/talent/applied-jobs');
      await expect(statusOf(`Pipeline A ${stamp}`)).toHaveText('Applied');
      await expect(statusOf(`Pipeline B ${stamp}`)).toHaveText('Applied');
      if (!e2eDatabaseReachable()) return;
      await page.goto('/company/received-job-applications?sort=NEWEST');
      const ids = await page.locator('[data-application-id]').filter({ hasText: stamp }).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-application-id')!));
      for (const id of ids) await makeHeldTalentStatusesDue(id);
      // Every instance sweeps for due moves (every 2 seconds on the e2e server: playwright.config.ts).
      await expect
        .poll(async () => {
          await talent.goto('/talent/applied-jobs');
          return [await statusOf(`Pipeline A ${stamp}`).textContent(), await statusOf(`Pipeline B ${stamp}`).textContent()];
        }, { timeout: 20_000, intervals: [1_000] })
        .toEqual(['Hired', 'Not selected']);
    });
    await talentContext.close();
  });

  test("a link to an application of another of the owner's companies selects that company, says so, and shows the application", async ({ page }) => {
    await signInAs(page, OWNER, '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');
    await page.goto('/company/received-job-applications');
    // As a colleague would send it: the address of one of Northwind's applications.
    const href = (await page.locator('[data-application-id]').first().getByRole('link').first().getAttribute('href'))!;
    expect(href).toMatch(/^\/company\/job-application\?id=[0-9a-f-]{36}$/);
    await page.goto(href);
    const heading = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();

    await selectCompany(page, 'Brightpath Consulting');
    await page.goto(href);
    await expect(page).toHaveURL(new URL(href, page.url()).href);
    await expect(page.getByRole('status').filter({ hasText: 'Company has been changed' })).toBeVisible();
    await expect(page.getByTestId('company-name')).toHaveText('Northwind Labs');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expectNoAxeViolations(page);
    await expectFitsPhoneWidth(page);
  });

  test("the demo recruiter sees her ad's board, a column per step with every card, and moves the candidate on; another company's application is a 404", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    await signInAs(page, RECRUITER, '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');
    // The recruiter posts job ads herself (README: demo accounts); the demo talent applies.
    const ad = await publishJobAd(page, `Recruiter board ${stamp}`);
    const talentContext = await browser.newContext();
    const talent = await talentContext.newPage();
    await signInAs(talent, TALENT, '/talent/dashboard');
    await apply(talent, ad);

    await test.step('the board draws every hiring step as a column and the application in Applied', async () => {
      await page.goto(`/company/received-job-applications?view=board&jobAdId=${ad}`);
      await expect(page.getByRole('status').filter({ hasText: '1 application' })).toBeVisible();
      for (const step of ['Applied', 'Screening', 'Interview', 'Offer', 'Hired', 'Rejected', 'Withdrawn']) await expect(column(page, step), step).toBeVisible();
      await expect(column(page, 'Applied').locator('[data-application-id]')).toHaveCount(1);
      await expectNoAxeViolations(page);
      await expectFitsPhoneWidth(page);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('she moves the candidate to Screening from the card, and the application page tells its history', async () => {
      const card = column(page, 'Applied').locator('[data-application-id]');
      await card.locator('summary').click();
      await card.locator('select[name="hiringStepId"]').selectOption({ label: 'Screening' });
      await card.getByRole('button', { name: words.move, exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: applicationWords.notices.jobApplications.moved }).first()).toBeVisible();
      await expect(column(page, 'Screening').locator('[data-application-id]')).toHaveCount(1);
      await expect(column(page, 'Applied').locator('[data-application-id]')).toHaveCount(0);
      await column(page, 'Screening').locator('[data-application-id]').getByRole('link').first().click();
      await expect(page).toHaveURL(/\/company\/job-application\?id=/);
      const history = page.locator('section[aria-labelledby="history-heading"]');
      await expect(history.getByText(/applied$/)).toBeVisible();
      await expect(history.getByText(/moved it from Applied to Screening/)).toBeVisible();
      await expect(page.getByRole('heading', { name: words.moveHeading })).toBeVisible();
    });
    await talentContext.close();

    expect((await page.goto('/company/job-application?id=00000000-0000-4000-8000-000000000000'))?.status()).toBe(404);
  });

  test("the job ad is the hub: from the dashboard the owner opens an ad's board in one click, sees its counts per step and runs the ad from there", async ({ page, browser }) => {
    test.setTimeout(150_000);
    const stamp = Date.now().toString(36);
    const title = `Hub role ${stamp}`;
    const pipelineWords = jobAdWords.jobAds.pipeline;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAs(page, OWNER, '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');
    const ad = await publishJobAd(page, title);
    const talentContext = await browser.newContext();
    const talent = await talentContext.newPage();
    await signInAs(talent, TALENT, '/talent/dashboard');
    await apply(talent, ad);
    await talentContext.close();
    const board = page.locator('[data-board-job-ad]');

    await test.step("one click on the dashboard's open ad opens its board, headed by the ad and its actions", async () => {
      await page.goto('/company/dashboard');
      await page.getByRole('link', { name: `${title}: 1 application, open its board` }).click();
      await expect(page).toHaveURL(new RegExp(`/company/received-job-applications\\?view=board&jobAdId=${ad}$`));
      await expect(board.getByRole('heading', { name: title })).toBeVisible();
      await expect(board.getByRole('link', { name: `Edit ${title}` })).toBeVisible();
      await expect(board.getByLabel(`Take down ${title}`)).toBeVisible();
      await expect(column(page, 'Applied').locator('[data-application-id]')).toHaveCount(1);
      await board.getByRole('button', { name: `Share link to ${title} (copies its public address)` }).click();
      await expect(page.getByRole('status').filter({ hasText: jobAdWords.jobAds.linkCopied }).first()).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`^http://[^/]+/job-apply/${ad}/`));
      await expectNoAxeViolations(page);
      await expectFitsPhoneWidth(page);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('the ads list and the ad page count its applications per step; a step opens them', async () => {
      await page.goto(`/company/job-ads?q=${encodeURIComponent(title)}`);
      const row = page.locator(`[data-job-ad-id="${ad}"] [data-job-ad-pipeline]`);
      await expect(row.getByRole('link', { name: `1 application to ${title}: open its board` })).toHaveAttribute('href', `/company/received-job-applications?view=board&jobAdId=${ad}`);
      // Steps nobody is in are left out of a list row.
      await expect(row.locator('[data-step]')).toHaveText([/^Applied\s*1$/]);
      await expectNoAxeViolations(page);
      await expectFitsPhoneWidth(page);
      await page.setViewportSize({ width: 1280, height: 800 });

      await page.goto(`/company/job-ad?id=${ad}`);
      const section = page.getByRole('region', { name: pipelineWords.heading });
      await expect(section.locator('[data-step]')).toHaveText([/^Applied\s*1$/, /^Screening\s*0$/, /^Interview\s*0$/, /^Offer\s*0$/, /^Hired\s*0$/, /^Rejected\s*0$/, /^Withdrawn\s*0$/]);
      await expect(section.getByRole('link', { name: `Open the board of ${title}` })).toHaveAttribute('href', `/company/received-job-applications?view=board&jobAdId=${ad}`);
      await expectNoAxeViolations(page);
      await expectFitsPhoneWidth(page);
      await page.setViewportSize({ width: 1280, height: 800 });
      await section.getByRole('link', { name: /^Applied/ }).click();
      await expect(page).toHaveURL(new RegExp(`jobAdId=${ad}&hiringStepId=`));
      await expect(page.locator('[data-application-id]')).toHaveCount(1);
    });

    await test.step('taken down from its board, the ad stays on the board with its new status', async () => {
      await page.goto(`/company/received-job-applications?view=board&jobAdId=${ad}`);
      await board.locator('summary', { hasText: jobAdWords.jobAds.unpublish }).click();
      await board.getByRole('button', { name: `Yes, take down ${title}` }).click();
      await expect(page).toHaveURL(new RegExp(`view=board&jobAdId=${ad}$`));
      await expect(page.getByRole('status').filter({ hasText: jobAdWords.notices.jobAds.unpublished }).first()).toBeVisible();
      await expect(board).toContainText(jobAdWords.jobAds.statuses.DRAFT);
      await expect(board.getByRole('button', { name: `Share link to ${title} (copies its public address)` })).toHaveCount(0);
      await expect(column(page, 'Applied').locator('[data-application-id]')).toHaveCount(1);
    });
  });
});
