import { expect, test } from './support/test';
import { guestRoutes } from './support/live-routes';

// Enough to reach every kind of page (lists, job pages, legal pages) in a bounded time.
const MAX_PAGES = 60;
// Reached only from a mail, with the token it carries: without one the page says the link
// is not valid (400) by design, so it is no starting point for a crawl.
const MAIL_LINK_ROUTES = new Set(['/unsubscribe']);
const startRoutes = guestRoutes.filter((route) => !MAIL_LINK_ROUTES.has(route.path));

test('a guest crawl of every live route and every link on it finds no 404 and no 500', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;
  const queue: string[] = startRoutes.map((route) => route.path);
  const seen = new Set<string>(queue);
  const broken: string[] = [];
  // Links to job ad pages are their canonical addresses: no redirect hop on the way.
  const redirectedJobLinks: string[] = [];

  while (queue.length && seen.size <= MAX_PAGES) {
    const path = queue.shift()!;
    const response = await page.goto(path);
    const status = response?.status() ?? 0;
    if (path.startsWith('/job-apply/') && response?.request().redirectedFrom()) redirectedJobLinks.push(`${path} → ${new URL(page.url()).pathname}`);
    if (status >= 400) {
      broken.push(`${path} → ${status}`);
      continue;
    }
    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== origin) continue;
      const next = `${url.pathname}${url.search}`;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }

  expect(broken).toEqual([]);
  expect(redirectedJobLinks).toEqual([]);
  expect([...seen].some((path) => path.startsWith('/job-apply/'))).toBe(true);
  expect(seen.size).toBeGreaterThanOrEqual(startRoutes.length);
});
