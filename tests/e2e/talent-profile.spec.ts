import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { scoreMessageKey } from '../../src/lib/profile/score-message';
import profileText from '../../src/locales/en/profile.json' with { type: 'json' };
import { expectNoAxeViolations, signInAs } from './support/demo-session';

// The demo talent of the seed (README: demo accounts). Tests in this file run in order in
// one worker; whatever they change on the profile is put back at the end.
const TALENT = { email: 'talent@demo.test', password: 'talentplace-demo' };

const signIn = (page: Page, returnTo: string) => signInAs(page, TALENT.email, returnTo, TALENT.password);

/** The English profile score message for a percentage. */
function messageFor(percent: number): string {
  const key = scoreMessageKey(percent).replace('score.messages.', '') as keyof typeof profileText.score.messages;
  return profileText.score.messages[key];
}

test.describe('talent dashboard, profile score and profile', () => {
  test('the dashboard shows the score, its message and the side menu, and has no axe violations', async ({ page }) => {
    await signIn(page, '/talent/dashboard');
    await expect(page).toHaveTitle(/^Dashboard \| /);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Tara Talent');

    const menu = page.getByRole('navigation', { name: 'Talent menu' });
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', '/talent/profile');
    await expect(menu.getByRole('img', { name: /^Profile score \d+%$/ })).toBeVisible();

    const card = page.getByRole('region', { name: 'Profile score' });
    const indicator = card.getByRole('img', { name: /^Profile score \d+%$/ });
    const percent = Number(/(\d+)%/.exec((await indicator.getAttribute('aria-label')) ?? '')?.[1]);
    expect(percent).toBeGreaterThanOrEqual(0);
    expect(percent).toBeLessThanOrEqual(100);
    await expect(card.getByTestId('score-message')).toHaveText(messageFor(percent));
    // The score is drawn once in the card: the circle, with no second bar repeating it.
    await expect(card.getByRole('progressbar')).toHaveCount(0);
    // The seeded talent lacks skills, a long description and education: each links to its section.
    await expect(card.getByRole('link', { name: 'At least 6 skills' })).toHaveAttribute('href', '/talent/profile#skills');

    await expectNoAxeViolations(page);
  });

  test('the score dialog opens and closes from the keyboard', async ({ page }) => {
    await signIn(page, '/talent/dashboard');
    const indicator = page.getByRole('region', { name: 'Profile score' }).getByRole('img', { name: /^Profile score \d+%$/ });
    const percent = /(\d+)%/.exec((await indicator.getAttribute('aria-label')) ?? '')![1]!;
    const help = page.getByRole('button', { name: 'Open profile score details' });

    // Focusing hydrates the island; an Enter pressed meanwhile is replayed once it has.
    await help.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Profile score' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`${percent}%`, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('progressbar', { name: 'Profile completeness' })).toHaveAttribute('aria-valuenow', percent);
    await expect(dialog.getByRole('listitem').filter({ hasText: 'Job title' })).toHaveAttribute('data-complete', 'true');
    await expect(dialog.getByRole('listitem').filter({ hasText: 'Education' })).toHaveAttribute('data-complete', 'false');
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await help.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    const close = dialog.getByRole('button', { name: 'Close profile score details' });
    await close.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(help).toBeFocused();
  });

  test('the score dialog opens on the first mouse click, the one that loads it', async ({ page }) => {
    await signIn(page, '/talent/dashboard');
    const help = page.getByRole('button', { name: 'Open profile score details' });
    // Not hydrated yet (Astro drops `ssr` once it is): the click below is the one that loads the island.
    await expect(page.locator('astro-island', { has: help })).toHaveAttribute('ssr', '');

    // Where people click: the middle of the button, its icon (an SVG path, not an HTML element).
    const box = (await help.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const dialog = page.getByRole('dialog', { name: 'Profile score' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close profile score details' }).click();
    await expect(dialog).toBeHidden();

    // Hydrated now: the next click is React's own, and opens it once more.
    await help.click();
    await expect(dialog).toBeVisible();
  });

  test('the profile is edited without JavaScript: saved values, field errors, typed values kept', async ({ page, browser, baseURL }) => {
    await signIn(page, '/talent/profile');
    await expectNoAxeViolations(page);

    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
    const noJs = await context.newPage();
    try {
      await noJs.goto('/talent/profile');
      const basics = () => noJs.getByRole('region', { name: 'Basics' });
      const rates = () => noJs.getByRole('region', { name: 'Rates' });
      const jobTitle = () => basics().getByLabel('Job title', { exact: true });
      const hourlyRate = () => rates().getByLabel('Hourly rate', { exact: true });
      const currency = () => rates().getByLabel('Rate currency', { exact: true });
      // Sections are read-only until Edit, a link that opens that section alone.
      await expect(jobTitle()).toBeHidden();
      await basics().getByRole('link', { name: 'Edit Basics' }).click();
      await expect(noJs).toHaveURL(/\/talent\/profile\?edit=basics#basics$/);
      await expect(rates().getByLabel('Hourly rate', { exact: true })).toBeHidden();
      const original = { jobTitle: await jobTitle().inputValue(), hourlyRate: '', currency: '' };

      const newTitle = `Frontend Engineer ${Date.now() % 100000}`;
      await jobTitle().fill(newTitle);
      await basics().getByRole('button', { name: 'Save' }).click();
      await expect(noJs).toHaveURL(/\/talent\/profile#basics$/);
      await expect(basics().getByRole('definition').filter({ hasText: newTitle })).toBeVisible();
      await expect(basics().getByRole('status')).toHaveText('Profile saved');

      await rates().getByRole('link', { name: 'Edit Rates' }).click();
      Object.assign(original, { hourlyRate: await hourlyRate().inputValue(), currency: await currency().inputValue() });
      await hourlyRate().fill('61.5');
      await currency().fill('euro');
      await rates().getByRole('button', { name: 'Save' }).click();
      await expect(currency()).toHaveAttribute('aria-invalid', 'true');
      await expect(currency()).toHaveAccessibleDescription(/Use a three-letter ISO 4217 code, such as EUR/);
      await expect(rates().getByText('Use a three-letter ISO 4217 code, such as EUR')).toBeVisible();
      await expect(currency()).toHaveValue('euro');
      await expect(hourlyRate()).toHaveValue('61.5');
      await expect(basics().getByRole('definition').filter({ hasText: newTitle })).toBeVisible();

      await currency().fill('EUR');
      await rates().getByRole('button', { name: 'Save' }).click();
      await expect(noJs).toHaveURL(/\/talent\/profile#rates$/);
      await expect(rates().getByRole('definition').filter({ hasText: '€61.50' })).toBeVisible();
      await expect(rates().getByRole('definition').filter({ hasText: 'EUR' })).toBeVisible();

      // With JavaScript, the side menu shows the new title, Edit opens the form in place and saving says so in a toast.
      await page.goto('/talent/profile');
      await expect(page.getByRole('navigation', { name: 'Talent menu' })).toContainText(newTitle);
      const jsBasics = page.getByRole('region', { name: 'Basics' });
      await jsBasics.getByRole('link', { name: 'Edit Basics' }).click();
      await expect(page).toHaveURL(/\/talent\/profile$/);
      await jsBasics.getByLabel('Job title', { exact: true }).fill(original.jobTitle);
      await jsBasics.getByRole('button', { name: 'Save' }).click();
      await expect(page.locator('tp-toaster').getByText('Profile saved')).toBeVisible();
      const jsRates = page.getByRole('region', { name: 'Rates' });
      await jsRates.getByRole('link', { name: 'Edit Rates' }).click();
      await jsRates.getByLabel('Hourly rate', { exact: true }).fill(original.hourlyRate);
      await jsRates.getByLabel('Rate currency', { exact: true }).fill(original.currency);
      await jsRates.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/talent\/profile#rates$/);
      await jsRates.getByRole('link', { name: 'Edit Rates' }).click();
      await expect(jsRates.getByLabel('Hourly rate', { exact: true })).toHaveValue(original.hourlyRate);
    } finally {
      await context.close();
    }
  });

  test('list entries are added and removed without JavaScript, and nothing is saved until Save', async ({ page, browser, baseURL }) => {
    await signIn(page, '/talent/profile');
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
    const noJs = await context.newPage();
    try {
      await noJs.goto('/talent/profile');
      const education = () => noJs.getByRole('region', { name: 'Education' });
      await education().getByRole('link', { name: 'Edit Education' }).click();
      const before = await education().getByRole('group').count();
      await education().getByRole('button', { name: 'Add education' }).click();
      await expect(education().getByRole('group')).toHaveCount(before + 1);
      const entry = education().getByRole('group', { name: `Education ${before + 1}` });
      await expect(entry.getByLabel('Start date')).toHaveAttribute('min', '1900-01-01');
      await expect(entry.getByLabel('Start date')).toHaveAttribute('max', '2099-12-31');
      await entry.getByLabel('School').fill('Universidade de Lisboa');
      await entry.getByRole('button', { name: `Remove education ${before + 1}` }).click();
      await expect(education().getByRole('group')).toHaveCount(before);
      await noJs.goto('/talent/profile?edit=education');
      await expect(noJs.getByRole('region', { name: 'Education' }).getByRole('group')).toHaveCount(before);
    } finally {
      await context.close();
    }
  });
});
