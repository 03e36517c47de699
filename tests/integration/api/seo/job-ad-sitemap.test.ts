import { afterAll, beforeAll, expect, it } from 'vitest';
import { getTranslator } from '../../../../src/lib/i18n/i18n';
import { company, jobAd } from '../../../../src/server/db/schema';
import { startApiHarness, type ApiHarness } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';

const t = getTranslator();

const SITEMAP = 'query($chunk: Int!) { jobAdSitemap(chunk: $chunk) { total chunkCount chunkSize entries { id title lastModified } } }';
const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase('jobAdSitemap (crawlers)', (kind) => {
  let h: ApiHarness;
  const titles = new Map<string, string>();
  beforeAll(async () => {
    h = await startApiHarness(kind);
    const db = h.database.db;
    const [verified, pending] = await db
      .insert(company)
      .values([
        { name: 'Verified Ltd', verificationStatus: 'verified' },
        { name: 'Pending Ltd', verificationStatus: 'pending' },
      ])
      .returning();
    const now = Date.now();
    const rows = await db
      .insert(jobAd)
      .values([
        { title: 'Open', publisherCompanyId: verified!.id, publishedAt: new Date(now - DAY), publishedUntil: new Date(now + DAY) },
        { title: 'Open anonymous', publisherCompanyId: verified!.id, publishedAt: new Date(now - DAY), isAnonymous: true },
        { title: 'Closed', publisherCompanyId: verified!.id, publishedAt: new Date(now - 3 * DAY), publishedUntil: new Date(now - DAY) },
        { title: 'Draft', publisherCompanyId: verified!.id },
        { title: 'Deleted', publisherCompanyId: verified!.id, publishedAt: new Date(now - DAY), deletedAt: new Date() },
        { title: 'Unverified publisher', publisherCompanyId: pending!.id, publishedAt: new Date(now - DAY) },
      ])
      .returning();
    for (const row of rows) titles.set(row.id, row.title);
  });
  afterAll(() => h.close());

  it('lists exactly the open ads, to guests, in a stable order', async () => {
    const { status, body } = await h.call(SITEMAP, { variables: { chunk: 1 } });
    expect(status).toBe(200);
    const sitemap = body.data?.jobAdSitemap as { total: number; chunkCount: number; entries: Array<{ id: string; title: string; lastModified: string }> };
    expect(sitemap.entries.map((entry) => titles.get(entry.id)).sort()).toEqual(['Open', 'Open anonymous']);
    // The title gives each entry's page address its readable part.
    for (const entry of sitemap.entries) expect(entry.title).toBe(titles.get(entry.id));
    expect([sitemap.total, sitemap.chunkCount]).toEqual([2, 1]);
    const ids = sitemap.entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort());
  });

  it('answers an empty chunk past the end and refuses chunk 0', async () => {
    const past = await h.call(SITEMAP, { variables: { chunk: 2 } });
    expect((past.body.data?.jobAdSitemap as { entries: unknown[] }).entries).toEqual([]);
    const zero = await h.call(SITEMAP, { variables: { chunk: 0 } });
    expect(zero.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    // The code and its values, worded from the locale files.
    expect(zero.body.errors?.[0]?.extensions?.fieldErrors).toEqual([{ field: 'chunk', code: 'chunkOutOfRange', params: { min: 1 }, message: t('jobs:sitemap.errors.chunkOutOfRange', { min: 1 }) }]);
  });
});
