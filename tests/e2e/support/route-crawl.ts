import type { Page } from '@playwright/test';
import { pathInLanguage } from '../../../src/lib/i18n/language-path';
import type { Language } from '../../../src/lib/i18n/namespaces';
import { ROUTES, type RouteDef } from '../../../src/lib/routes/route-table';

// The crawls of every live route of the route table, once per role that opens it, and of a
// record each route's pages link to (tests/e2e/french-crawl.spec.ts,
// tests/e2e/pseudo-locale-crawl.spec.ts): what reads on each page, and the walk itself.

/**
 * The texts a page shows or says: visible text nodes and the attributes assistive technology
 * reads, and its title. What people wrote is theirs and left out: a field's typed value, marked `translate="no"`, or
 * with a `lang` of its own (`sameLanguage` keeps a `lang` that is the page's own).
 */
export async function textsOf(page: Page, { sameLanguage }: { sameLanguage: 'kept' | 'left out' }): Promise<string[]> {
  return page.evaluate((keepSame) => {
    const out = new Set<string>();
    const keep = (element: Element) => {
      const marked = element.closest('body [lang]');
      return !element.closest('[translate="no"], script, style, noscript, template, textarea') && (!marked || (keepSame && marked.getAttribute('lang') === document.documentElement.lang));
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (text && parent && keep(parent) && parent.checkVisibility()) out.add(text);
    }
    for (const element of document.querySelectorAll('[placeholder], [aria-label], [title], img[alt], input[type="submit"][value]')) {
      if (!keep(element)) continue;
      for (const name of ['placeholder', 'aria-label', 'title', 'alt', 'value']) {
        const value = element.getAttribute(name)?.trim();
        if (value && (name !== 'value' || element.matches('input[type="submit"]'))) out.add(value);
      }
    }
    out.add(document.title);
    return [...out];
  }, sameLanguage === 'kept');
}

/**
 * The route of ours a link opens a record of: the route's path with a query (?id=...) or
 * with segments after it (/job-apply/<id>/<slug>); none for a plain route or another address.
 */
function recordRouteOf(href: string, routes: readonly RouteDef[]): RouteDef | undefined {
  const url = new URL(href);
  const pathname = url.pathname.replace(/^\/fr(?=\/|$)/, '') || '/';
  // A route of its own (/sign-up/success, /job-apply/success) is no record of the route above it.
  if (!url.search && ROUTES.some((route) => route.path === pathname)) return undefined;
  return routes.find((route) => route.path !== '/' && ((route.path === pathname && url.search) || pathname.startsWith(`${route.path}/`)));
}

/**
 * Opens each route in `language` and gathers what `wrong` finds in its texts; then, once per
 * route, a record of it that the pages linked to (a route opened with its id: an application,
 * a billing, an interview...), so the pages that show a record are read too, not only their
 * "not found" answer.
 */
export async function crawl(page: Page, routes: readonly RouteDef[], language: Language, wrong: (page: Page) => Promise<string[]>): Promise<{ found: string[]; records: string[] }> {
  const found: string[] = [];
  const records = new Map<string, string>();
  const read = async (address: string, label: string) => {
    await page.goto(address);
    for (const text of await wrong(page)) found.push(`${label}: ${text}`);
    const links = await page.locator('a[href]').evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    for (const href of links) {
      if (!href.startsWith(new URL(page.url()).origin)) continue;
      const route = recordRouteOf(href, routes);
      if (route && !records.has(route.key)) records.set(route.key, href);
    }
  };
  for (const route of routes) await read(pathInLanguage(route.path, language), route.path);
  for (const [key, href] of records) {
    const url = new URL(href);
    await read(pathInLanguage(`${url.pathname.replace(/^\/fr(?=\/|$)/, '') || '/'}${url.search}`, language), `${key} (a record)`);
  }
  return { found, records: [...records.keys()] };
}

const live = ROUTES.filter((route) => route.live);

/** The live routes each role opens: the crawls' division of the route table. */
export const ROUTES_BY_ROLE = {
  guest: [{ ...live.find((route) => route.key === 'home')!, path: '/' }, ...live.filter((route) => route.access === 'guest' && route.key !== 'home')],
  talent: live.filter((route) => route.access === 'signedIn' && route.group !== 'company'),
  company: live.filter((route) => route.group === 'company'),
  admin: live.filter((route) => route.access === 'admin'),
  support: live.filter((route) => route.access === 'impersonator'),
};
