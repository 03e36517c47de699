import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import common from '../../src/locales/en/common.json' with { type: 'json' };
import invitationWords from '../../src/locales/en/common/talent-invitations.json' with { type: 'json' };
import searchWords from '../../src/locales/en/common/talent-search.json' with { type: 'json' };
import rbac from '../../src/locales/en/rbac.json' with { type: 'json' };
import { companyMenu, selectCompany } from './support/company-area';
import { DEMO_TALENT, expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';

// Company invitations: the demo recruiter finds the demo talent in the talent
// search, invites her to one of Northwind's published ads with a message, follows it on
// Sent invitations; inviting her to the same ad again is refused in words; the talent
// finds the invitation on her own Invitations page. The owner withdraws a pending one
// (without JavaScript: a confirmation and a form post), and the talent sees it withdrawn.
const RECRUITER = 'recruiter@demo.test';
const OWNER = 'owner@demo.test';
const TALENT_NAME = 'Tara Talent';
const words = invitationWords.talentInvitations;
const titles = common.titles;
const one = (text: string) => text.replace('{{count, number}}', '1');
const refusalAlert = (page: Page) => page.getByRole('alert').filter({ hasText: words.noneSent });
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

/** axe and the 390 px check, then back to a desktop window so the side menu shows again. */
async function checkPage(page: Page) {
  await expectNoAxeViolations(page);
  await expectFitsPhoneWidth(page);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** The talent search for the demo talent, her box ticked, "Invite selected", "Continue": the invitation form. */
async function pickTaraAndContinue(page: Page): Promise<string> {
  await page.goto('/company/talent-search');
  await page.getByLabel(searchWords.talentSearch.q).fill(TALENT_NAME);
  await page.getByRole('button', { name: searchWords.talentSearch.search }).click();
  const card = page.locator('[data-talent-id]').filter({ has: page.getByRole('heading', { name: TALENT_NAME, exact: true }) });
  await expect(card).toHaveCount(1);
  const talentId = (await card.getAttribute('data-talent-id'))!;
  await card.getByLabel(`Invite ${TALENT_NAME}`).check();
  await page.getByRole('button', { name: words.inviteSelected }).click();
  await expect(page).toHaveURL(new RegExp(`/company/talent-invite\\?talentProfileId=${talentId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles.companyTalentInvite);
  return talentId;
}

/** Sends the form with this role; the status of the post (303: sent, 409: nobody could be invited). */
async function send(page: Page, roleValue: string, message: string): Promise<number> {
  await page.getByLabel(words.role, { exact: true }).selectOption(roleValue);
  await page.getByLabel(words.message, { exact: true }).fill(message);
  const posted = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/company/talent-invite-form');
  await page.getByRole('button', { name: words.send }).click();
  const status = (await posted).status();
  await page.waitForLoadState('domcontentloaded');
  return status;
}

/**
 * On the invitation form, sends the message to the oldest published ad the talent is not
 * invited to yet (the seed and earlier runs invited her to some: each refusal names the
 * reason and keeps the form); lands on the success page. The ad chosen.
 */
async function sendToAnAdNotYetInvited(page: Page, message: string): Promise<{ value: string; label: string }> {
  const options = await page.locator(`select[name="role"] optgroup[label="${words.roleAds}"] option`).evaluateAll((elements) =>
    elements.map((element) => ({ value: (element as HTMLOptionElement).value, label: element.textContent!.trim() })),
  );
  expect(options.length).toBeGreaterThan(0);
  for (const option of options.reverse()) {
    const status = await send(page, option.value, message);
    if (status === 303) {
      await expect(page).toHaveURL(/\/company\/talent-invite\/success\?invitationId=/);
      return option;
    }
    expect(status).toBe(409);
    await expect(refusalAlert(page)).toContainText(`${TALENT_NAME}: ${words.refusals.alreadyInvited}`);
  }
  throw new Error('no published ad left to invite the talent to');
}

test.describe('company talent invitations', () => {
  test('the recruiter invites the demo talent from the search; a second invitation to the same ad is refused; the talent sees it', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const message = `We would love to see you on our team (${Date.now().toString(36)}).`;
    await signInAs(page, RECRUITER, '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');

    let talentId = '';
    let ad = { value: '', label: '' };
    await test.step('pick the talent from the search results', async () => {
      talentId = await pickTaraAndContinue(page);
      await expect(page.getByLabel(`Invite ${TALENT_NAME}`)).toBeChecked();
      await checkPage(page);
      await page.getByRole('button', { name: words.continue }).click();
      await expect(page).toHaveURL(/\/company\/talent-invite-form\?talentProfileId=/);
      await expect(page.getByRole('heading', { name: one(words.inviting_one) })).toBeVisible();
      await checkPage(page);
    });

    await test.step('choose a published ad, write a message, send', async () => {
      // Without a role the form says so at the field, and keeps the message.
      await page.getByLabel(words.message, { exact: true }).fill(message);
      await page.getByRole('button', { name: words.send }).click();
      await expect(page.getByText(words.errors.roleRequired)).toBeVisible();
      await expect(page.getByLabel(words.message, { exact: true })).toHaveValue(message);

      ad = await sendToAnAdNotYetInvited(page, message);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles.companyTalentInviteSuccess);
      const sent = page.getByRole('region', { name: one(words.sentHeading_one) });
      await expect(sent.getByText(message)).toBeVisible();
      await expect(sent.locator('[data-invitation-id]')).toHaveCount(1);
      await expect(sent.locator('[data-invitation-id]')).toContainText(TALENT_NAME);
      await expect(sent.locator('[data-invitation-id]')).toContainText(ad.label);
      await expect(sent.locator('[data-answer]')).toHaveText(words.answers.PENDING);
      await checkPage(page);
    });

    await test.step('follow it on Sent invitations, filtered by the ad and the answer, and open it', async () => {
      await companyMenu(page).getByRole('link', { name: rbac.companyMenu.sentInvitations }).click();
      await expect(page).toHaveURL(/\/company\/sent-invitations$/);
      await page.getByLabel(words.jobAd, { exact: true }).selectOption(ad.value.replace('ad:', ''));
      await page.getByLabel(words.answer, { exact: true }).selectOption('pending');
      await page.getByRole('button', { name: common.lists.filter }).click();
      await expect(page).toHaveURL(/answer=pending/);
      const row = page.locator('[data-invitation-id]').filter({ hasText: TALENT_NAME });
      await expect(row).toHaveCount(1);
      await expect(row.locator('[data-answer]')).toHaveText(words.answers.PENDING);
      await checkPage(page);

      await row.getByRole('link', { name: `Open the invitation of ${TALENT_NAME}` }).click();
      await expect(page).toHaveURL(/\/company\/sent-invitation\?id=/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TALENT_NAME);
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByText(words.pendingNotice)).toBeVisible();
      await checkPage(page);
    });

    await test.step('a second invitation of the same talent to the same ad is refused, with the reason', async () => {
      expect(await pickTaraAndContinue(page)).toBe(talentId);
      await page.getByRole('button', { name: words.continue }).click();
      expect(await send(page, ad.value, 'Once more?')).toBe(409);
      await expect(refusalAlert(page)).toContainText(`${TALENT_NAME}: ${words.refusals.alreadyInvited}`);
      await expect(page.getByLabel(words.message, { exact: true })).toHaveValue('Once more?');
      await checkPage(page);
    });

    await test.step('the talent finds the invitation on her Invitations page', async () => {
      const talentContext = await browser.newContext();
      try {
        const talentPage = await talentContext.newPage();
        await signInAs(talentPage, DEMO_TALENT, '/talent/invitations');
        // Newest first: the one just sent.
        const newest = talentPage.getByRole('list', { name: 'Invitations' }).getByRole('listitem').first();
        await expect(newest.getByRole('heading')).toHaveText(ad.label);
        await expect(newest).toContainText('Northwind Labs');
        await expect(newest.getByTestId('invitation-status')).toHaveText('New');
        await newest.getByRole('link', { name: ad.label }).click();
        await expect(talentPage.getByText(message)).toBeVisible();
        await expectNoAxeViolations(talentPage);
      } finally {
        await talentContext.close();
      }
    });
  });

  test('the owner withdraws a pending invitation without JavaScript; the talent sees it withdrawn and may no longer apply', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const message = `Withdrawn before long (${Date.now().toString(36)}).`;
    const confirmLabel = words.withdraw.confirm.replace('{{name}}', TALENT_NAME);
    await signInAs(page, OWNER, '/company/my-companies');
    await selectCompany(page, 'Northwind Labs');

    let ad = { value: '', label: '' };
    let invitationId = '';
    await test.step('invite the talent', async () => {
      await pickTaraAndContinue(page);
      await page.getByRole('button', { name: words.continue }).click();
      ad = await sendToAnAdNotYetInvited(page, message);
      invitationId = (await page.locator('[data-invitation-id]').first().getAttribute('data-invitation-id'))!;
    });

    await test.step('withdraw it from its row on Sent invitations, confirming, with JavaScript off', async () => {
      const context = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
      try {
        const noJs = await context.newPage();
        await noJs.goto('/company/sent-invitations');
        const row = noJs.locator(`[data-invitation-id="${invitationId}"]`);
        await expect(row.locator('[data-answer]')).toHaveText(words.answers.PENDING);
        // The first press only opens the confirmation, which says what will happen.
        await row.locator('summary', { hasText: words.withdraw.label }).click();
        await expect(row.getByText(words.withdraw.warning.replace('{{name}}', TALENT_NAME))).toBeVisible();
        await row.getByRole('button', { name: confirmLabel }).click();
        await expect(noJs).toHaveURL(/\/company\/sent-invitations$/);
        await expect(row.locator('[data-answer]')).toHaveText(words.answers.WITHDRAWN);
        await expect(row.getByRole('status')).toHaveText(invitationWords.notices.talentInvitations.withdrawn);
        await expect(row.locator('summary')).toHaveCount(0);
      } finally {
        await context.close();
      }
    });

    await test.step('the company reads it withdrawn, with nothing left to withdraw', async () => {
      await page.goto(`/company/sent-invitation?id=${invitationId}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TALENT_NAME);
      await expect(page.locator('[data-answer]')).toHaveText(words.answers.WITHDRAWN);
      await expect(page.getByText(/^Withdrawn on /)).toBeVisible();
      await expect(page.getByText(words.withdraw.label, { exact: true })).toHaveCount(0);
      await checkPage(page);
      await page.goto('/company/sent-invitations?answer=withdrawn');
      await expect(page.locator(`[data-invitation-id="${invitationId}"]`)).toHaveCount(1);
      await checkPage(page);
    });

    await test.step('the talent sees it withdrawn on her Invitations and its page, without Apply', async () => {
      const talentContext = await browser.newContext();
      try {
        const talentPage = await talentContext.newPage();
        await signInAs(talentPage, DEMO_TALENT, '/talent/invitations');
        const item = talentPage.getByRole('list', { name: 'Invitations' }).getByRole('listitem').filter({ has: talentPage.locator(`a[href="/talent/invitation?id=${invitationId}"]`) });
        await expect(item.getByRole('heading')).toHaveText(ad.label);
        await expect(item.getByTestId('invitation-status')).toHaveText('Withdrawn');
        await expectNoAxeViolations(talentPage);
        await expectFitsPhoneWidth(talentPage);
        await talentPage.setViewportSize({ width: 1280, height: 720 });
        await item.getByRole('link', { name: ad.label }).click();
        await expect(talentPage).toHaveURL(new RegExp(`/talent/invitation\\?id=${invitationId}$`));
        await expect(talentPage.getByText(message)).toBeVisible();
        await expect(talentPage.getByTestId('withdrawn-notice')).toContainText('Northwind Labs withdrew this invitation');
        await expect(talentPage.getByRole('button', { name: 'Apply', exact: true })).toHaveCount(0);
        await expect(talentPage.getByRole('button', { name: 'Ignore invitation', exact: true })).toHaveCount(0);
        await expectNoAxeViolations(talentPage);
        await expectFitsPhoneWidth(talentPage);
      } finally {
        await talentContext.close();
      }
    });

    await test.step('Withdraw and its confirmation read well at 390 px on a pending invitation', async () => {
      await pickTaraAndContinue(page);
      await page.getByRole('button', { name: words.continue }).click();
      await sendToAnAdNotYetInvited(page, 'One more, to be withdrawn.');
      const pendingId = (await page.locator('[data-invitation-id]').first().getAttribute('data-invitation-id'))!;
      await page.goto(`/company/sent-invitation?id=${pendingId}`);
      await page.locator('summary', { hasText: words.withdraw.label }).click();
      await checkPage(page);
      await page.getByRole('button', { name: confirmLabel }).click();
      await expect(toast(page, invitationWords.notices.talentInvitations.withdrawn)).toBeVisible();
      await expect(page.locator('[data-answer]')).toHaveText(words.answers.WITHDRAWN);
    });
  });
});
