import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/lib/routes/route-table';
import { hasBuild, startBuiltServer, type BuiltServer } from '../support/built-server';
import { signInThroughProduct } from '../support/signed-in-browser';
import type { Browser } from './idp/browser';

// The form kit's fields as browsers read them: every date, month, number, e-mail, tel, url
// and search field had `type` twice (the kit's own "text", then the caller's), browsers keep
// the first, so none of them was what it said. Each signed-in page of each demo account is
// parsed with a real HTML parser, which reports a duplicate attribute as a parse error, and
// the fields that carry a type are checked to have it.

type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.Node;

function* elementsOf(node: Node): Generator<Element> {
  if ('tagName' in node) yield node;
  if ('childNodes' in node) for (const child of node.childNodes) yield* elementsOf(child);
  if ('content' in node) yield* elementsOf(node.content as Node);
}

const attr = (element: Element, name: string) => element.attrs.find((attribute) => attribute.name === name)?.value;

/** The parser's duplicate-attribute errors of one page, as "line:col". */
function duplicateAttributes(html: string): string[] {
  const found: string[] = [];
  parse(html, { onParseError: (error) => (error.code === 'duplicate-attribute' ? found.push(`${error.startLine}:${error.startCol}`) : undefined) });
  return found;
}

/** Links of a page that stay in the signed-in areas and only read (GET of an HTML page). */
function areaLinks(html: string, origin: string): string[] {
  return [...elementsOf(parse(html))]
    .filter((element) => element.tagName === 'a')
    .map((element) => attr(element, 'href'))
    .filter((href): href is string => Boolean(href))
    .map((href) => new URL(href.replaceAll('&amp;', '&'), origin))
    .filter((url) => url.origin === origin && /^\/(company|talent|admin|edit-account|site-settings|notifications|impersonate)(\/|$)/.test(url.pathname))
    .filter((url) => !/\.(csv|pdf)$/.test(url.pathname) && !url.pathname.includes('/download'))
    .map((url) => `${url.pathname}${url.search}`);
}

describe.skipIf(!hasBuild)('form fields in the HTML of the signed-in pages', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer();
  }, 120_000);
  afterAll(() => server?.stop('SIGKILL'));

  /** Visits the live routes an account may open and the pages they link to (one per path), with their HTML. */
  async function visit(browser: Browser, starts: string[], limit = 70): Promise<Map<string, string>> {
    const pages = new Map<string, string>();
    const queue = [...starts];
    const seenPaths = new Set<string>();
    while (queue.length && pages.size < limit) {
      const next = queue.shift()!;
      const path = new URL(next, server.url).pathname;
      if (seenPaths.has(path)) continue;
      seenPaths.add(path);
      const page = await browser.request(`${server.url}${next}`);
      if (page.status !== 200 || !(page.headers.get('content-type') ?? '').startsWith('text/html')) continue;
      pages.set(next, page.html);
      queue.push(...areaLinks(page.html, server.url));
    }
    return pages;
  }

  const startsFor = (accesses: string[], groups: string[]) =>
    ROUTES.filter((route) => route.live && accesses.includes(route.access) && groups.includes(route.group)).map((route) => route.path);

  const ACCOUNTS = [
    { email: 'owner@demo.test', landing: '/company/dashboard', starts: startsFor(['signedIn'], ['company', 'public']) },
    { email: 'talent@demo.test', landing: '/talent/dashboard', starts: startsFor(['signedIn'], ['talent', 'public']) },
    { email: 'admin@demo.test', landing: '/admin/talents', starts: startsFor(['admin'], ['admin']) },
    { email: 'support@demo.test', landing: '/impersonate', starts: ['/impersonate'] },
  ];

  it('no element of any signed-in page has an attribute twice, and each field has the type its caller gave', async () => {
    const all = new Map<string, string>();
    for (const account of ACCOUNTS) {
      const { browser } = await signInThroughProduct(server.url, account.email, account.landing);
      for (const [path, html] of await visit(browser, account.starts)) all.set(`${account.email} ${path}`, html);
    }
    // Enough pages to mean something: the four areas' lists, forms and details.
    expect(all.size).toBeGreaterThanOrEqual(40);

    const duplicates = [...all].flatMap(([page, html]) => duplicateAttributes(html).map((at) => `${page} @${at}`));
    expect(duplicates).toEqual([]);

    const fields = [...all].flatMap(([page, html]) => [...elementsOf(parse(html))].filter((element) => element.tagName === 'input').map((input) => ({ page, input })));
    const typeOf = (page: RegExp, name: string) => fields.find((field) => page.test(field.page) && attr(field.input, 'name') === name)?.input;
    const expectType = (page: RegExp, name: string, type: string) => {
      const input = typeOf(page, name);
      expect(input, `${page} ${name}`).toBeDefined();
      expect(attr(input!, 'type'), `${page} ${name}`).toBe(type);
    };
    expectType(/owner@demo\.test \/company\/received-job-applications/, 'appliedFrom', 'date');
    expectType(/owner@demo\.test \/company\/received-job-applications/, 'q', 'search');
    expectType(/owner@demo\.test \/company\/sales/, 'from', 'month');
    expectType(/owner@demo\.test \/company\/members/, 'email', 'email');
    expectType(/owner@demo\.test \/company\/profile\//, 'website', 'url');
    expectType(/owner@demo\.test \/edit-account/, 'phoneNumber', 'tel');
    expectType(/talent@demo\.test \/talent\/transactions/, 'from', 'date');
    expectType(/admin@demo\.test \/admin\/talents/, 'q', 'search');

    // Whole numbers and amounts are text with a numeric keypad (the server reads what was
    // typed and says what is wrong with "12,50"): then min, max and step, which only
    // number and date inputs take, are not on them.
    const texts = fields.filter(({ input }) => (attr(input, 'type') ?? 'text') === 'text');
    expect(texts.filter(({ input }) => ['min', 'max', 'step'].some((name) => attr(input, name) !== undefined)).map(({ page, input }) => `${page} ${attr(input, 'name')}`)).toEqual([]);
    const experience = typeOf(/owner@demo\.test \/company\/talent-search/, 'minExperience');
    expect(experience && attr(experience, 'inputmode')).toBe('numeric');
  }, 240_000);
});
