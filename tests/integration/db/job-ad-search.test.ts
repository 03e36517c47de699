import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { company, jobAd } from '../../../src/server/db/schema';
import { describeEachDatabase, openTestDatabase } from '../../support/test-database';

describeEachDatabase('job ad search', (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const [publisher] = await database.db.insert(company).values({ name: 'Acme' }).returning({ id: company.id });
    const publisherCompanyId = publisher!.id;
    const publishedAt = new Date('2025-01-01T00:00:00Z');
    await database.db.insert(jobAd).values([
      { title: 'React Developer', description: 'Build our web shop.', publisherCompanyId, publishedAt },
      {
        title: 'Backend Engineer',
        description: 'Mostly Go, some React on the side.',
        publisherCompanyId,
        publishedAt,
      },
      {
        title: 'Frontend Engineer',
        skills: ['React', 'TypeScript'],
        skillsLowercase: ['react', 'typescript'],
        location: 'Helsinki',
        employmentType: 'freelancer',
        publisherCompanyId,
        publishedAt,
      },
      { title: 'Accountant', description: 'Numbers.', publisherCompanyId, publishedAt },
    ]);
  });
  afterAll(() => database?.close());

  async function search(query: string) {
    const tsQuery = sql`websearch_to_tsquery('simple', ${query})`;
    return database.db
      .select({ title: jobAd.title, rank: sql<number>`ts_rank(${jobAd.searchVector}, ${tsQuery})` })
      .from(jobAd)
      .where(sql`${jobAd.searchVector} @@ ${tsQuery}`)
      .orderBy(desc(sql`ts_rank(${jobAd.searchVector}, ${tsQuery})`), jobAd.title);
  }

  it('finds a skill in the skills array, whatever its case', async () => {
    const titles = (await search('react')).map((row) => row.title);
    expect(titles).toContain('Frontend Engineer');
    expect(titles).not.toContain('Accountant');
  });

  it('ranks a title match above a skill match above a description match', async () => {
    expect((await search('React')).map((row) => row.title)).toEqual([
      'React Developer',
      'Frontend Engineer',
      'Backend Engineer',
    ]);
  });

  it('indexes location and employment type', async () => {
    expect((await search('helsinki freelancer')).map((row) => row.title)).toEqual(['Frontend Engineer']);
  });

  it('follows edits: the search vector is generated from the row', async () => {
    await database.db.update(jobAd).set({ location: 'Tampere' }).where(sql`${jobAd.title} = 'Accountant'`);
    expect((await search('tampere')).map((row) => row.title)).toEqual(['Accountant']);
  });

  it('suggests titles despite a typo (pg_trgm): "devloper" finds "Developer"', async () => {
    const rows = await database.db
      .select({ title: jobAd.title })
      .from(jobAd)
      // `%` is similarity above pg_trgm.similarity_threshold (0.3) and can use the trigram index.
      .where(sql`lower(${jobAd.title}) % 'devloper'`)
      .orderBy(desc(sql`similarity(lower(${jobAd.title}), 'devloper')`));
    expect(rows.map((row) => row.title)).toEqual(['React Developer']);

    const similarity = await database.db.execute<{ score: number }>(
      sql`select similarity('devloper', 'developer') as score`,
    );
    expect(Number(similarity.rows[0]?.score)).toBeGreaterThan(0.3);
  });
});
