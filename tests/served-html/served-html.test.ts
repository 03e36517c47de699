import { beforeAll, describe, expect, test } from 'vitest';
import { ROUTES, type RouteDef } from '../../src/lib/routes/route-table';
import { checkServedHtml, describeNuMessage, javaIsAvailable, readServedPages, type NuMessage } from '../support/served-html';

// The HTML every page serves is valid: the W3C Nu HTML Checker reads each page the
// end-to-end suite opened, signed in or not, as the server sent it, and any error fails
// that page's test (warnings are listed, not failed). `npm test` runs this after the
// end-to-end suite; without pages (no browser) or without Java it counts as skipped
// (scripts/test.mjs fails the run if the end-to-end suite ran but kept no page).
const answers = readServedPages();
const pages = answers.filter((page) => page.file !== null);
const java = javaIsAvailable();
/** Routes that answer with a redirect to the identity provider: they have no page of their own. */
const REDIRECTING_ROUTES = new Set(['signIn', 'signUp']);
/** The route an address belongs to: the longest route path it is, or starts with as a folder. */
const routeOf = (pathname: string): RouteDef | undefined =>
  ROUTES.filter((route) => pathname === route.path || pathname.startsWith(route.path === '/' ? '/\0' : `${route.path}/`)).sort((a, b) => b.path.length - a.path.length)[0];
const pathOf = (url: string) => {
  const address = new URL(url);
  return `${address.pathname}${address.search}`;
};

describe.skipIf(pages.length === 0 || !java)('W3C Nu HTML Checker', () => {
  let messages = new Map<string, NuMessage[]>();

  beforeAll(() => {
    messages = checkServedHtml();
    // Warnings grouped by message, each with how often and where first, so the list reads.
    const warnings = new Map<string, string[]>();
    for (const [file, list] of messages) {
      for (const message of list.filter((each) => each.type === 'info')) {
        const where = pathOf(pages.find((page) => page.file === file)?.url ?? `http://kept/${file}`);
        warnings.set(message.message, [...(warnings.get(message.message) ?? []), `${where} line ${message.lastLine ?? 0}`]);
      }
    }
    for (const [message, places] of warnings) console.log(`Nu HTML Checker warning, ${places.length}×: ${message}\n  e.g. ${places.slice(0, 3).join('; ')}`);
  }, 600_000);

  for (const page of pages) {
    test(`${page.status} ${pathOf(page.url)} has no HTML error`, () => {
      const errors = (messages.get(page.file!) ?? []).filter((message) => message.type !== 'info').map(describeNuMessage);
      expect(errors).toEqual([]);
    });
  }

  test('every page of the route table is among the checked pages', () => {
    // A redirect (a guard sending a guest to sign in) shows no page of the route, so only
    // pages served whole count, but for the routes whose answer is a redirect by design.
    const checked = new Set(answers.filter((page) => page.status < 300 || REDIRECTING_ROUTES.has(routeOf(new URL(page.url).pathname)?.key ?? '')).map((page) => routeOf(new URL(page.url).pathname)?.key));
    const unchecked = ROUTES.filter((route) => route.live && !checked.has(route.key)).map((route) => route.path);
    expect(unchecked).toEqual([]);
  });
});
