import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import applicationWords from '../../src/locales/en/common/job-applications.json' with { type: 'json' };
import noteWords from '../../src/locales/en/common/talent-notes.json' with { type: 'json' };
import statusWords from '../../src/locales/en/common/talent-status.json' with { type: 'json' };
import { publishJobAd, selectCompany } from './support/company-area';
import { expectNoAxeViolations, signInAs } from './support/demo-session';
import { chooseByKeyboard, tabTo } from './support/keyboard';
import { newEmail, signUpNewAccount } from './support/sign-up';

// The light pipeline from the keyboard: five new talents apply to an ad of the test's own;
// from the dashboard the owner opens its board in one click, then moves, notes and rejects
// (with a reason, reading the mail the talent will get) each of the five with the keyboard
// alone. After every post the focus is back on the card acted on.
const OWNER = 'owner@demo.test';
const words = applicationWords.jobApplications;
const MOVED = applicationWords.notices.jobApplications.moved;
const NOTED = noteWords.notices.talentNotes.created;
const REASON = 'Another candidate was chosen';

async function newTalentApplies(page: Page, name: string, jobAdId: string) {
  await signUpNewAccount(page, name, newEmail('pipeline'));
  await page.goto(`/job-apply-form?jobAdId=${jobAdId}`);
  await page.getByRole('button', { name: 'Create profile and continue' }).click();
  await page.getByLabel('Note to the company (optional)').fill('Keen to talk.');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page).toHaveURL(/\/job-apply\/success\?jobAdId=/);
}

