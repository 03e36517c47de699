import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoAxeViolations, signInAs } from './support/demo-session';

// The public job ad page (the /job-apply route): /job-apply/<id>/<slug>. Read-only: this
// spec changes no data, so it runs beside the others on the shared seeded database.
const TALENT = { email: 'talent@demo.test', password: 'talentplace-demo' };
const CANONICAL_PATH = /^\/job-apply\/[0-9a-f-]{36}\/[a-z0-9]+(-[a-z0-9]+)*$/;
// The seed's closed ad: the demo talent's application at step Hired was to an ad whose
// deadline has passed (src/server/db/seed/demo-talent.ts APPLICATION_PLAN, open: false),
// and its applied-jobs entry still links to the ad's page. The message identifies it.
const CLOSED_AD_APPLICATION_MESSAGE = 'Happy to start with the checkout squad whenever suits you.';

const signIn = (page: Page, returnTo: string) => signInAs(page, TALENT.email, returnTo, TALENT.password);

/** The status and the path + query of the Location of an address, without following it. */
async function redirectOf(request: APIRequestContext, address: string): Promise<{ status: number; location: string | null }> {
  const response = await request.get(address, { maxRedirects: 0 });
  const location = response.headers()['location'];
  if (!location) return { status: response.status(), location: null };
  const url = new URL(location, 'http://placeholder.invalid');
  return { status: response.status(), location: `${url.pathname}${url.search}` };
}

/** The first job on /jobs: its canonical path (the card's link), id and title. */
async function firstOpenJob(page: Page): Promise<{ path: string; id: string; title: string }> {
  await page.goto('/jobs');
  // A seeded ad, whose description has the bullets checked below: other specs publish ads
  // of their own (one-line descriptions, titles with a time stamp) that may come first.
  const link = page
    .getByRole('main')
    .getByRole('heading', { level: 3 })
    .filter({ hasNotText: /\bE2E\b|Recruiter board|\b(?=[a-z]*\d)[0-9a-z]{6,}\b/ })
    .first()
    .getByRole('link');
  const path = (await link.getAttribute('href'))!;
  expect(path).toMatch(CANONICAL_PATH);
  return { path, id: path.split('/')[2]!, title: (await link.textContent())!.trim() };
}

