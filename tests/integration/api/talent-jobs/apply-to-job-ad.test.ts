import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { company, jobAd, talentJobApplication } from '../../../../src/server/db/schema';
import { startApiHarness, type ApiHarness } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';

const APPLY = 'mutation Apply($data: ApplyToJobAdInput!) { applyToJobAd(data: $data) { id jobAdTitle companyName message } }';
const CREATE_PROFILE = 'mutation($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const MINE = 'query($jobAdId: ID!) { myJobApplication(jobAdId: $jobAdId) { id } }';

describeEachDatabase('applyToJobAd', (kind) => {
  let h: ApiHarness;
  let openId: string;
  let closedId: string;
  let anonymousId: string;
  beforeAll(async () => {
    h = await startApiHarness(kind);
    const db = h.database.db;
    const [publisher] = await db.insert(company).values({ name: 'Acme', verificationStatus: 'verified' }).returning();
    const day = 24 * 60 * 60 * 1000;
    const ads = await db
      .insert(jobAd)
      .values([
        { title: 'Open role', publisherCompanyId: publisher!.id, publishedAt: new Date(Date.now() - day), publishedUntil: new Date(Date.now() + 10 * day) },
        { title: 'Closed role', publisherCompanyId: publisher!.id, publishedAt: new Date(Date.now() - 10 * day), publishedUntil: new Date(Date.now() - day) },
        { title: 'Secret role', publisherCompanyId: publisher!.id, publishedAt: new Date(Date.now() - day), isAnonymous: true },
      ])
      .returning();
    [openId, closedId, anonymousId] = ads.map((ad) => ad.id) as [string, string, string];
    await h.call(CREATE_PROFILE, { token: await h.token('talent'), variables: { data: { email: 'talent@example.test', profileName: 'Tal' } } });
  });
  afterAll(() => h.close());

  it('applies with the talent profile and a note, once', async () => {
    const token = await h.token('talent');
    const { body } = await h.call(APPLY, { token, variables: { data: { jobAdId: openId, message: '  Hello  ' } } });
    expect(body.data?.applyToJobAd).toMatchObject({ jobAdTitle: 'Open role', companyName: 'Acme', message: 'Hello' });
    const again = await h.call(APPLY, { token, variables: { data: { jobAdId: openId } } });
    expect(again.body.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(await h.database.db.select().from(talentJobApplication).where(eq(talentJobApplication.jobAdId, openId))).toHaveLength(1);
    expect((await h.call(MINE, { token, variables: { jobAdId: openId } })).body.data?.myJobApplication).toBeTruthy();
  });

  it('refuses a closed ad and an unknown id as NOT_FOUND', async () => {
    const token = await h.token('talent');
    for (const jobAdId of [closedId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const { body } = await h.call(APPLY, { token, variables: { data: { jobAdId } } });
      expect(body.errors?.[0]?.extensions?.code, jobAdId).toBe('NOT_FOUND');
    }
  });

  it('hides the company of an anonymous ad from the applicant too', async () => {
    const { body } = await h.call(APPLY, { token: await h.token('talent'), variables: { data: { jobAdId: anonymousId } } });
    expect(body.data?.applyToJobAd).toMatchObject({ jobAdTitle: 'Secret role', companyName: null });
  });

  it('needs a talent profile and a signed-in user', async () => {
    const noProfile = await h.call(APPLY, { token: await h.token('no-profile'), variables: { data: { jobAdId: openId } } });
    expect(noProfile.body.errors?.[0]).toMatchObject({ message: 'Create your talent profile first.', extensions: { code: 'NOT_FOUND', reason: 'noProfile' } });
    expect((await h.call(APPLY, { variables: { data: { jobAdId: openId } } })).status).toBe(401);
  });
});
