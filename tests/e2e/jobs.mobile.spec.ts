import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO_TALENT, expectNoAxeViolations, signInAs } from './support/demo-session';

// The job search on a 390 x 844 phone (the mobile project): the results come first and the
// filters open from a disclosure whose toggle counts the filters in force.
const SCREEN_HEIGHT = 844;

const firstResult = (page: Page) => page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) }).first();
const filtersToggle = (page: Page) => page.getByRole('main').locator('summary');

async function expectFirstResultOnFirstScreen(page: Page) {
  const box = await firstResult(page).boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(SCREEN_HEIGHT);
}

test.describe('job search on a 390 px phone', () => {
  test('the first job is on the first screen, the filters folded behind their toggle', async ({ page }) => {
    await page.goto('/jobs');
    await expect(filtersToggle(page)).toHaveAccessibleName('Filters');
    await expect(page.getByRole('textbox', { name: 'Location' })).toBeHidden();
    await expectFirstResultOnFirstScreen(page);
    await expectNoAxeViolations(page);
  });

  test('signed in, the first job is on the first screen too, the job alert box after the results', async ({ page }) => {
    await signInAs(page, DEMO_TALENT, '/jobs');
    await expectFirstResultOnFirstScreen(page);
    const alert = page.getByRole('region', { name: 'Job alert' });
    expect((await alert.boundingBox())!.y).toBeGreaterThan((await firstResult(page).boundingBox())!.y);
  });

  test('the toggle counts the filters in force and opens them from the keyboard', async ({ page }) => {
    await page.goto('/jobs?employment_type=employee,freelancer&work_mode=remote');
    await expect(filtersToggle(page)).toHaveAccessibleName('Filters (2)');
    await expectFirstResultOnFirstScreen(page);
    // Reached by Tab from the search form, opened with Enter like any disclosure.
    await page.getByRole('button', { name: 'Search', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(filtersToggle(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('checkbox', { name: 'Remote' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Location' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Space');
    await expect(page.getByRole('textbox', { name: 'Location' })).toBeHidden();
  });

  test('the filters open and apply without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 390, height: SCREEN_HEIGHT }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto('/jobs');
    await filtersToggle(page).tap();
    await page.getByRole('checkbox', { name: 'Remote' }).check();
    await page.getByRole('button', { name: 'Apply filters' }).tap();
    await expect(page).toHaveURL(/[?&]work_mode=remote(&|$)/);
    await expect(filtersToggle(page)).toHaveAccessibleName('Filters (1)');
    await expectFirstResultOnFirstScreen(page);
    await context.close();
  });
});

test.describe('a job page on a 390 px phone', () => {
  test('Apply stays on the screen while the description is read', async ({ page }) => {
    await page.goto('/jobs');
    await firstResult(page).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/job-apply\//);
    const apply = page.getByRole('link', { name: 'Apply for this job' });
    await expect(apply).toBeInViewport();
    // A third of the way down the description, Apply is still in reach.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 3));
    await expect(apply).toBeInViewport();
    const bar = await page.getByTestId('job-ad-actions').boundingBox();
    expect(bar!.y + bar!.height).toBeLessThanOrEqual(SCREEN_HEIGHT + 1);
    await expectNoAxeViolations(page);
    await expect(apply).toHaveAttribute('href', /^\/job-apply-form\?jobAdId=/);
  });
});