test.describe('job ad page addresses', () => {
  test('an open ad answers at /job-apply/<id>/<slug>, indexable, with its JobPosting data', async ({ page }) => {
    const job = await firstOpenJob(page);
    const response = await page.goto(job.path);
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()).toBeNull();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(job.title);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`^https?://[^/]+${job.path}$`));
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd).toMatchObject({ '@type': 'JobPosting', title: job.title, directApply: true, identifier: { '@type': 'PropertyValue', value: job.id } });
    // Google's place rules: fully remote work names the countries applicants may live in,
    // any other job a workplace with its country; the page says the same place.
    const location = page.locator('dt', { hasText: 'Location' }).locator('xpath=following-sibling::dd[1]');
    if (jsonLd.jobLocationType === 'TELECOMMUTE') {
      expect(jsonLd.applicantLocationRequirements.length).toBeGreaterThan(0);
      expect(jsonLd.applicantLocationRequirements[0]).toMatchObject({ '@type': 'Country', name: expect.stringMatching(/^[A-Z]{2}$/) });
      await expect(location).toHaveText(/^Remote/);
    } else {
      expect(jsonLd.jobLocation.address).toMatchObject({ '@type': 'PostalAddress', addressCountry: expect.stringMatching(/^[A-Z]{2}$/) });
      await expect(location).toContainText(jsonLd.jobLocation.address.addressLocality ?? '');
    }
    // The description is Markdown rendered safely: the seeded text's bullets are a list, in
    // the page and in the JobPosting.
    expect(jsonLd.description).toMatch(/^<p>[\s\S]*<ul>/);
    await expect(page.locator('.rich-text ul li').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a missing or wrong slug, an upper-case id and the old ?jobAdId= address answer 301 to the canonical address', async ({ page, request }) => {
    const job = await firstOpenJob(page);
    expect(await redirectOf(request, `/job-apply/${job.id}`)).toEqual({ status: 301, location: job.path });
    expect(await redirectOf(request, `/job-apply/${job.id}/an-old-title`)).toEqual({ status: 301, location: job.path });
    expect(await redirectOf(request, `/job-apply/${job.id}/an-old-title?utm_source=mail&ref=1`)).toEqual({ status: 301, location: `${job.path}?utm_source=mail&ref=1` });
    expect(await redirectOf(request, `${job.path}/extra`)).toEqual({ status: 301, location: job.path });
    expect(await redirectOf(request, `${job.path}/`)).toEqual({ status: 301, location: job.path });
    expect(await redirectOf(request, `/job-apply/${job.id.toUpperCase()}/x`)).toEqual({ status: 301, location: job.path });
    // The old address, in one hop, other parameters kept.
    expect(await redirectOf(request, `/job-apply?jobAdId=${job.id}`)).toEqual({ status: 301, location: job.path });
    expect(await redirectOf(request, `/job-apply?utm_source=feed&jobAdId=${job.id}`)).toEqual({ status: 301, location: `${job.path}?utm_source=feed` });

    // A browser lands on the canonical page.
    await page.goto(`/job-apply?jobAdId=${job.id}`);
    await expect(page).toHaveURL((url) => url.pathname === job.path && url.search === '');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(job.title);
  });

  test('an unknown id answers 404, and so does anything that is not an id', async ({ page, request }) => {
    const unknown = randomUUID();
    for (const address of [`/job-apply/${unknown}`, `/job-apply/${unknown}/senior-frontend-developer`, '/job-apply/not-an-id/x']) {
      expect((await request.get(address, { maxRedirects: 0 })).status(), address).toBe(404);
    }
    // The old address of an unknown id moves like any other, to a 404.
    expect(await redirectOf(request, `/job-apply?jobAdId=${unknown}`)).toEqual({ status: 301, location: `/job-apply/${unknown}` });
    const response = await page.goto(`/job-apply/${unknown}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText('This job ad does not exist or was removed.')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  });

  test('a closed ad answers 410, noindex and without JobPosting data, with similar open jobs', async ({ page, request }) => {
    await signIn(page, '/talent/applied-jobs?sort=oldest');
    const application = page.getByRole('list', { name: 'Applied jobs' }).getByRole('listitem').filter({ hasText: CLOSED_AD_APPLICATION_MESSAGE });
    // A closed ad is no longer the application's title link; its page is offered for similar jobs.
    const link = application.getByRole('link', { name: 'See similar open jobs' });
    const path = (await link.getAttribute('href'))!;
    expect(path).toMatch(CANONICAL_PATH);
    const closedId = path.split('/')[2]!;

    const response = await page.goto(path);
    expect(response?.status()).toBe(410);
    // Guests (and crawlers) get the same answer.
    expect((await request.get(path, { maxRedirects: 0 })).status()).toBe(410);
    expect(await redirectOf(request, `/job-apply?jobAdId=${closedId}`)).toEqual({ status: 301, location: path });

    await expect(page.getByText('This job ad is closed: applications are no longer accepted.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Apply for this job' })).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);

    const similar = page.getByRole('list', { name: 'Similar open jobs' });
    const links = similar.getByRole('listitem').getByRole('heading', { level: 3 }).getByRole('link');
    const count = await links.count();
    expect(count).toBeGreaterThanOrEqual(1);
    expect(count).toBeLessThanOrEqual(5);
    const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!));
    for (const href of hrefs) expect(href).toMatch(CANONICAL_PATH);
    expect(hrefs.some((href) => href.includes(closedId))).toBe(false);
    expect(new Set(hrefs).size).toBe(hrefs.length);
    await expectNoAxeViolations(page);

    // Each one is open.
    expect((await request.get(hrefs[0]!, { maxRedirects: 0 })).status()).toBe(200);
  });

  test('/job-apply/success stays its own page, not read as a job id', async ({ page }) => {
    await signIn(page, '/job-apply/success');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Application sent');
    await expect(page.getByRole('link', { name: 'See your applications' })).toBeVisible();
  });
});
