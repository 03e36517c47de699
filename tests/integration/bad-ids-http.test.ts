import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from './idp/browser';
import { hasBuild, startBuiltServer, type BuiltServer } from '../support/built-server';
import { csrfTokenOf, signInThroughProduct, signUpThroughProduct } from '../support/signed-in-browser';

// Bad ids on form posts (security probe, trust between people): a detail page that takes an
// id and accepts posts answered 500 to a post naming an unknown, malformed or foreign id
// (Astro's RewriteWithBodyUsed: the page read the body, then rewrote to /404). Every such
// page is posted here as its own form would be, with the intent it takes, and must answer
// the product's 404 page: the very page a GET of the same address gives.

const MALFORMED = 'not-an-id';

/** A detail page: where an id goes, what its form posts, and where ids of its kind are linked. */
interface DetailPage {
  name: string;
  at: (id: string) => string;
  /** The fields its form posts besides the anti-forgery token (the id is added as `id`). */
  form: Record<string, string>;
  /** A list page linking records of this kind, and the link's path and parameter. */
  linkedFrom?: { list: string; path: string; param?: string };
}

const query = (path: string, param = 'id') => (id: string) => `${path}?${param}=${encodeURIComponent(id)}`;

const COMPANY_PAGES: DetailPage[] = [
  { name: 'billing', at: query('/company/billing'), form: { intent: 'approve' }, linkedFrom: { list: '/company/billing?status=all', path: '/company/billing' } },
  { name: 'invoicing', at: query('/company/invoicing'), form: { intent: 'paid' }, linkedFrom: { list: '/company/invoicing', path: '/company/invoicing' } },
  { name: 'job ad', at: query('/company/job-ad'), form: { intent: 'unpublish' }, linkedFrom: { list: '/company/job-ads', path: '/company/job-ad' } },
  { name: 'job ad edit', at: query('/company/job-ad-edit'), form: { title: 'Changed' }, linkedFrom: { list: '/company/job-ads', path: '/company/job-ad' } },
  { name: 'job description', at: query('/company/job-description'), form: { intent: 'delete' }, linkedFrom: { list: '/company/job-descriptions', path: '/company/job-description' } },
  { name: 'job description edit', at: query('/company/job-description-edit'), form: { title: 'Changed' }, linkedFrom: { list: '/company/job-descriptions', path: '/company/job-description' } },
  { name: 'talent assignment', at: query('/company/talent-assignment'), form: { intent: 'delete' }, linkedFrom: { list: '/company/talent-assignments', path: '/company/talent-assignment' } },
  { name: 'talent assignment edit', at: query('/company/talent-assignment-edit'), form: { role: 'Changed' }, linkedFrom: { list: '/company/talent-assignments', path: '/company/talent-assignment' } },
  { name: 'job application', at: query('/company/job-application'), form: { intent: 'move' }, linkedFrom: { list: '/company/received-job-applications', path: '/company/job-application' } },
  { name: 'roster entry', at: query('/company/talent-roster-details'), form: { intent: 'remove' }, linkedFrom: { list: '/company/talent-roster', path: '/company/talent-roster-details' } },
  // A talent profile belongs to no company: an unknown and a malformed id only.
  { name: 'talent profile', at: query('/company/talent-search', 'profile'), form: { intent: 'saveTalentToNewList', label: 'Probe' } },
  { name: 'company profile', at: (id) => `/company/profile/${encodeURIComponent(id)}`, form: { intent: 'saveProfile', name: 'Changed' } },
];

const TALENT_PAGES: DetailPage[] = [
  { name: 'invitation', at: query('/talent/invitation'), form: { intent: 'ignore' }, linkedFrom: { list: '/talent/invitations?filter=all', path: '/talent/invitation' } },
  { name: 'assignment edit', at: query('/talent/assignment-edit'), form: { role: 'Changed' }, linkedFrom: { list: '/talent/assignments', path: '/talent/assignment' } },
];

// An administrator reaches every company and flag: unknown and malformed ids only.
const ADMIN_PAGES: DetailPage[] = [
  { name: 'admin company', at: query('/admin/company'), form: { intent: 'verify' } },
  { name: 'admin feature flag', at: query('/admin/feature-flags', 'flag'), form: { intent: 'describe', description: 'Changed' } },
];

const headingOf = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '').trim();

/** The ids a page links to as `path?param=<uuid>`, in order. */
function linkedIds(html: string, path: string, param = 'id'): string[] {
  const pattern = new RegExp(`href="${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?${param}=([0-9a-f-]{36})`, 'g');
  return [...new Set([...html.matchAll(pattern)].map((match) => match[1]!))];
}

