import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectFitsPhoneWidth, expectNoAxeViolations, signInAs } from './support/demo-session';
import { jobAdPath } from '../../src/lib/job-ads/job-ad-path';

// The demo talent of the seed (README: demo accounts). Tests in this file run in order in
// one worker. Saved jobs are put back as they were; the invitations they answer (the
// seeded Brightpath one with an ad, ignored; the Northwind one by the owner, applied to)
// are the demo talent's own and no other spec acts on them.
const TALENT = { email: 'talent@demo.test', password: 'talentplace-demo' };
const IGNORE_MESSAGE = 'A new client project in Lisbon needs a frontend lead.';
const APPLY_MESSAGE = 'Your React work stood out. Would you like to apply?';

const signIn = (page: Page, returnTo: string) => signInAs(page, TALENT.email, returnTo, TALENT.password);

const toast = (page: Page, text: string) => page.locator('tp-toaster').getByText(text);

/** The first result card on the page whose toggle offers 'Save job', with its ad id and title. */
async function firstUnsavedCard(page: Page): Promise<{ card: Locator; id: string; title: string }> {
  const card = page.locator('article[id^="job-"]').filter({ has: page.getByRole('button', { name: /^Save job: / }) }).first();
  const id = (await card.getAttribute('id'))!.replace('job-', '');
  const title = (await card.getByRole('heading').textContent())!.trim();
  return { card, id, title };
}

/** The invitation (among the New ones) whose page shows this company message. */
async function newInvitationWithMessage(page: Page, message: string): Promise<string> {
  await page.goto('/talent/invitations?filter=new');
  const hrefs = await page.getByRole('list', { name: 'Invitations' }).getByRole('heading').getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  for (const href of hrefs) {
    await page.goto(href);
    if (await page.getByText(message, { exact: true }).isVisible()) return href;
  }
  throw new Error(`no new invitation says "${message}"`);
}

