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
//
// Deep links (journeys that work first time): a GET of a company detail page naming a record
// of another of the user's verified companies selects that company (company_id, with its
// notice) and shows the record; a record of a company the user is not in answers exactly
// as an unknown id does, so a link tells nobody that a record exists.

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

/** Company detail pages without posts: only read by the deep-link tests. */
const READ_ONLY_COMPANY_PAGES: DetailPage[] = [
  { name: 'sent invitation', at: query('/company/sent-invitation'), form: {}, linkedFrom: { list: '/company/sent-invitations', path: '/company/sent-invitation' } },
];

/** The company pages whose records belong to a company: every one a deep link may name. */
const COMPANY_RECORD_PAGES = [...COMPANY_PAGES, ...READ_ONLY_COMPANY_PAGES].filter((page) => page.linkedFrom);

const TALENT_PAGES: DetailPage[] = [
  { name: 'invitation', at: query('/talent/invitation'), form: { intent: 'ignore' }, linkedFrom: { list: '/talent/invitations?filter=all', path: '/talent/invitation' } },
  { name: 'assignment edit', at: query('/talent/assignment-edit'), form: { role: 'Changed' }, linkedFrom: { list: '/talent/assignments', path: '/talent/assignment' } },
  { name: 'interview', at: query('/talent/interview'), form: { intent: 'otherTimes', note: 'Mornings' }, linkedFrom: { list: '/talent/interviews', path: '/talent/interview' } },
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

  /** Sends GraphQL through the product's proxy as the visitor's browser, as an island would. */
  const graphqlAs = (visitor: Visitor, query: string, variables: Record<string, unknown> = {}) =>
    fetch(`${origin}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tp-csrf': visitor.csrf, origin, cookie: visitor.browser.jar.header(new URL(origin)) },
      body: JSON.stringify({ query, variables }),
    });

  /** The answer to a GET, as a visitor sees it: the id itself aside, it must not tell one 404 from another. */
  const shownWithout = (html: string, id: string) => html.replaceAll(id, '<id>').replaceAll(encodeURIComponent(id), '<id>');

  /**
   * The demo admin, signed in once for the whole file: each sign-in spends one of the second
   * factor's 30-second steps, and a third within a step waited for the next (most of this file's time).
   */
  let adminSignIn: ReturnType<typeof signInThroughProduct> | null = null;
  const asAdmin = () => (adminSignIn ??= signInThroughProduct(origin, 'admin@demo.test', '/admin/companies'));

  /** A user who owns a verified company of their own and is in no demo company, with its id. */
  async function outsider(): Promise<Visitor & { companyId: string }> {
    const { browser, landed } = await signUpThroughProduct(origin, { name: 'Outside Owner' });
    const csrf = csrfTokenOf(landed.html);
    const created = await graphqlAs({ browser, csrf }, 'mutation { createOneCompany(data: { name: "Outside Works" }) { id } }');
    const companyId = ((await created.json()) as { data: { createOneCompany: { id: string } } }).data.createOneCompany.id;
    const admin = await asAdmin();
    const verified = await graphqlAs(admin, 'mutation ($id: ID!) { verifyOneCompany(id: $id) { id } }', { id: companyId });
    expect(verified.status).toBe(200);
    // The company is selected on their next company page (the first verified one).
    const dashboard = await browser.request(`${origin}/company/dashboard`);
    expect(/data-company-id="([^"]+)"/.exec(dashboard.html)?.[1]).toBe(companyId);
    return { browser, csrf, companyId };
  }

  /** Selects the company in the visitor's session, as the account menu's switcher does. */
  async function select(visitor: Visitor, companyId: string) {
    expect((await visitor.browser.request(`${origin}/api/select-company`, { form: { csrf: visitor.csrf, companyId }, headers: { origin } })).status).toBe(303);
  }

  it('company pages answer 404 to a post naming an unknown, a malformed or another company’s id', async () => {
    // The owner works in Northwind Labs; the attacker owns a verified company of their own and
    // is in no demo company, so every route guard lets them through to the id lookup.
    const owner = await signInThroughProduct(origin, 'owner@demo.test', '/company/dashboard');
    const other = await signInThroughProduct(origin, 'recruiter@demo.test', '/company/dashboard');
    const northwindId = /data-company-id="([^"]+)"/.exec(other.landed.html)?.[1];
    expect(northwindId).toBeTruthy();
    await select(owner, northwindId!);
    const attacker = await outsider();

    for (const page of COMPANY_PAGES) {
      await expectNotFound(attacker, page, randomUUID(), 'unknown id');
      await expectNotFound(attacker, page, MALFORMED, 'malformed id');
      if (page.linkedFrom) await expectNotFound(attacker, page, await foreignId(owner.browser, attacker, page), 'another company’s id');
    }
    // A company the attacker is no member of: the admin's list names them all.
    const admin = await asAdmin();
    const stranger = linkedIds(admin.landed.html, '/admin/company').find((id) => id !== attacker.companyId);
    expect(stranger).toBeTruthy();
    await expectNotFound(attacker, COMPANY_PAGES.find((page) => page.name === 'company profile')!, stranger!, 'another company’s id');
  }, 240_000);

  it('a link to a record of a company the user is not in answers exactly as an unknown id: no leak of its existence', async () => {
    // The demo owner's two verified companies, Brightpath (selected first) and Northwind, hold the records linked.
    const owner = await signInThroughProduct(origin, 'owner@demo.test', '/company/dashboard');
    const recruiter = await signInThroughProduct(origin, 'recruiter@demo.test', '/company/dashboard');
    const holders = [/data-company-id="([^"]+)"/.exec(owner.landed.html)?.[1], /data-company-id="([^"]+)"/.exec(recruiter.landed.html)?.[1]];
    expect(new Set(holders).size).toBe(2);
    const attacker = await outsider();
    const probed = new Set<string>();
    for (const holder of holders) {
      await select(owner, holder!);
      for (const page of COMPANY_RECORD_PAGES) {
        const { list, path, param } = page.linkedFrom!;
        const [id] = linkedIds((await owner.browser.request(`${origin}${list}`)).html, path, param);
        if (!id) continue;
        const unknown = randomUUID();
        const known = await attacker.browser.request(`${origin}${page.at(id)}`);
        const missing = await attacker.browser.request(`${origin}${page.at(unknown)}`);
        expect([known.status, missing.status], page.name).toEqual([404, 404]);
        expect(known.headers.get('location'), page.name).toBeNull();
        expect(shownWithout(known.html, id), page.name).toBe(shownWithout(missing.html, unknown));
        probed.add(page.name);
      }
    }
    expect([...probed].sort()).toEqual(COMPANY_RECORD_PAGES.map((page) => page.name).sort());
    // Nor did any of it change the company the attacker works in.
    expect(/data-company-id="([^"]+)"/.exec((await attacker.browser.request(`${origin}/company/dashboard`)).html)?.[1]).toBe(attacker.companyId);
  }, 240_000);

  it('a link to a record of another of the user’s verified companies selects that company, with its notice, and shows the record', async () => {
    // Two sessions of the demo owner: one reads Northwind’s lists, the other works in Brightpath.
    const lists = await signInThroughProduct(origin, 'owner@demo.test', '/company/dashboard');
    const recruiter = await signInThroughProduct(origin, 'recruiter@demo.test', '/company/dashboard');
    const northwindId = /data-company-id="([^"]+)"/.exec(recruiter.landed.html)?.[1]!;
    await select(lists, northwindId);
    const visitor = await signInThroughProduct(origin, 'owner@demo.test', '/company/dashboard');
    // Selected first: the first verified company by name.
    const brightpathId = /data-company-id="([^"]+)"/.exec(visitor.landed.html)?.[1];
    expect(brightpathId).toBeTruthy();
    expect(brightpathId).not.toBe(northwindId);

    for (const page of COMPANY_RECORD_PAGES) {
      await select(visitor, brightpathId!);
      const { list, path, param } = page.linkedFrom!;
      // A record Northwind holds and Brightpath does not (the three-party assignment is both’s).
      let linked: { id: string; answer: Awaited<ReturnType<Browser['request']>> } | null = null;
      for (const id of linkedIds((await lists.browser.request(`${origin}${list}`)).html, path, param)) {
        const answer = await visitor.browser.request(`${origin}${page.at(id)}`);
        if (answer.status !== 200) {
          linked = { id, answer };
          break;
        }
      }
      expect(linked, `${list} links a ${page.name} of Northwind only`).not.toBeNull();
      const { id, answer } = linked!;
      expect(answer.status, page.name).toBe(303);
      expect(answer.headers.get('location'), page.name).toBe(`${page.at(id)}&company_id=${northwindId}`);
      // A post naming it is still refused where it was rendered: nothing is done elsewhere.
      if (page.name !== 'sent invitation') {
        const posted = await visitor.browser.request(`${origin}${page.at(id)}`, { form: { csrf: visitor.csrf, id, ...page.form }, headers: { origin } });
        expect(posted.status, `POST ${page.name}`).toBe(404);
      }
      const selected = await visitor.browser.request(new URL(answer.headers.get('location')!, origin));
      expect(selected.status, page.name).toBe(303);
      expect(selected.headers.get('location'), page.name).toBe(page.at(id));
      const shown = await visitor.browser.request(`${origin}${page.at(id)}`);
      expect(shown.status, page.name).toBe(200);
      expect(/data-company-id="([^"]+)"/.exec(shown.html)?.[1], page.name).toBe(northwindId);
      expect(shown.html, page.name).toContain('Company has been changed');
    }
  }, 240_000);

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
    const created = await graphqlAs({ browser, csrf }, 'mutation { createOneTalentProfile(data: { email: "id-prober@example.test", profileName: "Id Prober" }) { id } }');
    expect(created.status).toBe(200);
    const attacker = { browser, csrf };
    for (const page of TALENT_PAGES) {
      await expectNotFound(attacker, page, randomUUID(), 'unknown id');
      await expectNotFound(attacker, page, MALFORMED, 'malformed id');
      await expectNotFound(attacker, page, await foreignId(owner.browser, attacker, page), 'another talent’s id');
    }
  }, 120_000);

  it('admin pages answer 404 to a post naming an unknown or a malformed id', async () => {
    const admin = await asAdmin();
    for (const page of ADMIN_PAGES) {
      await expectNotFound(admin, page, randomUUID(), 'unknown id');
      await expectNotFound(admin, page, MALFORMED, 'malformed id');
    }
  }, 60_000);
});
