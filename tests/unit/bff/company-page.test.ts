import { describe, expect, it } from 'vitest';
import { graphql } from '../../../src/lib/graphql/graphql';
import type { FormOutcome } from '../../../src/lib/forms/form-outcome';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { companyPage } from '../../../src/server/bff/page/company-page';
import { formOf } from '../../support/page-handler-fakes';

// The one prelude of company pages: the anti-forgery check, the typed dispatch
// of a post by its intent with each action's permission, Post/Redirect/Get with one
// notice, a refusal rendered at its own status, and no reads without a selected company.

const COMPANY = { id: 'c1', name: 'Brightpath', verificationStatus: 'verified', deletedAt: null, permissions: { jobAd: { read: true, update: true, delete: false } } };
const DOCUMENT = graphql(`query CompanyPageProbe { findMe { id } }`);

interface Probe {
  method?: string;
  form?: FormData;
  selected?: typeof COMPANY | null;
  csrfMatches?: boolean;
  secureCookies?: boolean;
}

function fakePage({ method = 'POST', form = formOf({}), selected = COMPANY, csrfMatches = true, secureCookies = false }: Probe = {}) {
  const sent: string[] = [];
  const cookies = new Map<string, { value: string; secure: boolean | undefined }>();
  const astro = {
    request: new Request('http://localhost/company/job-ads?page=2', method === 'POST' ? { method, body: form } : { method }),
    url: new URL('http://localhost/company/job-ads?page=2'),
    response: { status: 200 },
    locals: {
      t: getTranslator(),
      session: { record: { csrfToken: 'token' } },
      selectedCompany: selected,
      services: {
        config: { secureCookies },
        bff: {
          verifyCsrf: (_session: unknown, value: unknown) => csrfMatches && value === 'token',
          graphql: async (_session: unknown, body: { operationName?: string }) => {
            sent.push(body.operationName ?? '');
            return { status: 200, body: { data: { findMe: { id: 'u1' } } } };
          },
        },
      },
    },
    cookies: { set: (name: string, value: string, options: { secure?: boolean }) => cookies.set(name, { value, secure: options.secure }) },
    redirect: (location: string, status = 302) => new Response(null, { status, headers: { location } }),
    rewrite: async (path: string) => new Response(`rewrote ${path}`, { status: path === '/403' ? 403 : 404 }),
  };
  return { astro: astro as unknown as Parameters<typeof companyPage>[0], sent, cookies, response: astro.response };
}

const refused = { kind: 'refused' as const, message: 'No', status: 409 };

