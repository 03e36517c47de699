import { afterAll, beforeAll, expect, it } from 'vitest';
import { company, jobAd } from '../../../../src/server/db/schema';
import { startApiHarness, type ApiHarness } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';

const GONE = 'query($id: ID!) { jobAdGone(id: $id) }';
const DAY = 24 * 60 * 60 * 1000;

// The job page answers 410 for an ad that existed but is no longer public, 404 for an id
// that never was an ad: this public query tells the two apart.
describeEachDatabase('jobAdGone', (kind) => {
  let h: ApiHarness;
  const ids = new Map<string, string>();
  beforeAll(async () => {
    h = await startApiHarness(kind);
    const db = h.database.db;
    const [verified, pending] = await db
      .insert(company)
      .values([
        { name: 'Verified', verificationStatus: 'verified' },
        { name: 'Pending', verificationStatus: 'pending' },
      ])
      .returning();
    const now = Date.now();
    const rows = await db
      .insert(jobAd)
      .values([
        { title: 'public', publisherCompanyId: verified!.id, publishedAt: new Date(now - DAY) },
        { title: 'past deadline', publisherCompanyId: verified!.id, publishedAt: new Date(now - 3 * DAY), publishedUntil: new Date(now - DAY) },
        { title: 'unpublished', publisherCompanyId: verified!.id },
        { title: 'removed', publisherCompanyId: verified!.id, publishedAt: new Date(now - DAY), deletedAt: new Date() },
        { title: 'company not verified', publisherCompanyId: pending!.id, publishedAt: new Date(now - DAY) },
      ])
      .returning();
    for (const row of rows) ids.set(row.title, row.id);
  });
  afterAll(() => h.close());

  const gone = async (id: string) => (await h.call(GONE, { variables: { id } })).body.data?.jobAdGone;

  it('is true for an ad that is no longer public: unpublished, removed, or its company not verified', async () => {
    for (const title of ['unpublished', 'removed', 'company not verified']) expect(await gone(ids.get(title)!), title).toBe(true);
  });

  it('is false for a public ad (past its deadline too: its page shows it, with 410) and for ids that never were an ad', async () => {
    expect(await gone(ids.get('public')!)).toBe(false);
    expect(await gone(ids.get('past deadline')!)).toBe(false);
    expect(await gone('00000000-0000-4000-8000-000000000000')).toBe(false);
    expect(await gone('not-a-uuid')).toBe(false);
  });
});