/** After a post: the notice, and the focus on the card acted on (never lost to the top of the page). */
async function expectFocusBackOn(page: Page, cardId: string, notice: string) {
  await expect(page.getByRole('status').filter({ hasText: notice }).first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(cardId);
  expect(new URL(page.url()).hash).toBe(`#${cardId}`);
}

test.describe('the light pipeline', () => {
  test('from the dashboard, the owner moves, notes and rejects five applications in a row from the keyboard, focus never lost', async ({ page, browser }) => {
    test.setTimeout(300_000);
    const stamp = Date.now().toString(36);
    const title = `Keyboard pipeline ${stamp}`;
    await signInAs(page, OWNER, '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');
    const ad = await publishJobAd(page, title);
    const names = [1, 2, 3, 4, 5].map((n) => `Keyboard Talent ${n} ${stamp}`);
    for (const name of names) {
      const context = await browser.newContext();
      await newTalentApplies(await context.newPage(), name, ad);
      await context.close();
    }

    await test.step('one click from the dashboard opens the board: compact cards, one control each, no bulk panel until a card is ticked', async () => {
      await page.goto('/company/dashboard');
      await page.getByRole('link', { name: `${title}: 5 applications, open its board` }).click();
      await expect(page).toHaveURL(new RegExp(`view=board&jobAdId=${ad}$`));
      const cards = page.locator('[data-step-column="Applied"] [data-application-id]');
      await expect(cards).toHaveCount(5);
      await expect(cards.first().locator('select').first()).toBeHidden();
      await expect(cards.first().locator('summary')).toHaveAccessibleName(/^Move, reject or note Keyboard Talent/);
      await expect(page.locator('[data-bulk-panel]')).toBeHidden();
      // Every column is on the screen at 1280 px, the empty ones collapsed.
      for (const column of await page.locator('[data-step-column]').all()) await expect(column).toBeInViewport();
      await expect(page.locator('[data-board-scroll-hint]')).toBeHidden();
      await cards.first().getByRole('checkbox').check();
      await expect(page.locator('[data-bulk-panel]')).toBeVisible();
      await expect(page.locator('[data-bulk-panel] summary')).toContainText('(1)');
      await cards.first().getByRole('checkbox').uncheck();
      await expect(page.locator('[data-bulk-panel]')).toBeHidden();
      await expectNoAxeViolations(page);
    });

    for (const name of names) {
      await test.step(`${name}: moved to Screening, noted, rejected with a reason, by keyboard`, async () => {
        const card = page.locator('[data-application-id]').filter({ has: page.getByRole('heading', { name }) });
        const cardId = (await card.getAttribute('id'))!;
        const toggle = card.locator('summary');

        await tabTo(page, toggle);
        await page.keyboard.press('Enter');
        await page.keyboard.press('Tab');
        await chooseByKeyboard(page, card.getByLabel(`Move ${name} to`), 'Screening');
        await page.keyboard.press('Tab');
        await expect(card.getByRole('button', { name: words.move, exact: true })).toBeFocused();
        await page.keyboard.press('Enter');
        await expectFocusBackOn(page, cardId, MOVED);
        await expect(page.locator(`[data-step-column="Screening"] #${cardId}`)).toHaveCount(1);

        await tabTo(page, toggle);
        await page.keyboard.press('Enter');
        await tabTo(page, card.getByLabel(`Note on ${name}`));
        await page.keyboard.type(`Strong portfolio ${stamp}`);
        await page.keyboard.press('Tab');
        await expect(card.getByRole('button', { name: words.card.addNote })).toBeFocused();
        await page.keyboard.press('Enter');
        await expectFocusBackOn(page, cardId, NOTED);

        await tabTo(page, toggle);
        await page.keyboard.press('Enter');
        const reason = card.getByLabel(`Reject ${name}: reason`);
        await tabTo(page, reason);
        await chooseByKeyboard(page, reason, REASON);
        // The mail the talent gets, with the reason as chosen.
        const mail = card.locator('[data-mail-preview]');
        await expect(mail).toContainText(`Northwind Labs did not select your application for ${title}.`);
        await expect(mail).toContainText(`Reason: ${REASON}`);
        // Next, whether she is shown the reason: ticked unless the company unticks it.
        await page.keyboard.press('Tab');
        await expect(card.getByRole('checkbox', { name: statusWords.talentStatus.shareReason })).toBeFocused();
        await expect(card.getByRole('checkbox', { name: statusWords.talentStatus.shareReason })).toBeChecked();
        await page.keyboard.press('Tab');
        await expect(card.getByRole('button', { name: words.card.reject })).toBeFocused();
        await page.keyboard.press('Enter');
        await expectFocusBackOn(page, cardId, MOVED);
        await expect(page.locator(`[data-step-column="Rejected"] #${cardId}`)).toContainText(REASON);
      });
      // The board for review (docs/screenshots), cards in two columns: `BOARD_SCREENSHOTS=docs/screenshots`.
      if (name === names[1] && process.env.BOARD_SCREENSHOTS) {
        // In a tab of its own, at the top of the page as it opens (no toast, nothing focused).
        const shot = await page.context().newPage();
        await shot.goto(page.url().split('#')[0]!);
        await shot.screenshot({ path: `${process.env.BOARD_SCREENSHOTS}/board-1280.png`, fullPage: true });
        await shot.setViewportSize({ width: 390, height: 844 });
        await shot.screenshot({ path: `${process.env.BOARD_SCREENSHOTS}/board-390.png` });
        await shot.close();
      }
    }

    await test.step('the notes are on the talent, read on the application page', async () => {
      await page.locator('[data-application-id]').filter({ has: page.getByRole('heading', { name: names[0] }) }).getByRole('link').first().click();
      await expect(page.locator('[data-note-id]').filter({ hasText: `Strong portfolio ${stamp}` })).toHaveCount(1);
    });
  });

  test('without JavaScript a card opens its form, refuses a rejection without a reason in place, and lands back on the card', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const owner = await browser.newContext({ baseURL });
    const ownerPage = await owner.newPage();
    await signInAs(ownerPage, OWNER, '/company/my-companies');
    await selectCompany(ownerPage, 'Northwind Labs');
    const ad = await publishJobAd(ownerPage, `No script pipeline ${stamp}`);
    const talent = await browser.newContext({ baseURL });
    await newTalentApplies(await talent.newPage(), `No Script Talent ${stamp}`, ad);
    await talent.close();
    const storageState = await owner.storageState();
    await owner.close();

    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState });
    const page = await context.newPage();
    await page.goto(`/company/received-job-applications?view=board&jobAdId=${ad}`);
    // The bulk panel is a closed disclosure, there to open.
    await expect(page.locator('[data-bulk-panel] summary')).toBeVisible();
    const card = page.locator('[data-application-id]');
    const cardId = (await card.getAttribute('id'))!;
    await card.locator('summary').click();
    await card.getByRole('button', { name: words.card.reject }).click();
    await expect(card.getByRole('alert')).toHaveText(words.errors.reasonRequired);
    await expect(card.getByLabel(/: reason$/)).toBeVisible();
    await card.getByLabel(/: reason$/).selectOption({ label: REASON });
    await card.getByRole('button', { name: words.card.reject }).click();
    await expect(page).toHaveURL(new RegExp(`#${cardId}$`));
    await expect(page.locator(`#${cardId}`).getByRole('status')).toHaveText(MOVED);
    await expect(page.locator(`[data-step-column="Rejected"] #${cardId}`)).toHaveCount(1);
    await context.close();
  });

  test('review mode: one application at a time, previous and next within the board, shortcuts for move, note and reject', async ({ page, browser }) => {
    test.setTimeout(150_000);
    const stamp = Date.now().toString(36);
    // An ad of Brightpath, the owner's other company: as a filter while Northwind is selected, it shows nothing.
    await signInAs(page, OWNER, '/company/my-companies');
    await selectCompany(page, 'Brightpath Consulting');
    const foreignAd = await publishJobAd(page, `Elsewhere ${stamp}`);
    await selectCompany(page, 'Northwind Labs');
    const ad = await publishJobAd(page, `Review mode ${stamp}`);
    const names = [`Review Talent A ${stamp}`, `Review Talent B ${stamp}`];
    for (const name of names) {
      const context = await browser.newContext();
      await newTalentApplies(await context.newPage(), name, ad);
      await context.close();
    }
    await page.goto(`/company/received-job-applications?view=board&jobAdId=${ad}`);
    await page.locator('[data-application-id]').first().getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/company/job-application\\?id=[0-9a-f-]{36}&view=board&jobAdId=${ad}$`));
    const review = page.getByRole('navigation', { name: words.review.label });
    await expect(review.locator('[data-review-position]')).toHaveText('1 of 2');
    await expect(review.getByRole('link', { name: /^Next:/ })).toHaveAttribute('aria-keyshortcuts', 'j');
    await expect(review.getByRole('list', { name: words.review.shortcutsLabel })).toContainText('J next application');
    await expectNoAxeViolations(page);
    const first = (await page.getByRole('heading', { level: 1 }).textContent())!;

    await test.step('M moves it (focus back on the application), N notes it (focus back on the notes)', async () => {
      await expect(review.locator('[data-review-position]')).toHaveText('1 of 2');
      await page.keyboard.press('m');
      const step = page.locator('select[name="hiringStepId"][aria-keyshortcuts="m"]');
      await chooseByKeyboard(page, step, 'Screening');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: MOVED }).first()).toBeVisible();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('application');
      await expect(page).toHaveURL(new RegExp(`view=board&jobAdId=${ad}$`));
      await page.keyboard.press('n');
      await expect(page.locator('#new-note')).toBeFocused();
      await page.keyboard.type(`Review note ${stamp}`);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: NOTED }).first()).toBeVisible();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('talent-notes');
    });

    await test.step('K opens the previous (the move put this one later on the board), R rejects it with a reason, K comes back', async () => {
      // The board's order is column by column: in Screening now, it follows the one still in Applied.
      await expect(review.locator('[data-review-position]')).toHaveText('2 of 2');
      await page.keyboard.press('k');
      await expect(review.locator('[data-review-position]')).toHaveText('1 of 2');
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(first);
      await page.keyboard.press('r');
      const reason = page.locator('select[name="rejectionReasonId"][aria-keyshortcuts="r"]');
      await chooseByKeyboard(page, reason, REASON);
      await expect(page.locator('[data-mail-preview]')).toContainText(`Reason: ${REASON}`);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: MOVED }).first()).toBeVisible();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('application');
      await expect(page.locator('section[aria-labelledby="step-heading"]')).toContainText(REASON);
      await expect(review.locator('[data-review-position]')).toHaveText('2 of 2');
      await page.keyboard.press('k');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(first);
    });

    await test.step("another company's job ad as the filter shows no neighbours", async () => {
      const id = new URL(page.url()).searchParams.get('id')!;
      await page.goto(`/company/job-application?id=${id}&view=board&jobAdId=${foreignAd}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(first);
      await expect(review.locator('[data-review-position]')).toHaveCount(0);
      await expect(review.getByRole('link', { name: /^Next:|Previous:/ })).toHaveCount(0);
    });
  });
});
