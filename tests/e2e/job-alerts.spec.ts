import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createUnsubscribeToken } from '../../src/server/api/job-alerts/unsubscribe-token';
import alertWords from '../../src/locales/en/common/job-alerts.json' with { type: 'json' };
import { DEMO_TALENT, expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';

// Job alerts: "Create alert" on /jobs saves the search; the alert is managed on
// /site-settings; an unsubscribe link works without signing in. The digest and the
// one-click POST itself are covered by tests/integration/api/job-alerts/job-alerts.test.ts.
const words = alertWords.jobAlerts;

/**
 * Creates an alert for a search of its own as the demo talent and answers its label and the
 * unsubscribe token a digest would carry: the server signs it with a key derived from its
 * SESSION_SECRET, kept in the e2e DATA_DIR (bff/secrets.ts).
 */
async function alertWithToken(page: Page, prefix: string): Promise<{ label: string; token: string }> {
  const search = `${prefix}${Date.now().toString(36)}`;
  await signInAs(page, DEMO_TALENT, `/jobs?q=${search}`);
  await page.getByRole('button', { name: words.create.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: alertWords.notices.jobAlerts.created }).first()).toBeVisible();
  await page.goto('/site-settings');
  const label = `“${search}”`;
  const alertId = await page.locator('#job-alerts li', { has: page.getByRole('link', { name: label }) }).locator('input[name="id"]').first().inputValue();
  const { sessionSecret } = JSON.parse(readFileSync('.data/e2e/secrets.json', 'utf8')) as { sessionSecret: string };
  return { label, token: createUnsubscribeToken(createHash('sha256').update(`job-alert-unsubscribe:${sessionSecret}`).digest('base64url'), alertId) };
}

test('a guest on /jobs is offered to sign in to create an alert', async ({ page }) => {
  await page.goto('/jobs?q=developer');
  const link = page.getByRole('link', { name: words.create.signIn });
  await expect(link).toBeVisible();
  expect(await link.getAttribute('href')).toContain('returnTo=%2Fjobs%3Fq%3Ddeveloper');
});

test('the demo talent creates an alert for a search on /jobs, changes it to weekly and deletes it on /site-settings', async ({ page }) => {
  test.setTimeout(90_000);
  const search = `alert${Date.now().toString(36)}`;
  await signInAs(page, DEMO_TALENT, `/jobs?q=${search}&work_mode=remote`);
  await page.getByLabel(words.frequency).selectOption('daily');
  await page.getByRole('button', { name: words.create.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs\\?q=${search}&work_mode=remote$`));
  await expect(page.getByRole('status').filter({ hasText: alertWords.notices.jobAlerts.created }).first()).toBeVisible();

  await test.step('the same search again is refused in words', async () => {
    await page.getByRole('button', { name: words.create.submit }).click();
    await expect(page.getByText(words.errors.alreadySaved).first()).toBeVisible();
  });

  const label = `“${search}” · Remote`;
  await test.step('the alert is listed on /site-settings, where its frequency changes', async () => {
    await page.goto('/site-settings');
    const list = page.locator('#job-alerts');
    await expect(list.getByRole('link', { name: label })).toHaveAttribute('href', `/jobs?q=${search}&work_mode=remote`);
    await list.getByRole('combobox', { name: `How often: ${label}` }).selectOption('weekly');
    await list.getByRole('button', { name: `Save how often: ${label}` }).click();
    await expect(page.getByRole('status').filter({ hasText: alertWords.notices.jobAlerts.saved }).first()).toBeVisible();
    await expect(page.locator('#job-alerts').getByRole('combobox', { name: `How often: ${label}` })).toHaveValue('weekly');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsPhoneWidth(page);
  });

  await test.step('Delete removes it', async () => {
    await page.locator('#job-alerts').getByRole('button', { name: `Delete the alert ${label}` }).click();
    await expect(page.getByRole('status').filter({ hasText: alertWords.notices.jobAlerts.deleted }).first()).toBeVisible();
    await expect(page.locator('#job-alerts').getByRole('link', { name: label })).toHaveCount(0);
  });
});

test('/jobs with the alert form passes axe and fits a phone', async ({ page }) => {
  await signInAs(page, DEMO_TALENT, '/jobs');
  await expect(page.getByRole('button', { name: words.create.submit })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsPhoneWidth(page);
});

test('the unsubscribe page asks first, and a link that is not valid says so; both pass axe and fit a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/unsubscribe?token=00000000-0000-4000-8000-000000000000.forged');
  await expect(page.getByRole('heading', { level: 1, name: words.unsubscribe.heading })).toBeVisible();
  await expect(page.getByText(words.unsubscribe.confirmGeneric)).toBeVisible();
  await expectNoAxeViolations(page);
  await expectFitsPhoneWidth(page);
  await page.getByRole('button', { name: words.unsubscribe.submit }).click();
  await expect(page).toHaveURL(/\/unsubscribe\?unknown=1$/);
  await expect(page.getByRole('alert')).toHaveText(words.unsubscribe.unknown);
  await expectNoAxeViolations(page);
});

test("the link of a digest mail unsubscribes the demo talent's alert without signing in", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { label, token } = await alertWithToken(page, 'unsub');

  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`/unsubscribe?token=${token}`);
  await guest.getByRole('button', { name: words.unsubscribe.submit }).click();
  await expect(guest).toHaveURL(/\/unsubscribe\?done=1$/);
  await expect(guest.getByRole('status').filter({ hasText: words.unsubscribe.done })).toBeVisible();
  await expectNoAxeViolations(guest);

  await page.goto('/site-settings');
  await expect(page.locator('#job-alerts').getByRole('link', { name: label })).toHaveCount(0);
});

test("a mail client's one-click POST (RFC 8058) unsubscribes without a session, a cookie or an Origin", async ({ page, baseURL }) => {
  const { label, token } = await alertWithToken(page, 'oneclick');

  const mailProvider = await request.newContext({ baseURL: baseURL! });
  const answer = await mailProvider.post(`/unsubscribe?token=${encodeURIComponent(token)}`, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(answer.status()).toBe(200);
  expect(await answer.text()).toBe('Unsubscribed');
  await mailProvider.dispose();

  await page.goto('/site-settings');
  await expect(page.locator('#job-alerts').getByRole('link', { name: label })).toHaveCount(0);
});