describe.skipIf(!hasBuild)('bad ids on form posts (probe: trust between people)', () => {
  let server: BuiltServer;
  let origin: string;
  beforeAll(async () => {
    server = await startBuiltServer();
    origin = server.url;
  }, 120_000);
  afterAll(() => server?.stop('SIGKILL'));

  interface Visitor {
    browser: Browser;
    csrf: string;
  }

  /**
   * Posts `page`'s form naming `id` as the visitor and expects the product's 404 page:
   * status 404 and the page a GET of the same address answers, which is a 404 too.
   */
  async function expectNotFound(visitor: Visitor, page: DetailPage, id: string, what: string) {
    const target = `${origin}${page.at(id)}`;
    const shown = await visitor.browser.request(target);
    expect(shown.status, `GET ${page.name}, ${what}`).toBe(404);
    const posted = await visitor.browser.request(target, { form: { csrf: visitor.csrf, id, ...page.form }, headers: { origin } });
    expect(posted.status, `POST ${page.name}, ${what}: ${posted.html.slice(0, 200)}`).toBe(404);
    expect(headingOf(posted.html), `POST ${page.name}, ${what}`).toBe(headingOf(shown.html));
  }

  /** The first id of `page`'s kind that `owner` sees and `visitor` gets a 404 for. */
  async function foreignId(owner: Browser, visitor: Visitor, page: DetailPage): Promise<string> {
    const { list, path, param } = page.linkedFrom!;
    const listed = await owner.request(`${origin}${list}`);
    expect(listed.status, list).toBe(200);
    for (const id of linkedIds(listed.html, path, param)) {
      if ((await visitor.browser.request(`${origin}${page.at(id)}`)).status === 404) return id;
    }
    throw new Error(`${list} links no ${page.name} that the other side cannot see`);
  }

  it('company pages answer 404 to a post naming an unknown, a malformed or another company’s id', async () => {
    // The owner works in Brightpath Consulting; Northwind Labs, which they also own, is
    // the other company (its ids are looked up in the selected company, as any other's).
    const attacker = await signInThroughProduct(origin, 'owner@demo.test', '/company/dashboard');
    const other = await signInThroughProduct(origin, 'recruiter@demo.test', '/company/dashboard');
    const northwindId = /data-company-id="([^"]+)"/.exec(other.landed.html)?.[1];
    const brightpathId = /data-company-id="([^"]+)"/.exec(attacker.landed.html)?.[1];
    expect(northwindId).toBeTruthy();
    expect(brightpathId).not.toBe(northwindId);
    const owner = await signInThroughProduct(origin, 'owner@demo.test', '/company/dashboard');
    expect((await owner.browser.request(`${origin}/api/select-company`, { form: { csrf: owner.csrf, companyId: northwindId! }, headers: { origin } })).status).toBe(303);

    for (const page of COMPANY_PAGES) {
      await expectNotFound(attacker, page, randomUUID(), 'unknown id');
      await expectNotFound(attacker, page, MALFORMED, 'malformed id');
      if (page.linkedFrom) await expectNotFound(attacker, page, await foreignId(owner.browser, attacker, page), 'another company’s id');
    }
    // A company the owner is no member of: the admin's list names them all.
    const admin = await signInThroughProduct(origin, 'admin@demo.test', '/admin/companies');
    const stranger = linkedIds(admin.landed.html, '/admin/company').find((id) => id !== northwindId && id !== brightpathId);
    expect(stranger).toBeTruthy();
    await expectNotFound(attacker, COMPANY_PAGES.find((page) => page.name === 'company profile')!, stranger!, 'another company’s id');
  }, 180_000);

  it('an action the role lacks, posted on a detail page, answers the 403 page the route guard gives', async () => {
    // The recruiter reads and updates Northwind's job ads and descriptions but may not delete them.
    const recruiter = await signInThroughProduct(origin, 'recruiter@demo.test', '/company/dashboard');
    const guarded = await recruiter.browser.request(`${origin}/company/members`);
    expect(guarded.status).toBe(403);
    for (const [list, path] of [['/company/job-ads', '/company/job-ad'], ['/company/job-descriptions', '/company/job-description']] as const) {
      const id = linkedIds((await recruiter.browser.request(`${origin}${list}`)).html, path)[0];
      expect(id, list).toBeTruthy();
      const posted = await recruiter.browser.request(`${origin}${path}?id=${id}`, { form: { csrf: recruiter.csrf, intent: 'delete', id: id! }, headers: { origin } });
      expect(posted.status, path).toBe(403);
      expect(headingOf(posted.html), path).toBe(headingOf(guarded.html));
      expect((await recruiter.browser.request(`${origin}${path}?id=${id}`)).status, `${path} still there`).toBe(200);
    }
  }, 60_000);

  it('talent pages answer 404 to a post naming an unknown, a malformed or another talent’s id', async () => {
    const owner = await signInThroughProduct(origin, 'talent@demo.test', '/talent/dashboard');
    const { browser, landed } = await signUpThroughProduct(origin, { name: 'Id Prober' });
    const csrf = csrfTokenOf(landed.html);
    const created = await fetch(`${origin}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tp-csrf': csrf, origin, cookie: browser.jar.header(new URL(origin)) },
      body: JSON.stringify({ query: 'mutation { createOneTalentProfile(data: { email: "id-prober@example.test", profileName: "Id Prober" }) { id } }' }),
    });
    expect(created.status).toBe(200);
    const attacker = { browser, csrf };
    for (const page of TALENT_PAGES) {
      await expectNotFound(attacker, page, randomUUID(), 'unknown id');
      await expectNotFound(attacker, page, MALFORMED, 'malformed id');
      await expectNotFound(attacker, page, await foreignId(owner.browser, attacker, page), 'another talent’s id');
    }
  }, 120_000);

  it('admin pages answer 404 to a post naming an unknown or a malformed id', async () => {
    const admin = await signInThroughProduct(origin, 'admin@demo.test', '/admin/companies');
    for (const page of ADMIN_PAGES) {
      await expectNotFound(admin, page, randomUUID(), 'unknown id');
      await expectNotFound(admin, page, MALFORMED, 'malformed id');
    }
  }, 60_000);
});
