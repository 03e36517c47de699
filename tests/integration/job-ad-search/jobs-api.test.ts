import { afterAll, beforeAll, expect, it } from 'vitest';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import type { Database } from '../../../src/server/db/client';
import { describeEachDatabase, openTestDatabase } from '../../support/test-database';
import { HIDDEN_TITLES, insertJobAdFixture, OPEN_NEWEST_FIRST, type JobAdFixture } from './job-ad-fixture';
import { startSearchApi, type SearchApi } from './search-api';

const JOB_ADS = `query JobAds($search: JobAdSearchInput) {
  jobAds(search: $search) {
    total page perPage pageCount
    items { id title location workMode salary currency salaryRateUnit skills isAnonymous isOpen publishedUntil company { id name website country } }
  }
}`;
const JOB_AD = 'query JobAd($id: ID!) { jobAd(id: $id) { id title isOpen publishedUntil isAnonymous company { name } } }';
const SUGGESTIONS = 'query Suggest($q: String!, $limit: Int) { jobAdSuggestions(q: $q, limit: $limit) { id title } }';

interface Page {
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
  items: Array<{ id: string; title: string; isAnonymous: boolean; isOpen: boolean; company: { id: string; name: string; website: string | null; country: string | null } | null }>;
}

describeEachDatabase('job search API (public)', (kind) => {
  let database: Database;
  let fixture: JobAdFixture;
  let h: SearchApi;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    fixture = await insertJobAdFixture(database.db);
    h = startSearchApi(database);
  });
  afterAll(() => database?.close());

  async function search(variables: Record<string, unknown>): Promise<Page> {
    const { status, body } = await h.call(JOB_ADS, { search: variables });
    expect(body.errors).toBeUndefined();
    expect(status).toBe(200);
    return body.data!.jobAds as Page;
  }

  it('lists the newest open ads for a guest when there is no query', async () => {
    const page = await search({});
    expect(page.items.map((item) => item.title)).toEqual(OPEN_NEWEST_FIRST);
    expect({ total: page.total, page: page.page, perPage: page.perPage, pageCount: page.pageCount }).toEqual({ total: 6, page: 1, perPage: 20, pageCount: 1 });
    expect(page.items.every((item) => item.isOpen)).toBe(true);
    const { body } = await h.call(JOB_ADS);
    expect((body.data?.jobAds as Page).items.map((item) => item.title)).toEqual(OPEN_NEWEST_FIRST);
  });

  it('searches text with query_by and Typesense-style sort_by, and pages the result', async () => {
    expect((await search({ q: 'react' })).items.map((item) => item.title)).toEqual(['React Developer', 'React developer', 'Frontend Engineer', 'Backend Engineer']);
    expect((await search({ q: 'react', queryBy: ['skills'] })).items.map((item) => item.title)).toEqual(['Frontend Engineer']);
    expect((await search({ sortBy: 'publishedAt:asc' })).items.map((item) => item.title)).toEqual([...OPEN_NEWEST_FIRST].reverse());
    expect((await search({ q: 'react', sortBy: 'publishedAt:desc' })).items.map((item) => item.title)).toEqual(['React Developer', 'Frontend Engineer', 'Backend Engineer', 'React developer']);
    const second = await search({ q: 'react', sortBy: '_text_match:desc', perPage: 3, page: 2 });
    expect(second).toMatchObject({ total: 4, page: 2, perPage: 3, pageCount: 2 });
    expect(second.items.map((item) => item.title)).toEqual(['Backend Engineer']);
  });

  it('applies the filters', async () => {
    const titles = async (variables: Record<string, unknown>) => (await search(variables)).items.map((item) => item.title);
    expect(await titles({ employmentType: ['freelancer'], workMode: ['remote'] })).toEqual(['React Developer', 'Data Analyst']);
    expect(await titles({ assignmentType: ['parttime', 'ondemand'] })).toEqual(['Frontend Engineer', 'Data Analyst']);
    expect(await titles({ location: 'HELSINKI' })).toEqual(['Senior Accountant', 'React Developer']);
    expect(await titles({ salaryMin: '5000.00', salaryMax: '6000.00', currency: 'EUR', salaryRateUnit: 'MONTH' })).toEqual(['Frontend Engineer', 'Backend Engineer']);
    expect(await titles({ postedWithinDays: 7, q: 'engineer' })).toEqual(['Frontend Engineer']);
  });

  it('shows the company of a named ad and hides it for an anonymous one', async () => {
    const items = (await search({})).items;
    const named = items.find((item) => item.title === 'React Developer')!;
    const anonymous = items.find((item) => item.title === 'Data Analyst')!;
    expect(named.company).toEqual({ id: fixture.companies.nordic, name: 'Nordic Apps', website: 'https://nordic.example', country: 'FI' });
    expect(anonymous).toMatchObject({ isAnonymous: true, company: null });
    const { body } = await h.call(JOB_AD, { id: fixture.ids['Data Analyst'] });
    expect(body.data?.jobAd).toMatchObject({ title: 'Data Analyst', company: null });
  });

  it("gives each ad its place, with the publisher's country when the ad names none, anonymous ads included", async () => {
    const PLACE = 'query Place($id: ID!) { jobAd(id: $id) { countryCode locality remoteCountries company { name } } }';
    const place = async (title: string) => (await h.call(PLACE, { id: fixture.ids[title] })).body.data?.jobAd;
    expect(await place('Backend Engineer')).toEqual({ countryCode: 'DE', locality: 'Berlin', remoteCountries: [], company: { name: 'Nordic Apps' } });
    expect(await place('React Developer')).toMatchObject({ countryCode: 'FI', locality: null, remoteCountries: ['FI', 'EE'] });
    expect(await place('Frontend Engineer')).toMatchObject({ countryCode: 'FI', locality: 'Tampere' });
    expect(await place('React developer')).toMatchObject({ countryCode: 'LV', locality: null });
    // A country names no publisher: the anonymous ad has one, and still no company.
    expect(await place('Data Analyst')).toEqual({ countryCode: 'FI', locality: null, remoteCountries: [], company: null });
  });

  it('loads a page of ads in one query after the search, however many rows (no N+1)', async () => {
    h.statements.length = 0;
    const page = await search({ perPage: 50 });
    expect(page.items).toHaveLength(6);
    expect(h.statements).toHaveLength(2);
    h.statements.length = 0;
    await search({ q: 'react', perPage: 1 });
    // With words, one more before the search: their distinct readings (db/text-search.ts).
    expect(h.statements).toHaveLength(3);
  });

  it('reads the long texts of the listed ads only when the query asks for one of them, and then whole', async () => {
    const rowsStatement = () => h.statements.find((statement) => statement.includes('"job_ad"."title"'))!;
    h.statements.length = 0;
    await search({});
    expect(rowsStatement()).not.toMatch(/"job_ad"\."description"|"job_ad"\."ad_description"|"company"\."description"/);

    const withTexts = async (query: string) => {
      h.statements.length = 0;
      const { body } = await h.call(query);
      expect(body.errors).toBeUndefined();
      expect(rowsStatement()).toContain('"job_ad"."description"');
      return (body.data!.jobAds as { items: Array<{ title: string; description?: string; text?: string; company: { description: string | null } | null }> }).items;
    };
    const direct = await withTexts('{ jobAds { items { title description company { description } } } }');
    expect(direct.find((item) => item.title === 'React Developer')).toMatchObject({ description: 'Build our web shop.' });
    // Through a fragment and under an alias, as a client may ask.
    const fragment = await withTexts('query { jobAds { items { ...Card } } } fragment Card on JobAd { title text: description }');
    expect(fragment.find((item) => item.title === 'Backend Engineer')).toMatchObject({ text: 'Mostly Go, some React on the side.' });
    await withTexts('{ jobAds { items { title company { ... on PublicCompany { description } } } } }');
  });

  it('lists the ads a search index names, dropping an id that is not a uuid instead of failing', async () => {
    const stubbed = startSearchApi(database, {
      jobSearch: () => ({
        search: async () => ({ ids: ['not-a-uuid', fixture.ids['React Developer']!, "x'; drop table job_ad; --"], total: 3, totalIsExact: true }),
        suggest: async () => [],
      }),
    });
    const { status, body } = await stubbed.call(JOB_ADS, { search: {} });
    expect(body.errors).toBeUndefined();
    expect(status).toBe(200);
    expect((body.data!.jobAds as Page).items.map((item) => item.title)).toEqual(['React Developer']);
  });

  it('returns an expired ad by id with isOpen false, but never in a search', async () => {
    const { body } = await h.call(JOB_AD, { id: fixture.ids['Expired React Lead'] });
    expect(body.data?.jobAd).toMatchObject({ title: 'Expired React Lead', isOpen: false, company: { name: 'Nordic Apps' } });
    expect((await search({ q: 'lead' })).total).toBe(0);
    const open = await h.call(JOB_AD, { id: fixture.ids['React Developer'] });
    expect(open.body.data?.jobAd).toMatchObject({ isOpen: true, publishedUntil: expect.any(String) });
  });

  it('returns null for an unknown, malformed, scheduled, draft, deleted or unverified-company ad', async () => {
    const hidden = HIDDEN_TITLES.filter((title) => title !== 'Expired React Lead').map((title) => fixture.ids[title]);
    for (const id of [...hidden, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const { body } = await h.call(JOB_AD, { id });
      expect(body.errors).toBeUndefined();
      expect(body.data?.jobAd).toBeNull();
    }
  });

  it('suggests open titles by prefix and despite typos, nothing for an empty text', async () => {
    const suggest = async (q: string, limit?: number) => (await h.call(SUGGESTIONS, { q, limit })).body.data?.jobAdSuggestions;
    expect(await suggest('devloper')).toEqual([{ id: fixture.ids['React Developer'], title: 'React Developer' }]);
    expect(await suggest('eng', 1)).toHaveLength(1);
    h.statements.length = 0;
    expect(await suggest('  ')).toEqual([]);
    expect(h.statements).toEqual([]);
  });

  it('refuses bad input with BAD_USER_INPUT and a code per field, with the values its words name', async () => {
    const t = getTranslator(['common', 'jobs']);
    type FieldError = { field: string; code: string; params?: Record<string, string | number>; message: string };
    /** The field errors as codes, once each message is checked to be the locale text of its code. */
    const codesOf = (fieldErrors: unknown) =>
      (fieldErrors as FieldError[]).map(({ message, ...error }) => {
        expect(message, error.field).toBe(t(`jobs:search.errors.${error.code}`, error.params ?? {}));
        return error;
      });
    const refused = async (search: Record<string, unknown>) => {
      const { status, body } = await h.call(JOB_ADS, { search });
      expect(status).toBe(400);
      expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      return codesOf(body.errors?.[0]?.extensions?.fieldErrors);
    };
    expect(await refused({ perPage: 500 })).toEqual([{ field: 'search.perPage', code: 'perPageOutOfRange', params: { max: 50 } }]);
    expect(await refused({ sortBy: 'salary:desc' })).toEqual([
      { field: 'search.sortBy', code: 'valueUnknown', params: { value: 'salary:desc', allowed: '_text_match:desc, publishedAt:desc, publishedAt:asc' } },
    ]);
    expect(await refused({ page: 0, employmentType: ['intern'] })).toEqual([
      { field: 'search.employmentType', code: 'valueUnknown', params: { value: 'intern', allowed: 'freelancer, employee' } },
      { field: 'search.page', code: 'pageInvalid' },
    ]);
    expect(await refused({ salaryMin: '-1.00' })).toEqual([{ field: 'search.salaryMin', code: 'amountFormat' }]);
    expect(await refused({ q: 'x'.repeat(201) })).toEqual([{ field: 'search.q', code: 'tooLong', params: { max: 200 } }]);
    const limit = await h.call(SUGGESTIONS, { q: 'react', limit: 500 });
    expect(limit.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(codesOf(limit.body.errors?.[0]?.extensions?.fieldErrors)).toEqual([{ field: 'limit', code: 'limitOutOfRange', params: { max: 20 } }]);
    const long = await h.call(SUGGESTIONS, { q: 'x'.repeat(201) });
    expect(codesOf(long.body.errors?.[0]?.extensions?.fieldErrors)).toEqual([{ field: 'q', code: 'tooLong', params: { max: 200 } }]);
  });
});
