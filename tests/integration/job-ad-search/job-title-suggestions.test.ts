import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { company, jobAd, jobTitleSuggestion } from '../../../src/server/db/schema';
import type { JobSearch } from '../../../src/server/job-ad-search/job-search';
import { createPostgresJobSearch } from '../../../src/server/job-ad-search/postgres-job-search';
import { describeEachDatabase, openTestDatabase } from '../../support/test-database';
import { insertJobAdFixture, type JobAdFixture } from './job-ad-fixture';

const DAY_MS = 24 * 60 * 60 * 1000;

// job_title_suggestion is kept by triggers (migration 0001): these tests change job_ad and
// company the way the application does and read both the table and the suggestions.
describeEachDatabase('job title suggestions table', (kind) => {
  let database: Database;
  let fixture: JobAdFixture;
  let jobSearch: JobSearch;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    fixture = await insertJobAdFixture(database.db);
    jobSearch = createPostgresJobSearch(database.db);
  });
  afterAll(() => database?.close());

  const rows = async () =>
    Object.fromEntries(
      (await database.db.select({ key: jobTitleSuggestion.titleKey, count: jobTitleSuggestion.adCount }).from(jobTitleSuggestion)).map((row) => [row.key, row.count]),
    );
  const suggested = async (q: string) => await jobSearch.suggest(q);
  const addAd = async (title: string, overrides: Partial<typeof jobAd.$inferInsert> = {}) => {
    const [row] = await database.db
      .insert(jobAd)
      .values({ title, publisherCompanyId: fixture.companies.nordic, publishedAt: new Date(Date.now() - DAY_MS), ...overrides })
      .returning({ id: jobAd.id });
    return row!.id;
  };

  it('holds one row per title of the counted ads, case folded, none for drafts, deleted, expired or unverified ones', async () => {
    expect(await rows()).toEqual({
      'senior accountant': 1,
      'react developer': 2,
      'frontend engineer': 1,
      'backend engineer': 1,
      'data analyst': 1,
      // Scheduled: counted, but suggested only from its publication on (open_from).
      'future react architect': 1,
    });
    expect(await suggested('future')).toEqual([]);
  });

  it('follows inserts, title changes, closing and deletes of ads', async () => {
    const id = await addAd('Kotlin Wizard');
    expect(await suggested('kotl')).toEqual([{ id, title: 'Kotlin Wizard' }]);

    await database.db.update(jobAd).set({ title: 'Scala Wizard' }).where(eq(jobAd.id, id));
    expect(await suggested('kotl')).toEqual([]);
    expect(await suggested('scal')).toEqual([{ id, title: 'Scala Wizard' }]);
    expect(await rows()).not.toHaveProperty('kotlin wizard');

    // Closed by hand: a deadline in the past.
    await database.db.update(jobAd).set({ publishedUntil: new Date(Date.now() - 1000) }).where(eq(jobAd.id, id));
    expect(await suggested('scal')).toEqual([]);
    expect(await rows()).not.toHaveProperty('scala wizard');

    // Reopened, then soft-deleted, then back and hard-deleted.
    await database.db.update(jobAd).set({ publishedUntil: null }).where(eq(jobAd.id, id));
    expect(await suggested('scal')).toEqual([{ id, title: 'Scala Wizard' }]);
    await database.db.update(jobAd).set({ deletedAt: new Date() }).where(eq(jobAd.id, id));
    expect(await suggested('scal')).toEqual([]);
    await database.db.update(jobAd).set({ deletedAt: null }).where(eq(jobAd.id, id));
    expect((await rows())['scala wizard']).toBe(1);
    await database.db.delete(jobAd).where(eq(jobAd.id, id));
    expect(await suggested('scal')).toEqual([]);
    expect(await rows()).not.toHaveProperty('scala wizard');
  });

  it('keeps a title while another ad has it, shown as its newest open ad', async () => {
    expect(await suggested('react dev')).toEqual([{ id: fixture.ids['React Developer'], title: 'React Developer' }]);
    await database.db.update(jobAd).set({ deletedAt: new Date() }).where(eq(jobAd.id, fixture.ids['React Developer']!));
    expect(await suggested('react dev')).toEqual([{ id: fixture.ids['React developer'], title: 'React developer' }]);
    expect((await rows())['react developer']).toBe(1);
    await database.db.update(jobAd).set({ deletedAt: null }).where(eq(jobAd.id, fixture.ids['React Developer']!));
    expect((await rows())['react developer']).toBe(2);
  });

  it('follows the verification of the publishing company', async () => {
    await database.db.update(company).set({ verificationStatus: 'pending' }).where(eq(company.id, fixture.companies.baltic));
    expect((await rows())['react developer']).toBe(1);
    await database.db.update(company).set({ verificationStatus: 'verified' }).where(eq(company.id, fixture.companies.pending));
    expect(await suggested('guru')).toEqual([{ id: fixture.ids['Unverified React Guru'], title: 'Unverified React Guru' }]);
    await database.db.update(company).set({ verificationStatus: 'pending' }).where(eq(company.id, fixture.companies.pending));
    await database.db.update(company).set({ verificationStatus: 'verified' }).where(eq(company.id, fixture.companies.baltic));
    expect(await suggested('guru')).toEqual([]);
    expect((await rows())['react developer']).toBe(2);
  });

  it('drops a title once its ads pass their deadline, with no write in between', async () => {
    const soon = new Date(Date.now() + 1500);
    const lasting = await addAd('Rust Smith', { publishedAt: new Date(Date.now() - 2 * DAY_MS) });
    const closing = await addAd('Rust Smith', { publishedUntil: soon });
    const alone = await addAd('Elixir Alchemist', { publishedUntil: soon });
    expect(await suggested('rust')).toEqual([{ id: closing, title: 'Rust Smith' }]);
    expect(await suggested('elixir')).toEqual([{ id: alone, title: 'Elixir Alchemist' }]);
    await new Promise((resolve) => setTimeout(resolve, soon.getTime() - Date.now() + 100));
    // The rows are still there (nothing was written), the expired ads are not suggested.
    expect(await rows()).toMatchObject({ 'rust smith': 2, 'elixir alchemist': 1 });
    expect(await suggested('elixir')).toEqual([]);
    expect(await suggested('rust')).toEqual([{ id: lasting, title: 'Rust Smith' }]);
  });

  it('counts a statement of many ads at once', async () => {
    await database.db.insert(jobAd).values(
      Array.from({ length: 30 }, (_, index) => ({
        title: index % 3 === 0 ? 'Bulk Tester' : 'Bulk Builder',
        publisherCompanyId: index % 2 === 0 ? fixture.companies.nordic : fixture.companies.pending,
        publishedAt: new Date(Date.now() - DAY_MS),
      })),
    );
    // Half are from the unverified company: 5 of 10 testers, 10 of 20 builders count.
    expect(await rows()).toMatchObject({ 'bulk tester': 5, 'bulk builder': 10 });
    await database.db.execute(sql`delete from job_ad where title like 'Bulk %' and publisher_company_id = ${fixture.companies.nordic}`);
    expect(await rows()).not.toHaveProperty('bulk tester');
    expect(await rows()).not.toHaveProperty('bulk builder');
  });
});