describe('company pages: one prelude', () => {
  it('refuses a post whose anti-forgery token is not the session\'s, before any handler runs', async () => {
    const { astro } = fakePage({ form: formOf({ intent: 'delete' }), csrfMatches: false });
    let ran = false;
    const answer = await companyPage(astro).post({ delete: async () => ((ran = true), refused) });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(403);
    expect(ran).toBe(false);
  });

  it('answers the 403 page to an action whose permission the role lacks, without running it', async () => {
    const { astro } = fakePage({ form: formOf({ intent: 'delete' }) });
    let ran = false;
    const answer = await companyPage(astro).post({ delete: { permission: ['jobAd', 'delete'], run: async () => ((ran = true), refused) } });
    expect((answer as Response).status).toBe(403);
    expect(await (answer as Response).text()).toBe('rewrote /403');
    expect(ran).toBe(false);
  });

  it('runs an action whose permission the role holds', async () => {
    const { astro } = fakePage({ form: formOf({ intent: 'publish', id: 'a1' }) });
    const answer = await companyPage(astro).post({ publish: { permission: ['jobAd', 'update'], run: async (form) => ({ ...refused, message: String(form.get('id')) }) } });
    expect(answer).toEqual({ ...refused, message: 'a1' });
  });

  it('answers 400 to an intent the page does not take, or none', async () => {
    for (const fields of [{ intent: 'explode' }, { intent: 'constructor' }, {}] as Record<string, string>[]) {
      const { astro } = fakePage({ form: formOf(fields) });
      const answer = await companyPage(astro).post({ delete: async () => refused });
      expect((answer as Response).status).toBe(400);
    }
  });

  it('renders a refusal again at its own status (409, 422, 403)', async () => {
    const { astro, response } = fakePage();
    const answer = await companyPage(astro).post(async () => refused);
    expect(answer).toEqual(refused);
    expect(response.status).toBe(409);
  });

  it('redirects with 303 and one notice after a done post (Post/Redirect/Get)', async () => {
    const { astro, cookies } = fakePage({ form: formOf({ intent: 'delete' }) });
    const page = companyPage(astro);
    const answer = (await page.post({ delete: async () => page.done(page.here, 'notices.jobAds.deleted', 'job-ad-a1') })) as Response;
    expect([answer.status, answer.headers.get('location')]).toEqual([303, '/company/job-ads?page=2']);
    expect(cookies.get('tp-notice')).toEqual({ value: 'notices.jobAds.deleted@job-ad-a1', secure: false });
  });

  it('sets the notice Secure and __Host- prefixed with production settings, whatever the request URL says', async () => {
    const { astro, cookies } = fakePage({ form: formOf({ intent: 'delete' }), secureCookies: true });
    const page = companyPage(astro);
    await page.post({ delete: async () => page.done(page.here, 'notices.jobAds.deleted') });
    expect([...cookies]).toEqual([['__Host-tp-notice', { value: 'notices.jobAds.deleted', secure: true }]]);
  });

  it('handles no post on a GET', async () => {
    const { astro } = fakePage({ method: 'GET' });
    expect(await companyPage(astro).post(async () => refused)).toBeNull();
  });

  it('without a selected company takes no post and reads nothing; a page outside one does', async () => {
    const { astro, sent } = fakePage({ selected: null });
    const page = companyPage(astro);
    expect(await page.post(async () => refused)).toBeNull();
    expect(await page.load(DOCUMENT)).toBeNull();
    expect(sent).toEqual([]);
    const outside = fakePage({ selected: null });
    expect(await companyPage(outside.astro, { inCompany: false }).post(async () => refused)).toEqual(refused);
  });

  it("reads in the selected company and says the role's permissions by name", async () => {
    const { astro, sent } = fakePage({ method: 'GET' });
    const page = companyPage(astro);
    expect((await page.load(DOCUMENT))?.data).toEqual({ findMe: { id: 'u1' } });
    expect(sent).toEqual(['CompanyPageProbe']);
    expect(page.may({ update: ['jobAd', 'update'], delete: ['jobAd', 'delete'], create: ['jobAd', 'create'] })).toEqual({ update: true, delete: false, create: false });
  });

  it('sends a page past the last one to the last one, and knows a NOT_FOUND answer', () => {
    const { astro } = fakePage({ method: 'GET' });
    const page = companyPage(astro);
    const redirect = page.pastLastPage({ total: 3, pageCount: 1 }, 2);
    expect([redirect?.status, redirect?.headers.get('location')]).toEqual([303, '/company/job-ads']);
    expect(page.pastLastPage({ total: 0, pageCount: 0 }, 2)).toBeNull();
    expect(page.notFound({ status: 200, data: null, errors: [{ message: 'x', extensions: { code: 'NOT_FOUND' } }] })).toBe(true);
    expect(page.notFound({ status: 200, data: null, errors: [{ message: 'x', extensions: { code: 'FORBIDDEN' } }] })).toBe(false);
  });

  it("turns a feature's submit function into a handler: done redirects, invalid or refused is what the page renders", async () => {
    const { astro } = fakePage({ method: 'GET' });
    const page = companyPage(astro);
    type Outcome = FormOutcome<{ title: string }, { id: string }>;
    const handler = page.act(
      async (form): Promise<Outcome> => (form.get('ok') ? { kind: 'done', id: 'j1' } : { kind: 'invalid', values: { title: '' }, fieldErrors: {}, formError: null, status: 422 }),
      (saved) => page.done(`/company/job-ad?id=${saved.id}`, 'notices.jobAds.updated'),
    );
    const redirect = (await handler(formOf({ ok: 'yes' }))) as Response;
    expect([redirect.status, redirect.headers.get('location')]).toEqual([303, '/company/job-ad?id=j1']);
    expect(await handler(formOf({}))).toEqual({ kind: 'invalid', values: { title: '' }, fieldErrors: {}, formError: null, status: 422 });
  });
});
