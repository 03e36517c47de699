import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { jobAd } from '../../../src/server/db/schema';
import { JOB_AD_COLLECTION_SCHEMA, STEMMED_FIELDS, toSearchDocument, type JobAdSearchDocument } from '../../../src/server/job-ad-search/typesense-document';
import { createTypesenseIndexer, type TypesenseIndexer } from '../../../src/server/job-ad-search/typesense-indexer';
import { startTypesenseStub, type TypesenseStub } from '../../support/typesense-stub';
import { describeEachDatabase, openTestDatabase } from '../../support/test-database';
import { insertJobAdFixture, OPEN_NEWEST_FIRST, type JobAdFixture } from './job-ad-fixture';

const ADMIN_KEY = 'admin-key';
const DOCUMENTS = '/collections/jobAdPublic/documents';

describeEachDatabase('Typesense indexer', (kind) => {
  let database: Database;
  let fixture: JobAdFixture;
  let stub: TypesenseStub;
  let indexer: TypesenseIndexer;
  const now = new Date();
  const unix = (date: Date) => Math.floor(date.getTime() / 1000);

  beforeAll(async () => {
    [database, stub] = await Promise.all([openTestDatabase(kind), startTypesenseStub()]);
    fixture = await insertJobAdFixture(database.db, now);
    indexer = createTypesenseIndexer({ host: stub.url, apiKey: ADMIN_KEY });
  });
  afterAll(async () => {
    await Promise.all([database?.close(), stub?.stop()]);
  });
  beforeEach(() => stub.reset());

  it('creates the collection with the admin key, and accepts one that exists (409)', async () => {
    expect(await indexer.ensureCollection()).toBe('created');
    expect(await indexer.ensureCollection()).toBe('exists');
    const [create] = stub.requests;
    expect(create).toMatchObject({ method: 'POST', path: '/collections', query: {} });
    expect(create!.headers['x-typesense-api-key']).toBe(ADMIN_KEY);
    expect(JSON.parse(create!.body)).toEqual(JOB_AD_COLLECTION_SCHEMA);
    expect(JOB_AD_COLLECTION_SCHEMA.fields.map((field) => field.name)).toEqual(
      expect.arrayContaining(['title', 'skills', 'description', 'location', 'employmentType', 'publishedAt']),
    );
  });

  it("adds the stemmed fields to an earlier release's collection, once, for the reindex to fill", async () => {
    stub.collectionExists = true;
    stub.collectionFields = JOB_AD_COLLECTION_SCHEMA.fields.filter((field) => !STEMMED_FIELDS.some((stemmed) => stemmed.name === field.name));
    expect(await indexer.ensureCollection()).toBe('updated');
    const patch = stub.requests.find((request) => request.method === 'PATCH');
    expect(patch).toMatchObject({ path: '/collections/jobAdPublic' });
    expect(patch!.headers['x-typesense-api-key']).toBe(ADMIN_KEY);
    expect(JSON.parse(patch!.body)).toEqual({
      fields: [
        { name: 'title_en', type: 'string', optional: true, locale: 'en', stem: true },
        { name: 'description_en', type: 'string', optional: true, locale: 'en', stem: true },
        { name: 'title_fr', type: 'string', optional: true, locale: 'fr', stem: true },
        { name: 'description_fr', type: 'string', optional: true, locale: 'fr', stem: true },
      ],
    });
    expect(await indexer.ensureCollection()).toBe('exists');
    expect(stub.requests.filter((request) => request.method === 'PATCH')).toHaveLength(1);
  });

  it("stems an ad's title and description in its language only: French folded of its accents, English (or none) as written, another language not at all", () => {
    const row = { id: 'ad', title: 'Développeur Go', skills: ['Go'], description: 'Équipe à Lyon', adDescription: null, location: null, employmentType: null, workMode: null, assignmentType: null, publishedAt: now, publishedUntil: null, companyVerificationStatus: 'verified' };
    const french = toSearchDocument({ ...row, language: 'fr' });
    expect(french).toMatchObject({ title: 'Développeur Go', title_fr: 'Developpeur Go', description_fr: 'Equipe a Lyon' });
    expect(french).not.toHaveProperty('title_en');
    expect(toSearchDocument({ ...row, language: null })).toMatchObject({ title_en: 'Développeur Go', description_en: 'Équipe à Lyon' });
    const german = toSearchDocument({ ...row, language: 'de' });
    expect(Object.keys(german).filter((key) => /_(en|fr)$/.test(key))).toEqual([]);
  });

  it('upserts and removes a document by id with the admin key', async () => {
    const document: JobAdSearchDocument = { id: 'ad-1', title: 'Go Developer', skills: ['Go'], description: '', publishedAt: 1, isOpenUntil: 0, companyVerified: true };
    await indexer.upsert(document);
    await indexer.remove('ad-1');
    await indexer.remove('ad-1');
    expect(stub.requests.map(({ method, path, query, headers }) => [method, path, query, headers['x-typesense-api-key']])).toEqual([
      ['POST', DOCUMENTS, { action: 'upsert' }, ADMIN_KEY],
      ['DELETE', `${DOCUMENTS}/ad-1`, {}, ADMIN_KEY],
      ['DELETE', `${DOCUMENTS}/ad-1`, {}, ADMIN_KEY],
    ]);
    expect(JSON.parse(stub.requests[0]!.body)).toEqual(document);
  });

  it('syncs an ad after a write: the search document while open, a removal once expired', async () => {
    expect(await indexer.sync(database.db, fixture.ids['React Developer']!, now)).toBe('upserted');
    expect(await indexer.sync(database.db, fixture.ids['Expired React Lead']!, now)).toBe('removed');
    expect(await indexer.sync(database.db, fixture.ids['Unverified React Guru']!, now)).toBe('removed');
    const [ad] = await database.db.select().from(jobAd).where(eq(jobAd.id, fixture.ids['React Developer']!));
    expect(JSON.parse(stub.requests[0]!.body)).toEqual({
      id: ad!.id,
      title: 'React Developer',
      skills: ['TypeScript'],
      description: 'Build our web shop.',
      location: 'Helsinki, Finland',
      employmentType: 'freelancer',
      workMode: 'remote',
      assignmentType: 'fulltime',
      publishedAt: unix(ad!.publishedAt!),
      isOpenUntil: unix(ad!.publishedUntil!),
      companyVerified: true,
      // An ad without a language is read as English, as PostgreSQL reads it.
      title_en: 'React Developer',
      description_en: 'Build our web shop.',
    });
    expect(stub.requests.slice(1).map((request) => [request.method, request.path])).toEqual([
      ['DELETE', `${DOCUMENTS}/${fixture.ids['Expired React Lead']}`],
      ['DELETE', `${DOCUMENTS}/${fixture.ids['Unverified React Guru']}`],
    ]);
  });

  it('fails loudly when Typesense refuses a write', async () => {
    stub.failWith = 503;
    await expect(indexer.upsert({ id: 'x', title: 'x', skills: [], description: '', publishedAt: 0, isOpenUntil: 0, companyVerified: true })).rejects.toThrow(/503/);
    await expect(indexer.reindexAll(database.db)).rejects.toThrow(/503/);
  });

  it('reindexes every open or scheduled ad as JSONL, reporting progress', async () => {
    const progress: Array<[number, number]> = [];
    const summary = await indexer.reindexAll(database.db, (done, total) => progress.push([done, total]), now);
    const imports = stub.requests.filter((request) => request.path === `${DOCUMENTS}/import`);
    expect(imports).toHaveLength(1);
    expect(imports[0]).toMatchObject({ method: 'POST', query: { action: 'upsert' } });
    expect(imports[0]!.headers['x-typesense-api-key']).toBe(ADMIN_KEY);
    expect(imports[0]!.headers['content-type']).toBe('text/plain');
    const titles = imports[0]!.body.split('\n').map((line) => (JSON.parse(line) as JobAdSearchDocument).title);
    expect(titles.sort()).toEqual([...OPEN_NEWEST_FIRST, 'Future React Architect'].sort());
    expect(summary).toEqual({ indexed: 7, total: 7 });
    expect(progress).toEqual([
      [0, 7],
      [7, 7],
    ]);
  });

  it('imports in batches of 500', async () => {
    await database.db.insert(jobAd).values(
      Array.from({ length: 600 }, (_, index) => ({ title: `Bulk ad ${index}`, publisherCompanyId: fixture.companies.nordic, publishedAt: new Date(now.getTime() - 60_000) })),
    );
    const progress: Array<[number, number]> = [];
    await indexer.reindexAll(database.db, (done, total) => progress.push([done, total]), now);
    const imports = stub.requests.filter((request) => request.path === `${DOCUMENTS}/import`);
    expect(imports.map((request) => request.body.split('\n').length)).toEqual([500, 107]);
    expect(stub.documents.size).toBe(607);
    expect(progress).toEqual([
      [0, 607],
      [500, 607],
      [607, 607],
    ]);
  });
});
