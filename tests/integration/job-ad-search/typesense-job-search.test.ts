import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { defaultJobSearchParams, type JobSearchParams } from '../../../src/lib/job-ads/search-params';
import { ConfigError } from '../../../src/server/config';
import type { Database } from '../../../src/server/db/client';
import { createJobSearch } from '../../../src/server/job-ad-search/create-job-search';
import type { JobSearch } from '../../../src/server/job-ad-search/job-search';
import { createPostgresJobSearch } from '../../../src/server/job-ad-search/postgres-job-search';
import { readTypesenseConfig } from '../../../src/server/job-ad-search/typesense-config';
import { createTypesenseJobSearch } from '../../../src/server/job-ad-search/typesense-job-search';
import { startTypesenseStub, type TypesenseStub } from '../../support/typesense-stub';
import { describeEachDatabase, openTestDatabase } from '../../support/test-database';
import { insertJobAdFixture, OPEN_NEWEST_FIRST, type JobAdFixture } from './job-ad-fixture';
import { startSearchApi } from './search-api';

const SEARCH_KEY = 'search-only-key';
/** The spec's five fields, the title and the description with their stemmed twins (STEMMED_FIELDS) beside them. */
const ALL_FIELDS = 'title,title_en,title_fr,skills,description,description_en,description_fr,location,employmentType';
const SEARCH_PATH = '/collections/jobAdPublic/documents/search';

