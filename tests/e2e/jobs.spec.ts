import { expect, test } from './support/csp-guard';
import { enterEmailAndPassword } from './support/demo-session';

test.describe('public job search', () => {
  test('a guest lists the newest open jobs and pages through them with real links', async ({ page }) => {
    await page.goto('/jobs');
    await expect(page).toHaveTitle('Job search | Talentplace');
    await expect(page.getByRole('heading', { name: 'Newest jobs' })).toBeVisible();
    const cards = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(cards).toHaveCount(20);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/jobs$/);
    await page.getByRole('navigation', { name: 'Result pages' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/jobs\?page=2$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/jobs\?page=2$/);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });

  test('searching works without JavaScript and filter combinations are kept out of the index', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/jobs');
    await page.getByRole('combobox', { name: 'Search jobs' }).fill('developer');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/jobs\?q=developer$/);
    await expect(page.getByRole('heading', { name: /open jobs? for “developer”/ })).toBeVisible();
    await expect(page).toHaveTitle('developer · Job search | Talentplace');

    await page.getByRole('checkbox', { name: 'Remote' }).check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/work_mode=remote/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    for (const text of await page.getByRole('main').locator('article p').allTextContents()) {
      if (/On site|Hybrid/.test(text) && !/Remote/.test(text)) throw new Error(`non-remote result: ${text}`);
    }
    await context.close();
  });

  test('at 1280 px the filters stand beside the results, open, with no toggle', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/jobs?work_mode=remote');
    await expect(page.getByRole('main').locator('summary')).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Location' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Remote' })).toBeChecked();
    const filters = (await page.getByRole('form', { name: 'Filters' }).boundingBox())!;
    const firstResult = (await page.getByRole('main').getByRole('listitem').first().boundingBox())!;
    expect(filters.x + filters.width).toBeLessThanOrEqual(firstResult.x);
    expect(filters.y).toBeLessThan(firstResult.y);
    // The job alert box sits right under the filters, beside the results.
    const alert = (await page.getByRole('region', { name: 'Job alert' }).boundingBox())!;
    expect(alert.x).toBe(filters.x);
    expect(alert.y - (filters.y + filters.height)).toBeGreaterThan(0);
    expect(alert.y - (filters.y + filters.height)).toBeLessThanOrEqual(24);
  });

  test('an unknown search says so and offers to clear the filters', async ({ page }) => {
    await page.goto('/jobs?q=zzzqqqxxx');
    await expect(page.getByText('No open job matches this search.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Clear all filters' }).first()).toBeVisible();
  });

  test('the search box suggests titles as the user types and searches the chosen one', async ({ page }) => {
    await page.goto('/jobs');
    const box = page.getByRole('combobox', { name: 'Search jobs' });
    await box.click();
    await box.pressSequentially('develop', { delay: 40 });
    const listbox = page.getByRole('listbox');
    await expect(listbox.getByRole('option').first()).toHaveText('Search "develop" in job ads');
    await expect(listbox.getByRole('option').nth(1)).toContainText(/Developer/);
    await listbox.getByRole('option').first().click();
    await expect(page).toHaveURL(/\/jobs\?q=develop&query_by=title%2Cskills%2Cdescription%2Clocation%2CemploymentType&sort_by=_text_match%3Adesc/);
  });

  test('a job page is crawlable: its own title, canonical link and JobPosting data', async ({ page }) => {
    await page.goto('/jobs');
    const first = page.getByRole('main').getByRole('heading', { level: 3 }).first().getByRole('link');
    const title = (await first.textContent())!.trim();
    const href = (await first.getAttribute('href'))!;
    // Cards link straight to the canonical address: /job-apply/<id>/<slug of the title>.
    expect(href).toMatch(/^\/job-apply\/[0-9a-f-]{36}\/[a-z0-9]+(-[a-z0-9]+)*$/);
    await first.click();
    await expect(page).toHaveURL((url) => url.pathname === href);
    await expect(page).toHaveTitle(`${title} | Talentplace`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd).toMatchObject({ '@type': 'JobPosting', title });
    const canonical = new RegExp(`^https?://[^/]+${href}$`);
    expect(jsonLd).toMatchObject({ url: expect.stringMatching(canonical), directApply: true, identifier: { '@type': 'PropertyValue', value: href.split('/')[2] } });
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
  });
});

test.describe('applying', () => {
  test('the demo talent applies to a job after signing in, and cannot apply twice', async ({ page }) => {
    await page.goto('/jobs?q=designer');
    const link = page.getByRole('main').getByRole('heading', { level: 3 }).first().getByRole('link');
    const title = (await link.textContent())!.trim();
    await link.click();
    await page.getByRole('link', { name: 'Apply for this job' }).click();
    // The apply form needs a signed-in talent: the provider's form comes first.
    await enterEmailAndPassword(page, 'talent@demo.test', 'talentplace-demo');
    await expect(page).toHaveURL(/\/job-apply-form\?jobAdId=/);
    const alreadyApplied = await page.getByText(/You applied to this job on/).isVisible();
    if (!alreadyApplied) {
      await page.getByLabel('Note to the company (optional)').fill('I would love to work on this.');
      await page.getByRole('button', { name: 'Send application' }).click();
      await expect(page).toHaveURL(/\/job-apply\/success\?jobAdId=/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Application sent');
      await expect(page.getByText(title)).toBeVisible();
      await page.goBack();
      await page.reload();
    }
    await expect(page.getByText(/You applied to this job on/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send application' })).toHaveCount(0);
  });
});
