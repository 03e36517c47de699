import { afterAll, beforeAll, expect, it } from 'vitest';
import { ASSIGNMENT_TYPES, EMPLOYMENT_TYPES, RATE_UNITS, WORK_MODES } from '../../../src/lib/job-ads/job-enums';
import { defaultJobSearchParams, type JobSearchParams } from '../../../src/lib/job-ads/search-params';
import type { Database } from '../../../src/server/db/client';
import { assignmentType, employmentType, jobAd, rateUnit, workMode } from '../../../src/server/db/schema';
import type { JobSearch } from '../../../src/server/job-ad-search/job-search';
import { createPostgresJobSearch } from '../../../src/server/job-ad-search/postgres-job-search';
import { describeEachDatabase, openTestDatabase } from '../../support/test-database';
import { HIDDEN_TITLES, insertJobAdFixture, OPEN_NEWEST_FIRST, type JobAdFixture } from './job-ad-fixture';

describeEachDatabase('PostgreSQL job search', (kind) => {
  let database: Database;
  let fixture: JobAdFixture;
  let jobSearch: JobSearch;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    fixture = await insertJobAdFixture(database.db);
    jobSearch = createPostgresJobSearch(database.db);
  });
  afterAll(() => database?.close());

  async function titles(overrides: Partial<JobSearchParams>): Promise<string[]> {
    const result = await jobSearch.search({ ...defaultJobSearchParams(), sortBy: overrides.q ? 'relevance' : 'newest', ...overrides });
    return result.ids.map(fixture.titleOf);
  }

  it('keeps the filter enumerations equal to the database enums', () => {
    expect([EMPLOYMENT_TYPES, WORK_MODES, ASSIGNMENT_TYPES, RATE_UNITS]).toEqual([
      employmentType.enumValues,
      workMode.enumValues,
      assignmentType.enumValues,
      rateUnit.enumValues,
    ]);
  });

  it('lists the newest open ads for an empty query, and only open ones', async () => {
    const result = await jobSearch.search(defaultJobSearchParams());
    expect(result.ids.map(fixture.titleOf)).toEqual(OPEN_NEWEST_FIRST);
    expect(result.total).toBe(OPEN_NEWEST_FIRST.length);
  });

  it('ranks a title match above a skill match above a description match, ties newest first', async () => {
    expect(await titles({ q: 'react' })).toEqual(['React Developer', 'React developer', 'Frontend Engineer', 'Backend Engineer']);
  });

  it('never finds expired, scheduled, draft, deleted or unverified-company ads', async () => {
    const found = await titles({ q: 'react', perPage: 50 });
    for (const hidden of HIDDEN_TITLES) expect(found).not.toContain(hidden);
    expect(await titles({ q: 'lead architect intern tester guru ninja' })).toEqual([]);
  });

  it('searches only the query_by fields', async () => {
    expect(await titles({ q: 'react', queryBy: ['title'] })).toEqual(['React Developer', 'React developer']);
    expect(await titles({ q: 'react', queryBy: ['skills'] })).toEqual(['Frontend Engineer']);
    expect(await titles({ q: 'react', queryBy: ['description'] })).toEqual(['Backend Engineer']);
    expect(await titles({ q: 'helsinki', queryBy: ['location'] })).toEqual(['Senior Accountant', 'React Developer']);
    expect(await titles({ q: 'freelancer', queryBy: ['employmentType'] })).toEqual(['React Developer', 'Data Analyst']);
    // Location and employment type share a weight in search_vector; each is still searched on its own.
    expect(await titles({ q: 'freelancer', queryBy: ['location'] })).toEqual([]);
    expect(await titles({ q: 'helsinki', queryBy: ['employmentType', 'skills'] })).toEqual([]);
    expect(await titles({ q: 'react -go', queryBy: ['skills', 'description'] })).toEqual(['Frontend Engineer']);
  });

  it('matches a word prefix when no whole word matches: "reac" finds React', async () => {
    expect(await titles({ q: 'reac' })).toEqual(['React Developer', 'React developer', 'Frontend Engineer', 'Backend Engineer']);
    expect(await titles({ q: 'analy dash' })).toEqual(['Data Analyst']);
  });

  it('tolerates typos in titles: "devloper" finds Developer', async () => {
    expect(await titles({ q: 'devloper' })).toEqual(['React Developer', 'React developer']);
    expect(await titles({ q: 'acountant' })).toEqual(['Senior Accountant']);
    expect(await titles({ q: 'devloper', queryBy: ['skills', 'description'] })).toEqual([]);
  });

  it('treats tsquery syntax in the text as plain words', async () => {
    // Both words required: "react" and "go", as websearch_to_tsquery reads them.
    expect(await titles({ q: "react:* & !'go'" })).toEqual(['Backend Engineer']);
    expect(await titles({ q: "reac:* | ('" })).toEqual(['React Developer', 'React developer', 'Frontend Engineer', 'Backend Engineer']);
    expect(await titles({ q: '!!' })).toEqual([]);
  });

  it('filters by employment type, work mode and assignment type (any of the listed values)', async () => {
    expect(await titles({ employmentType: ['freelancer'] })).toEqual(['React Developer', 'Data Analyst']);
    expect(await titles({ workMode: ['hybrid', 'remote'] })).toEqual(['React Developer', 'Frontend Engineer', 'Data Analyst']);
    expect(await titles({ assignmentType: ['parttime'] })).toEqual(['Frontend Engineer']);
    expect(await titles({ q: 'engineer', employmentType: ['employee'], workMode: ['onsite'] })).toEqual(['Backend Engineer']);
  });

  it('filters by a part of the location, any case, with LIKE wildcards taken literally', async () => {
    expect(await titles({ location: 'helsinki' })).toEqual(['Senior Accountant', 'React Developer']);
    expect(await titles({ location: '(eu' })).toEqual(['Data Analyst']);
    expect(await titles({ location: '%' })).toEqual([]);
    expect(await titles({ location: '_' })).toEqual([]);
  });

  it('filters by salary range within a currency and rate unit', async () => {
    expect(await titles({ salaryMin: '5000', currency: 'EUR', salaryRateUnit: 'MONTH' })).toEqual(['Frontend Engineer', 'Backend Engineer']);
    expect(await titles({ salaryMin: '5000', salaryMax: '5500.00', currency: 'EUR', salaryRateUnit: 'MONTH' })).toEqual(['Frontend Engineer']);
    expect(await titles({ salaryMin: '5000', salaryMax: '5000' })).toEqual(['Senior Accountant', 'Frontend Engineer']);
    expect(await titles({ salaryMax: '100', salaryRateUnit: 'HOUR' })).toEqual(['React Developer']);
    expect(await titles({ currency: 'USD' })).toEqual(['Senior Accountant']);
  });

  it('filters by recency', async () => {
    expect(await titles({ postedWithinDays: 1 })).toEqual(['Senior Accountant']);
    expect(await titles({ postedWithinDays: 7 })).toEqual(['Senior Accountant', 'React Developer', 'Frontend Engineer']);
    expect(await titles({ postedWithinDays: 30 })).toEqual(OPEN_NEWEST_FIRST.slice(0, 5));
  });

  it('sorts newest or oldest first, with or without a query', async () => {
    expect(await titles({ sortBy: 'oldest' })).toEqual([...OPEN_NEWEST_FIRST].reverse());
    expect(await titles({ q: 'react', sortBy: 'oldest' })).toEqual(['React developer', 'Backend Engineer', 'Frontend Engineer', 'React Developer']);
    expect(await titles({ q: 'react', sortBy: 'newest' })).toEqual(['React Developer', 'Frontend Engineer', 'Backend Engineer', 'React developer']);
  });

  it('pages the results and reports the total, also past the last page', async () => {
    const page = (page: number) => jobSearch.search({ ...defaultJobSearchParams(), perPage: 4, page });
    const first = await page(1);
    const second = await page(2);
    const beyond = await page(3);
    expect(first.ids.map(fixture.titleOf)).toEqual(OPEN_NEWEST_FIRST.slice(0, 4));
    expect(second.ids.map(fixture.titleOf)).toEqual(OPEN_NEWEST_FIRST.slice(4));
    expect([first.total, second.total, beyond.total]).toEqual([6, 6, 6]);
    expect(beyond.ids).toEqual([]);
    const textBeyond = await jobSearch.search({ ...defaultJobSearchParams(), q: 'engineer', sortBy: 'relevance', perPage: 1, page: 5 });
    expect(textBeyond).toEqual({ ids: [], total: 2, totalIsExact: true });
  });

  it('stops counting at the cap: the total is then a lower bound, and no page starts past it', async () => {
    const capped = createPostgresJobSearch(database.db, { countCap: 3 });
    const page = async (overrides: Partial<JobSearchParams>) => {
      const result = await capped.search({ ...defaultJobSearchParams(), perPage: 2, ...overrides });
      return { titles: result.ids.map(fixture.titleOf), total: result.total, totalIsExact: result.totalIsExact };
    };
    expect(await page({})).toEqual({ titles: OPEN_NEWEST_FIRST.slice(0, 2), total: 3, totalIsExact: false });
    // The second page ends at the cap (third ad), the third would start past it.
    expect(await page({ page: 2 })).toEqual({ titles: OPEN_NEWEST_FIRST.slice(2, 3), total: 3, totalIsExact: false });
    expect(await page({ page: 3 })).toEqual({ titles: [], total: 3, totalIsExact: false });
    // Four ads match "react", two "engineer": capped, and exact under the cap.
    expect(await page({ q: 'react', sortBy: 'relevance' })).toMatchObject({ total: 3, totalIsExact: false });
    expect(await page({ q: 'engineer', sortBy: 'relevance' })).toMatchObject({ total: 2, totalIsExact: true });
    // The fallback tiers are capped alike: "reac" finds the four by prefix.
    expect(await page({ q: 'reac', sortBy: 'relevance' })).toMatchObject({ total: 3, totalIsExact: false });
    expect(await createPostgresJobSearch(database.db, { countCap: 4 }).search({ ...defaultJobSearchParams(), q: 'react' })).toMatchObject({ total: 4, totalIsExact: true });
  });

  it('ranks only the newest matches of the rank window, then the rest newest first', async () => {
    const windowed = createPostgresJobSearch(database.db, { rankWindow: 2 });
    const ranked = await windowed.search({ ...defaultJobSearchParams(), q: 'react', sortBy: 'relevance' });
    // The two newest matches are React Developer (title) and Frontend Engineer (skill):
    // ranked among themselves, then Backend Engineer and React developer by date.
    expect(ranked.ids.map(fixture.titleOf)).toEqual(['React Developer', 'Frontend Engineer', 'Backend Engineer', 'React developer']);
    const secondPage = await windowed.search({ ...defaultJobSearchParams(), q: 'react', sortBy: 'relevance', perPage: 3, page: 2 });
    expect(secondPage.ids.map(fixture.titleOf)).toEqual(['React developer']);
  });

  it('answers as of the given time', async () => {
    const later = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    const result = await jobSearch.search({ ...defaultJobSearchParams(), q: 'react architect' }, later);
    expect(result.ids.map(fixture.titleOf)).toEqual(['Future React Architect']);
  });

  it('suggests distinct open titles by prefix and despite typos', async () => {
    const suggested = async (q: string, limit?: number) => (await jobSearch.suggest(q, limit)).map((suggestion) => suggestion.title);
    expect(await suggested('eng')).toEqual(['Backend Engineer', 'Frontend Engineer']);
    expect(await suggested('react')).toHaveLength(1);
    expect((await suggested('react'))[0]?.toLowerCase()).toBe('react developer');
    expect(await suggested('devloper')).toEqual(['React Developer']);
    expect(await suggested('e', 1)).toHaveLength(1);
    expect(await suggested('')).toEqual([]);
    expect(await suggested('  -- ')).toEqual([]);
    const suggestion = (await jobSearch.suggest('analyst'))[0];
    expect(suggestion).toEqual({ id: fixture.ids['Data Analyst'], title: 'Data Analyst' });
  });

  // Last: it adds an ad the tests above do not expect.
  it('folds accents in both directions (the search accent folding rule): "developpeur" finds "Développeur"', async () => {
    const [french] = await database.db
      .insert(jobAd)
      .values({ title: 'Développeur Full Stack', description: 'Une équipe à Lyon.', publisherCompanyId: fixture.companies.nordic, publishedAt: new Date(Date.now() - 60_000) })
      .returning({ id: jobAd.id });
    const found = async (q: string) => (await jobSearch.search({ ...defaultJobSearchParams(), q, sortBy: 'relevance' })).ids;
    expect(await found('developpeur')).toEqual([french!.id]);
    expect(await found('DÉVELOPPEUR')).toEqual([french!.id]);
    expect(await found('equipe lyon')).toEqual([french!.id]);
    expect(await found('developpeur equipe')).toEqual([french!.id]);
    // A prefix with an accent finds the word written without, and the reverse ("développ"
    // is no word, stemmed or not: the prefix tier answers it).
    expect(await found('développ')).toEqual([french!.id]);
    expect(await found('equip')).toEqual([french!.id]);
    // The prefix tier first; typo matches ("React Developer") may follow it.
    expect((await jobSearch.suggest('developp'))[0]?.title).toBe('Développeur Full Stack');
    expect((await jobSearch.suggest('dévelop')).map((suggestion) => suggestion.title)).toContain('Développeur Full Stack');
  });

  // Last too: it adds ads in three languages.
  it('stems an ad\'s title and description in the ad\'s language (the search stemming rule)', async () => {
    const minuteAgo = new Date(Date.now() - 60_000);
    const ad = async (values: { title: string; description: string; language: string | null }) => {
      const [row] = await database.db
        .insert(jobAd)
        .values({ ...values, publisherCompanyId: fixture.companies.nordic, publishedAt: minuteAgo })
        .returning({ id: jobAd.id });
      return row!.id;
    };
    const french = await ad({ title: 'Commerciaux terrain', description: 'Nos équipes vendent.', language: 'fr' });
    const english = await ad({ title: 'Account Managers', description: 'Managing key accounts with the sales team.', language: 'en' });
    const unstated = await ad({ title: 'IT Support Technicians', description: 'Supporting offices.', language: null });
    const german = await ad({ title: 'Softwareentwickler', description: 'Für unsere Teams.', language: 'de' });
    const found = async (q: string) => (await jobSearch.search({ ...defaultJobSearchParams(), q, perPage: 50 })).ids;
    // French rules for a French ad: "commerciaux" is the plural of "commercial".
    expect(await found('commercial')).toEqual([french]);
    expect(await found('equipe')).toContain(french);
    // English rules for an English ad, and for one that names no language (the spec's).
    expect(await found('manager')).toEqual([english]);
    expect(await found('management account')).toEqual([english]);
    expect(await found('technician support')).toEqual([unstated]);
    // No stop word is dropped: "IT" is a word of the title, not a pronoun.
    expect(await found('it')).toEqual([unstated]);
    // A language without stemming keeps its words as written, folded: "Teams" is no "team".
    expect(await found('teams')).toContain(german);
    // (The English ad's "team" answers "team", so the prefix tier, which would take "teams", stays shut.)
    expect(await found('team')).toContain(english);
    expect(await found('team')).not.toContain(german);
    // A title match still ranks above a description match.
    const ranked = await jobSearch.search({ ...defaultJobSearchParams(), q: 'managing', sortBy: 'relevance', perPage: 50 });
    expect(ranked.ids[0]).toBe(english);
  });
});
