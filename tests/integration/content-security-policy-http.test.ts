import { createHash } from 'node:crypto';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBuild, startBuiltServer, type BuiltServer } from '../support/built-server';
import { signUpThroughProduct } from '../support/signed-in-browser';
import { Browser, type PageResponse } from './idp/browser';

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

const TRACKER_ORIGIN = 'https://stats.talentplace.test';

function* elementsOf(node: Node): Generator<Element> {
  if ('tagName' in node) yield node;
  if ('childNodes' in node) for (const child of node.childNodes) yield* elementsOf(child);
}

const attr = (element: Element, name: string) => element.attrs.find((attribute) => attribute.name === name)?.value;
const textOf = (element: Element) => element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');

// Types the browser runs. Any other type is a data block (JSON, JSON-LD): the HTML
// standard stops preparing such a script before the CSP check, as it never executes.
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

function scriptSources(policy: string): string[] {
  const directive = policy.split(';').map((part) => part.trim().split(/\s+/)).find(([name]) => name === 'script-src');
  return directive?.slice(1) ?? [];
}

/** What each page must satisfy: no inline script runs unless the header names its hash. */
function expectScriptsCoveredByPolicy(page: PageResponse) {
  const policy = page.headers.get('content-security-policy') ?? '';
  const sources = scriptSources(policy);
  expect(sources, page.url.pathname).toContain("'self'");
  for (const forbidden of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'data:', 'http:', 'https:']) expect(sources, page.url.pathname).not.toContain(forbidden);
  const elements = [...elementsOf(parse(page.html))];
  const inline = elements.filter((element) => element.tagName === 'script' && attr(element, 'src') === undefined);
  const executable = inline.filter((script) => EXECUTABLE_TYPES.has((attr(script, 'type') ?? '').trim().toLowerCase()));
  for (const script of executable) {
    const hash = `'sha256-${createHash('sha256').update(textOf(script)).digest('base64')}'`;
    const nonce = attr(script, 'nonce');
    expect(sources.includes(hash) || (nonce !== undefined && sources.includes(`'nonce-${nonce}'`)), `${page.url.pathname}: ${textOf(script).slice(0, 80)}`).toBe(true);
  }
  // Event-handler attributes would need 'unsafe-inline' (or 'unsafe-hashes'): none may exist.
  const handlers = elements.flatMap((element) => element.attrs.filter((attribute) => /^on[a-z]+$/.test(attribute.name)).map((attribute) => `${element.tagName} ${attribute.name}`));
  expect(handlers, page.url.pathname).toEqual([]);
  return { executable, inline };
}

// Probe item 7: script-src allowed 'unsafe-inline' on every page.
describe.skipIf(!hasBuild)('content security policy of the pages (probe item 7)', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    // Analytics on: the tracker's origin is runtime configuration the policy must carry.
    server = await startBuiltServer({ MATOMO_URL: `${TRACKER_ORIGIN}/matomo/`, MATOMO_SITE_ID: '7' });
  });
  afterAll(() => server?.stop('SIGKILL'));

  const guest = new Browser();
  const open = async (browser: Browser, path: string) => {
    const page = await browser.follow(`${server.url}${path}`, () => false);
    expect(page.status, path).toBe(200);
    expect(page.headers.get('content-type'), path).toMatch(/^text\/html/);
    return page;
  };

  it('guest pages (home, job search, a job page) allow their inline scripts by hash only, and stay cacheable', async () => {
    const jobs = await open(guest, '/jobs');
    const jobLink = /href="(\/job-apply\/[^"]+)"/.exec(jobs.html)?.[1];
    expect(jobLink).toBeDefined();
    const pages = [await open(guest, '/'), jobs, await open(guest, jobLink!.replaceAll('&amp;', '&'))];
    for (const page of pages) {
      expectScriptsCoveredByPolicy(page);
      expect(page.headers.get('cache-control') ?? '', page.url.pathname).not.toMatch(/no-store|private/);
    }
    // The home page has the island and client-directive loaders inline: the check is not vacuous.
    expect(expectScriptsCoveredByPolicy(pages[0]!).executable.length).toBeGreaterThan(0);
    // The job page's JSON-LD is a data block, which no policy governs: it is there, unhashed.
    const jobPage = pages[2]!;
    expect(expectScriptsCoveredByPolicy(jobPage).inline.some((script) => attr(script, 'type') === 'application/ld+json')).toBe(true);
  });

  it('the tracker may load its script and send its beacons, and nothing else is widened', async () => {
    const policy = (await open(guest, '/')).headers.get('content-security-policy') ?? '';
    const directive = (name: string) => policy.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name} `)) ?? '';
    for (const name of ['script-src', 'img-src', 'connect-src']) expect(directive(name), name).toContain(TRACKER_ORIGIN);
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive('object-src')).toBe("object-src 'none'");
  });

  it('a signed-in talent page allows its inline scripts by hash only and is never stored', async () => {
    const { browser } = await signUpThroughProduct(server.url, { name: 'Policy Reader' });
    for (const path of ['/talent/dashboard', '/talent/profile', '/jobs']) {
      const page = await open(browser, path);
      expectScriptsCoveredByPolicy(page);
      expect(page.headers.get('cache-control'), path).toBe('private, no-store');
    }
  });

  it('serves /favicon.ico, which browsers ask for on every site, as an icon', async () => {
    const icon = await fetch(`${server.url}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    // The ICO header: reserved 0, type 1 (icon), at least one image.
    const bytes = new Uint8Array(await icon.arrayBuffer());
    expect([bytes[0], bytes[1], bytes[2], bytes[3]]).toEqual([0, 0, 1, 0]);
    expect(bytes[4]).toBeGreaterThan(0);
  });

  it('answers Astro does not render carry the same policy without any inline script allowed', async () => {
    const asset = await fetch(`${server.url}/favicon.svg`);
    const sources = scriptSources(asset.headers.get('content-security-policy') ?? '');
    expect(sources).toEqual(["'self'", TRACKER_ORIGIN]);
  });
});