describeEachDatabase('Typesense job search', (kind) => {
  let database: Database;
  let fixture: JobAdFixture;
  let stub: TypesenseStub;
  let postgres: JobSearch;
  let typesense: JobSearch;
  let warnings: string[];
  let clockMs: number;
  const now = new Date();
  const nowS = Math.floor(now.getTime() / 1000);
  const openFilter = `publishedAt:<=${nowS} && (isOpenUntil:=0 || isOpenUntil:>${nowS}) && companyVerified:=true`;
  const params = (overrides: Partial<JobSearchParams>): JobSearchParams => ({ ...defaultJobSearchParams(), ...overrides });

  beforeAll(async () => {
    [database, stub] = await Promise.all([openTestDatabase(kind), startTypesenseStub()]);
    fixture = await insertJobAdFixture(database.db, now);
    postgres = createPostgresJobSearch(database.db);
  });
  afterAll(async () => {
    await Promise.all([database?.close(), stub?.stop()]);
  });
  beforeEach(() => {
    stub.reset();
    warnings = [];
    clockMs = 0;
    typesense = createTypesenseJobSearch({ host: stub.url, searchKey: SEARCH_KEY, fallback: postgres, log: (message) => warnings.push(message), clock: () => clockMs });
  });

  it('sends a text search as the spec call: path, q, query_by, sort_by, page, per_page and the search key', async () => {
    stub.searchResult = { hits: [{ id: fixture.ids['React Developer']! }, { id: fixture.ids['Frontend Engineer']! }], found: 7 };
    const result = await typesense.search(params({ q: 'react', sortBy: 'relevance' }), now);
    expect(result).toEqual({ ids: [fixture.ids['React Developer'], fixture.ids['Frontend Engineer']], total: 7, totalIsExact: true });
    expect(stub.requests).toHaveLength(1);
    const [request] = stub.requests;
    expect(request).toMatchObject({ method: 'GET', path: SEARCH_PATH, body: '' });
    expect(request!.query).toEqual({
      q: 'react',
      query_by: ALL_FIELDS,
      sort_by: '_text_match:desc,publishedAt:desc',
      filter_by: openFilter,
      include_fields: 'id',
      page: '1',
      per_page: '20',
    });
    expect(request!.headers['x-typesense-api-key']).toBe(SEARCH_KEY);
    expect(warnings).toEqual([]);
  });

  it('lists without a text search (q=*), newest first, and translates filters, fields, sort and page', async () => {
    await typesense.search(params({}), now);
    await typesense.search(
      params({ q: 'go', queryBy: ['title', 'skills'], sortBy: 'oldest', employmentType: ['freelancer'], workMode: ['remote', 'hybrid'], assignmentType: ['fulltime'], postedWithinDays: 7, page: 3, perPage: 5 }),
      now,
    );
    expect(stub.requests.map((request) => request.query)).toEqual([
      { q: '*', query_by: ALL_FIELDS, sort_by: 'publishedAt:desc', filter_by: openFilter, include_fields: 'id', page: '1', per_page: '20' },
      {
        q: 'go',
        query_by: 'title,title_en,title_fr,skills',
        sort_by: 'publishedAt:asc',
        filter_by: `${openFilter} && employmentType:=[freelancer] && workMode:=[remote,hybrid] && assignmentType:=[fulltime] && publishedAt:>=${nowS - 7 * 86_400}`,
        include_fields: 'id',
        page: '3',
        per_page: '5',
      },
    ]);
  });

  it('reads "developpeur" and "développeur" alike: the query is folded of its accents, as the French stemmed fields are', async () => {
    await typesense.search(params({ q: 'Développeur à Lyon', queryBy: ['title'] }), now);
    await typesense.suggest('Dévelop');
    expect(stub.requests.map((request) => [request.query.q, request.query.query_by])).toEqual([
      ['Developpeur a Lyon', 'title,title_en,title_fr'],
      ['Develop', ALL_FIELDS],
    ]);
  });

  it('leaves location and salary filters, which the document cannot express, to PostgreSQL', async () => {
    const byLocation = await typesense.search(params({ location: 'helsinki' }), now);
    const bySalary = await typesense.search(params({ salaryMin: '5000', currency: 'EUR' }), now);
    expect(stub.requests).toEqual([]);
    expect(byLocation.ids.map(fixture.titleOf)).toEqual(['Senior Accountant', 'React Developer']);
    expect(bySalary.ids.map(fixture.titleOf)).toEqual(['Frontend Engineer', 'Backend Engineer']);
    expect(warnings).toEqual([]);
  });

  it('answers from PostgreSQL when Typesense answers 503, warning at most once a minute', async () => {
    stub.failWith = 503;
    const listing = await typesense.search(params({}), now);
    expect(listing.ids.map(fixture.titleOf)).toEqual(OPEN_NEWEST_FIRST);
    expect(listing.total).toBe(6);
    clockMs = 59_000;
    expect((await typesense.search(params({ q: 'react', sortBy: 'relevance' }), now)).ids.map(fixture.titleOf)).toEqual([
      'React Developer',
      'React developer',
      'Frontend Engineer',
      'Backend Engineer',
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('503');
    clockMs = 60_000;
    await typesense.search(params({}), now);
    expect(warnings).toHaveLength(2);
    expect(stub.requests).toHaveLength(3);
  });

  it('answers from PostgreSQL when Typesense is unreachable', async () => {
    const stopped = await startTypesenseStub();
    await stopped.stop();
    const offline = createTypesenseJobSearch({ host: stopped.url, searchKey: SEARCH_KEY, fallback: postgres, log: (message) => warnings.push(message) });
    expect((await offline.search(params({ q: 'analyst', sortBy: 'relevance' }), now)).ids.map(fixture.titleOf)).toEqual(['Data Analyst']);
    expect((await offline.suggest('devloper')).map((suggestion) => suggestion.title)).toEqual(['React Developer']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('unreachable');
  });

  it('also falls back on an answer that is not a Typesense search result', async () => {
    stub.failWith = 200;
    expect((await typesense.search(params({}), now)).total).toBe(6);
    expect(warnings).toHaveLength(1);
  });

  it('fetches suggestions with the spec call (all five fields, publishedAt:asc) and keeps distinct titles', async () => {
    stub.searchResult = {
      hits: [
        { id: 'a', title: 'React Developer' },
        { id: 'b', title: 'react developer' },
        { id: 'c', title: 'Frontend Engineer' },
        { id: 'd', title: 'Backend Engineer' },
      ],
    };
    expect(await typesense.suggest(' reac ', 2)).toEqual([
      { id: 'a', title: 'React Developer' },
      { id: 'c', title: 'Frontend Engineer' },
    ]);
    const [request] = stub.requests;
    expect(request).toMatchObject({ method: 'GET', path: SEARCH_PATH });
    expect(request!.headers['x-typesense-api-key']).toBe(SEARCH_KEY);
    expect(request!.query).toEqual({
      q: 'reac',
      query_by: ALL_FIELDS,
      sort_by: 'publishedAt:asc',
      filter_by: expect.stringMatching(/^publishedAt:<=\d+ && \(isOpenUntil:=0 \|\| isOpenUntil:>\d+\) && companyVerified:=true$/),
      include_fields: 'id,title',
      per_page: '6',
    });
    expect(await typesense.suggest('   ')).toEqual([]);
    expect(stub.requests).toHaveLength(1);
  });

  it('serves the API: ids from Typesense, rows from the database, stale hits dropped', async () => {
    stub.searchResult = { hits: [{ id: fixture.ids['Data Analyst']! }, { id: fixture.ids['Expired React Lead']! }, { id: fixture.ids['React Developer']! }], found: 3 };
    const h = startSearchApi(database, {
      jobSearch: (db) => createTypesenseJobSearch({ host: stub.url, searchKey: SEARCH_KEY, fallback: createPostgresJobSearch(db), log: (message) => warnings.push(message) }),
    });
    const { body } = await h.call('{ jobAds(search: { q: "data" }) { total items { title company { name } } } }');
    expect(body.data?.jobAds).toEqual({
      total: 3,
      items: [
        { title: 'Data Analyst', company: null },
        { title: 'React Developer', company: { name: 'Nordic Apps' } },
      ],
    });
    expect(h.statements).toHaveLength(1);
  });

  it('is chosen by configuration: Typesense with TYPESENSE_HOST, else PostgreSQL', async () => {
    const log = (message: string) => warnings.push(message);
    const withoutHost = createJobSearch({ db: database.db, env: {}, log });
    expect((await withoutHost.search(params({}), now)).total).toBe(6);
    expect(stub.requests).toEqual([]);

    const withHost = createJobSearch({ db: database.db, env: { TYPESENSE_HOST: `${stub.url}/`, TYPESENSE_API_KEY: 'admin', TYPESENSE_SEARCH_KEY: SEARCH_KEY }, log });
    await withHost.search(params({ q: 'react' }), now);
    expect(stub.requests.map((request) => [request.path, request.headers['x-typesense-api-key']])).toEqual([[SEARCH_PATH, SEARCH_KEY]]);

    expect(() => createJobSearch({ db: database.db, env: { TYPESENSE_HOST: stub.url }, log })).toThrow(ConfigError);
    expect(() => createJobSearch({ db: database.db, env: { TYPESENSE_HOST: 'localhost:8108', TYPESENSE_API_KEY: 'admin' }, log })).toThrow(/TYPESENSE_HOST must be an http or https URL/);
    expect(readTypesenseConfig({ TYPESENSE_HOST: 'https://ts.example/', TYPESENSE_API_KEY: 'admin' })).toEqual({ host: 'https://ts.example', apiKey: 'admin', searchKey: 'admin' });
    expect(readTypesenseConfig({ TYPESENSE_HOST: ' ' })).toBeNull();
  });
});
