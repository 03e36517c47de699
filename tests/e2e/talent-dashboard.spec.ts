import { type Page } from '@playwright/test';
import { expect, test } from './support/csp-guard';
import { expectNoAxeViolations } from './support/demo-session';
import { newEmail, signUpNewAccount } from './support/sign-up';

// A new account of its own, so that nothing other specs do to the demo talent matters.
async function newTalentWithSkill(page: Page, skill: string) {
  await signUpNewAccount(page, 'Dana Dashboard', newEmail('dash'));

  await page.goto('/talent/dashboard');
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(page).toHaveURL(/\/talent\/profile$/);
  const skills = page.getByRole('region', { name: 'Skills' });
  await skills.getByRole('link', { name: 'Edit Skills' }).click();
  await skills.getByRole('button', { name: 'Add skill' }).click();
  await skills.getByRole('group', { name: 'Skill 1' }).getByLabel('Skill').fill(skill);
  await skills.getByRole('button', { name: 'Save' }).click();
  await expect(skills.getByRole('listitem').filter({ hasText: skill })).toBeVisible();
}

test.describe('talent dashboard widgets', () => {
  test('a new talent sees empty activity, and the jobs matching their skill marked new only the first time', async ({ page, browser, baseURL }) => {
    await newTalentWithSkill(page, 'React');
    await page.goto('/talent/dashboard');
    const emptyWidgets: Array<[string, string]> = [
      ['New invitations', 'No new invitations.'],
      ['Your applications', 'You have not applied to a job yet.'],
      ['Current assignments', 'No assignment is running today.'],
      ['Balance', 'No balance yet'],
    ];
    for (const [heading, empty] of emptyWidgets) {
      await expect(page.getByRole('region', { name: heading })).toContainText(empty);
    }

    // As served (seen without JavaScript), before the widget has scrolled into view and
    // asked: looking, never "none", with the way to the full list.
    const noJs = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
    try {
      const served = await noJs.newPage();
      await served.goto('/talent/dashboard');
      const widget = served.getByRole('region', { name: 'Jobs matching your skills' });
      await expect(widget.getByRole('status')).toHaveText(/^Looking for jobs that match your skills/);
      await expect(widget).not.toContainText('No open job asks for your skills');
      await expect(widget.getByRole('link', { name: 'See all matching jobs' })).toHaveAttribute('href', '/jobs?q=React&query_by=skills&sort_by=publishedAt%3Adesc');
    } finally {
      await noJs.close();
    }

    const matching = page.getByRole('region', { name: 'Jobs matching your skills' });
    await matching.scrollIntoViewIfNeeded();
    const jobs = matching.getByRole('listitem');
    await expect(jobs.first()).toBeVisible();
    const shown = await jobs.count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThanOrEqual(5);
    await expect(matching.getByText('New', { exact: true })).toHaveCount(shown);
    await expect(matching.getByRole('link', { name: 'See all matching jobs' }).last()).toHaveAttribute('href', '/jobs?q=React&query_by=skills&sort_by=publishedAt%3Adesc');
    expect(await page.evaluate(() => localStorage.getItem('mySkillsSearch'))).toBe('React');

    await expectNoAxeViolations(page);

    // Seen now: the same jobs are no longer new on the next visit.
    await page.reload();
    await matching.scrollIntoViewIfNeeded();
    await expect(jobs.first()).toBeVisible();
    await expect(matching.getByText('New', { exact: true })).toHaveCount(0);
  });

  test('when the API answers 502 the widget says so and an error toast carries the status', async ({ page }) => {
    await newTalentWithSkill(page, 'TypeScript');
    await page.route('**/api/graphql', (route) => route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad gateway' }));
    await page.goto('/talent/dashboard');
    const matching = page.getByRole('region', { name: 'Jobs matching your skills' });
    await matching.scrollIntoViewIfNeeded();
    await expect(matching.getByText('Matching jobs could not be loaded.')).toBeVisible();
    await expect(page.getByText('Response not successful: Received status code 502')).toBeVisible();
  });
});