test.describe('talent jobs: saved jobs, applied jobs, invitations', () => {
  test('a job saved from the search shows in saved jobs, sorted, and is removed from there', async ({ page }) => {
    await signIn(page, '/jobs');
    await expectNoAxeViolations(page);
    const { card, id, title } = await firstUnsavedCard(page);
    await card.getByRole('button', { name: `Save job: ${title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/jobs#job-${id}$`));
    await expect(toast(page, 'Job saved')).toBeVisible();
    await expect(page.locator(`#job-${id}`).getByRole('button', { name: `Saved: ${title}. Remove from saved jobs` })).toBeVisible();
    // The job page knows too.
    const jobPage = jobAdPath({ id, title });
    await page.goto(jobPage);
    await expect(page.getByRole('button', { name: `Saved: ${title}. Remove from saved jobs` })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/talent/saved-jobs');
    await expect(page).toHaveTitle(/^Saved jobs \| /);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saved jobs');
    await expect(page.getByRole('navigation', { name: 'Talent menu' }).getByRole('link', { name: 'Saved Jobs' })).toHaveAttribute('aria-current', 'page');
    const list = page.getByRole('list', { name: 'Saved jobs' });
    const items = list.getByRole('listitem');
    // Saved just now: first when the newest come first, not when the oldest do.
    await expect(items.first().getByRole('link', { name: title })).toHaveAttribute('href', jobPage);
    await expect(items.first()).toContainText(/Saved \d{1,2} [A-Z][a-z]{2} \d{4}/);
    await expect(page.getByRole('group', { name: 'Sort' }).getByRole('link', { name: 'Saved newest first' })).toHaveAttribute('aria-current', 'true');
    await expectNoAxeViolations(page);

    await page.getByRole('group', { name: 'Sort' }).getByRole('link', { name: 'Saved oldest first' }).click();
    await expect(page).toHaveURL(/\/talent\/saved-jobs\?sort=oldest$/);
    await expect(items.first().getByRole('link')).not.toHaveAttribute('href', jobPage);
    await expect(items.last().getByRole('link', { name: title })).toBeVisible();

    const row = items.filter({ has: page.locator(`a[href="${jobPage}"]`) });
    await row.getByRole('button', { name: `Remove ${title} from saved jobs` }).click();
    await expect(page).toHaveURL(/\/talent\/saved-jobs\?sort=oldest$/);
    await expect(toast(page, 'Removed from your saved jobs')).toBeVisible();
    await expect(list.locator(`a[href="${jobPage}"]`)).toHaveCount(0);
  });

  test('the save toggle on /jobs and on a job page works without JavaScript; guests get a sign-in link', async ({ page, browser, baseURL }) => {
    await signIn(page, '/talent/saved-jobs');
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
    const noJs = await context.newPage();
    try {
      await noJs.goto('/jobs?page=2');
      const { id, title } = await firstUnsavedCard(noJs);
      const card = noJs.locator(`#job-${id}`);
      await card.getByRole('button', { name: `Save job: ${title}` }).click();
      await expect(noJs).toHaveURL(new RegExp(`/jobs\\?page=2#job-${id}$`));
      await expect(card.getByRole('button', { name: `Saved: ${title}. Remove from saved jobs` })).toBeVisible();

      // The job page knows it is saved, and unsaving there comes back there.
      const jobPage = jobAdPath({ id, title });
      await noJs.goto(jobPage);
      await noJs.getByRole('button', { name: `Saved: ${title}. Remove from saved jobs` }).click();
      await expect(noJs).toHaveURL((url) => url.pathname === jobPage && url.search === '');
      await expect(noJs.getByRole('button', { name: `Save job: ${title}` })).toBeVisible();
      await noJs.goto('/jobs?page=2');
      await expect(noJs.locator(`#job-${id}`).getByRole('button', { name: `Save job: ${title}` })).toBeVisible();
    } finally {
      await context.close();
    }

    const guest = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const guestPage = await guest.newPage();
      await guestPage.goto('/jobs?q=developer');
      const first = guestPage.locator('article[id^="job-"]').first();
      const id = (await first.getAttribute('id'))!;
      await expect(guestPage.getByRole('main').getByRole('button', { name: /Save job/ })).toHaveCount(0);
      const link = first.getByRole('link', { name: /^Save job: .* \(sign in first\)$/ });
      await expect(link).toHaveAttribute('rel', 'nofollow');
      await expect(link).toHaveAttribute('href', `/sign-in?returnTo=${encodeURIComponent(`/jobs?q=developer#${id}`)}`);
    } finally {
      await guest.close();
    }
  });

  test('applied jobs show each application with the status the talent is shown (never the step name), oldest or newest first', async ({ page }) => {
    // Oldest first: the seed's applications lead, however many other journeys have added meanwhile (the suites run side by side).
    await signIn(page, '/talent/applied-jobs?sort=oldest');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Applied jobs');
    const statuses = page.getByRole('list', { name: 'Applied jobs' }).getByTestId('application-status');
    await expect(statuses.first()).toBeVisible();
    const shown = await statuses.allTextContents();
    // The seed places the demo talent's applications at the Interview, Offer and Screening steps: she reads their public words.
    for (const status of ['Interview', 'Offer', 'In review']) expect(shown).toContain(status);
    expect(shown).not.toContain('Screening');
    await expect(page.getByText('I have built design systems in React and TypeScript for five years.')).toBeVisible();
    await expectNoAxeViolations(page);
    const titles = () => page.getByRole('list', { name: 'Applied jobs' }).getByRole('heading', { level: 2 });
    const oldestFirst = await titles().allTextContents();
    await page.getByRole('group', { name: 'Sort' }).getByRole('link', { name: 'Newest first' }).click();
    await expect(page).not.toHaveURL(/sort=oldest/);
    // Only the titles seen both times compare: a page holds a slice of each order.
    const newestFirst = await titles().allTextContents();
    expect(newestFirst.filter((title) => oldestFirst.includes(title))).toEqual([...oldestFirst].reverse().filter((title) => newestFirst.includes(title)));
  });

  test("the hired application, whose ad is closed, is never a link to the ad's 410 page; the dashboard leads to the application", async ({ page }) => {
    await signIn(page, '/talent/applied-jobs');
    const applications = page.getByRole('list', { name: 'Applied jobs' }).getByRole('listitem');
    const closed = applications.filter({ hasText: 'The job ad no longer takes applications.' });
    // The seed's Brightpath application was hired, and its ad has closed since.
    await expect(closed.filter({ has: page.getByTestId('application-status').filter({ hasText: /^Hired$/ }) })).not.toHaveCount(0);
    // Its title is no link (a closed ad's page is offered only as "See similar open jobs").
    await expect(closed.getByRole('heading').getByRole('link')).toHaveCount(0);
    // Every ad a title still links takes applications: none answers 410.
    for (const href of await page.getByRole('list', { name: 'Applied jobs' }).locator('h2 a[href^="/job-apply/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!))) {
      expect((await page.request.get(href)).status(), href).toBe(200);
    }
    await expectFitsPhoneWidth(page);
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.goto('/talent/dashboard');
    const widget = page.getByRole('region', { name: 'Your applications' });
    // Each application's title (its first link; an application waiting for her lists its actions after it).
    const links = widget.locator('[data-application-link]');
    await expect(links.first()).toBeVisible();
    const hrefs = await links.evaluateAll((all) => all.map((link) => link.getAttribute('href')!));
    for (const href of hrefs) expect(href).toMatch(/^\/talent\/applied-jobs#application-[0-9a-f-]{36}$/);
    const title = (await links.first().textContent())!.trim();
    await links.first().click();
    await expect(page).toHaveURL(new URL(hrefs[0]!, page.url()).href);
    const target = page.locator(`[id="${hrefs[0]!.split('#')[1]}"]`);
    await expect(target.getByRole('heading', { level: 2 })).toHaveText(title);
    await expect(target).toBeInViewport();
  });

  test('an invitation is opened from the list and ignored; it then reads Ignored', async ({ page }) => {
    await signIn(page, '/talent/invitations');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invitations');
    await expect(page.getByRole('group', { name: 'Show' }).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByTestId('invitation-status').filter({ hasText: 'Ignored' }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('group', { name: 'Show' }).getByRole('link', { name: 'New' }).click();
    await expect(page).toHaveURL(/\/talent\/invitations\?filter=new$/);
    await expect(page.getByTestId('invitation-status')).not.toHaveText([]);
    for (const status of await page.getByTestId('invitation-status').allTextContents()) expect(status).toBe('New');

    const href = await newInvitationWithMessage(page, IGNORE_MESSAGE);
    await expect(page).toHaveTitle(/ · Invitation \| /);
    await expect(page.getByText('From Brightpath Consulting')).toBeVisible();
    await expect(page.getByTestId('invitation-status')).toHaveText('New');
    await expect(page.getByRole('heading', { name: 'The role' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Ignore invitation' }).click();
    await expect(page).toHaveURL(href);
    await expect(toast(page, 'Invitation ignored')).toBeVisible();
    await expect(page.getByTestId('invitation-status')).toHaveText('Ignored');
    await expect(page.getByText(/^You ignored this invitation on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC\. You can still apply\.$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ignore invitation' })).toHaveCount(0);

    await page.goto('/talent/invitations?filter=ignored');
    const row = page.getByRole('listitem').filter({ has: page.locator(`a[href="${href}"]`) });
    await expect(row.getByTestId('invitation-status')).toHaveText('Ignored');
    await expect(row).toContainText(/Ignored \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC/);
  });

  test('applying from another invitation checks the note, then the job shows in applied jobs in the first hiring step', async ({ page }) => {
    await signIn(page, '/talent/invitations');
    const href = await newInvitationWithMessage(page, APPLY_MESSAGE);
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();

    // The field refuses more than 5000 characters; the server says so too when it gets them.
    const note = page.getByLabel('Note to the company (optional)');
    await expect(note).toHaveAttribute('maxlength', '5000');
    await note.evaluate((field) => field.removeAttribute('maxlength'));
    await note.fill('x'.repeat(5001));
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(note).toHaveAttribute('aria-invalid', 'true');
    await expect(note).toHaveAccessibleDescription(/Use at most 5000 characters\./);
    await expect(note).toHaveValue('x'.repeat(5001));
    await expect(page.getByTestId('invitation-status')).toHaveText('New');

    await note.fill('Happy to talk this week.\nI can start next month.');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page).toHaveURL(href);
    await expect(toast(page, 'Application sent')).toBeVisible();
    await expect(page.getByTestId('invitation-status')).toHaveText('Applied');
    await expect(page.getByRole('status').filter({ hasText: /^You applied on / })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply', exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'See your applied jobs' }).click();
    // To the application itself, the newest.
    await expect(page).toHaveURL(/\/talent\/applied-jobs#application-[0-9a-f-]{36}$/);
    await expect(page.locator(`[id="${page.url().split('#')[1]}"]`).getByRole('heading', { level: 2 })).toHaveText(title);
    const newest = page.getByRole('list', { name: 'Applied jobs' }).getByRole('listitem').first();
    await expect(newest.getByRole('heading', { level: 2 })).toHaveText(title);
    // An answer to an invitation arrives like any application: in the first hiring step.
    await expect(newest.getByTestId('application-status')).toHaveText('Applied');
    await expect(newest).toContainText('Happy to talk this week.');
  });

  test('an unknown or malformed invitation id is the not-found page', async ({ page }) => {
    await signIn(page, '/talent/dashboard');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await page.goto(`/talent/invitation?id=${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
    }
  });
});
