import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getTranslator } from '../../../../src/lib/i18n/i18n';
import { companyHiringStep, companyRejectionReason, talentJobApplication, talentJobApplicationStatus } from '../../../../src/server/db/schema';
import { describeEachDatabase } from '../../../support/test-database';
import { codeOf, startTalentJobsFixture, type TalentJobsFixture } from '../talent-jobs-fixture';

const APPLY = 'mutation($data: ApplyToJobAdInput!) { applyToJobAd(data: $data) { id } }';
const LIST = `query($page: Int, $perPage: Int, $sort: JobApplicationSort) {
  myJobApplications(page: $page, perPage: $perPage, sort: $sort) {
    total page perPage pageCount
    items { id title jobAdId jobAdIsVisible jobAdIsOpen jobDescriptionId companyName isAnonymous talentStatus rejectionReason message createdAt timeline { status reason } }
  }
}`;

interface Item {
  title: string;
  jobAdId: string | null;
  jobAdIsVisible: boolean;
  jobAdIsOpen: boolean;
  companyName: string | null;
  isAnonymous: boolean;
  talentStatus: string;
  timeline: Array<{ status: string; reason: string | null }>;
  rejectionReason: string | null;
  message: string | null;
}
type Page = { total: number; pageCount: number; items: Item[] };

describeEachDatabase('myJobApplications', (kind) => {
  let f: TalentJobsFixture;
  beforeAll(async () => {
    f = await startTalentJobsFixture(kind);
    const db = f.h.database.db;
    const day = 24 * 60 * 60 * 1000;
    await db.insert(talentJobApplication).values([
      // Oldest: an answer to an invitation to a job description without an ad.
      { jobAdId: null, jobDescriptionId: f.description.id, talentProfileId: f.a.profileId, message: 'Count me in', createdAt: new Date(Date.now() - 3 * day) },
      { jobAdId: f.ads.open, talentProfileId: f.a.profileId, companyHiringStepId: f.acme.screeningStepId, message: 'Hello', createdAt: new Date(Date.now() - 2 * day) },
    ]);
    // Applied through the API: it arrives in the company's first step (the fixture's only one).
    await f.h.call(APPLY, { token: f.a.token, variables: { data: { jobAdId: f.ads.anonymous } } });
  });
  afterAll(() => f.h.close());

  it('lists the applications newest first: Applied until a move is shown to her (never the step\'s name), the company unless anonymous', async () => {
    const { body } = await f.h.call(LIST, { token: f.a.token });
    const page = body.data?.myJobApplications as Page;
    expect(page).toMatchObject({ total: 3, pageCount: 1 });
    expect(page.items).toMatchObject([
      { title: 'Secret role', companyName: null, isAnonymous: true, talentStatus: 'APPLIED', timeline: [], message: null, jobAdIsVisible: true },
      { title: 'Frontend developer', companyName: 'Acme', isAnonymous: false, talentStatus: 'APPLIED', timeline: [], message: 'Hello', jobAdIsVisible: true },
      // No ad: the job description's title and company, and nothing to link to.
      { title: 'Platform engineer (unannounced)', jobAdId: null, companyName: 'Acme', talentStatus: 'APPLIED', message: 'Count me in', jobAdIsVisible: false },
    ]);
  });

  it('says whether the ad still takes applications (a closed one answers 410), the last status she was shown with its shared reason, and nothing of a move still held', async () => {
    const db = f.h.database.db;
    const [rejected] = await db.insert(companyHiringStep).values({ companyId: f.acme.id, stepName: 'Rejected', order: 9, group: 'REJECTED' }).returning();
    const [reason] = await db.insert(companyRejectionReason).values({ companyId: f.acme.id, kind: 'REJECTED', label: 'The role was filled internally' }).returning();
    const [closed] = await db.insert(talentJobApplication).values({ jobAdId: f.ads.closed, talentProfileId: f.b.profileId, companyHiringStepId: rejected!.id, rejectionReasonId: reason!.id }).returning();
    const [open] = await db.insert(talentJobApplication).values({ jobAdId: f.ads.open, talentProfileId: f.b.profileId, companyHiringStepId: rejected!.id, rejectionReasonId: reason!.id }).returning();
    const past = new Date(Date.now() - 60_000);
    await db.insert(talentJobApplicationStatus).values([
      { talentJobApplicationId: closed!.id, status: 'IN_REVIEW', visibleAt: new Date(past.getTime() - 60_000), publishedAt: past },
      { talentJobApplicationId: closed!.id, status: 'NOT_SELECTED', reason: 'The role was filled internally', visibleAt: past, publishedAt: past },
      // Moved to Rejected too, but still held from her: she reads Applied, and no reason.
      { talentJobApplicationId: open!.id, status: 'NOT_SELECTED', reason: 'The role was filled internally', visibleAt: new Date(Date.now() + 600_000) },
    ]);
    const page = (await f.h.call(LIST, { token: f.b.token })).body.data?.myJobApplications as Page;
    expect(page.items.map(({ title, jobAdIsVisible, jobAdIsOpen, talentStatus, rejectionReason, timeline }) => ({ title, jobAdIsVisible, jobAdIsOpen, talentStatus, rejectionReason, timeline }))).toEqual(
      expect.arrayContaining([
        // Closed: its public page answers 410, so the talent is not sent there.
        { title: 'Closed role', jobAdIsVisible: true, jobAdIsOpen: false, talentStatus: 'NOT_SELECTED', rejectionReason: 'The role was filled internally', timeline: [{ status: 'IN_REVIEW', reason: null }, { status: 'NOT_SELECTED', reason: 'The role was filled internally' }] },
        { title: 'Frontend developer', jobAdIsVisible: true, jobAdIsOpen: true, talentStatus: 'APPLIED', rejectionReason: null, timeline: [] },
      ]),
    );
    await db.delete(talentJobApplication).where(eq(talentJobApplication.talentProfileId, f.b.profileId));
  });

  it('puts the applications waiting for her first (ACTION_FIRST): an offer shown to her is one', async () => {
    const db = f.h.database.db;
    const [older] = await db.insert(talentJobApplication).values({ jobAdId: f.ads.closed, talentProfileId: f.b.profileId, createdAt: new Date(Date.now() - 86_400_000) }).returning();
    await db.insert(talentJobApplication).values({ jobAdId: f.ads.open, talentProfileId: f.b.profileId });
    const past = new Date(Date.now() - 60_000);
    await db.insert(talentJobApplicationStatus).values({ talentJobApplicationId: older!.id, status: 'OFFER', visibleAt: past, publishedAt: past });
    const ACTION_FIRST = '{ myJobApplications(sort: ACTION_FIRST) { items { title actions } } }';
    const newestFirst = '{ myJobApplications { items { title actions } } }';
    const first = (await f.h.call(ACTION_FIRST, { token: f.b.token })).body.data?.myJobApplications as { items: { title: string; actions: string[] }[] };
    expect(first.items).toEqual([{ title: 'Closed role', actions: ['ANSWER_OFFER'] }, { title: 'Frontend developer', actions: [] }]);
    const plain = (await f.h.call(newestFirst, { token: f.b.token })).body.data?.myJobApplications as { items: { title: string }[] };
    expect(plain.items.map((item) => item.title)).toEqual(['Frontend developer', 'Closed role']);
    await db.delete(talentJobApplication).where(eq(talentJobApplication.talentProfileId, f.b.profileId));
  });

  it('sorts oldest first and pages', async () => {
    const first = await f.h.call(LIST, { token: f.a.token, variables: { sort: 'OLDEST', perPage: 2 } });
    expect((first.body.data?.myJobApplications as Page).items.map((item) => item.title)).toEqual(['Platform engineer (unannounced)', 'Frontend developer']);
    expect(first.body.data?.myJobApplications).toMatchObject({ pageCount: 2 });
    const second = await f.h.call(LIST, { token: f.a.token, variables: { sort: 'OLDEST', perPage: 2, page: 2 } });
    expect((second.body.data?.myJobApplications as Page).items.map((item) => item.title)).toEqual(['Secret role']);
  });

  it('checks page arguments and the sort', async () => {
    for (const variables of [{ page: 0 }, { perPage: 500 }]) {
      expect(codeOf((await f.h.call(LIST, { token: f.a.token, variables })).body)).toBe('BAD_USER_INPUT');
    }
    const badSort = await f.h.call(LIST, { token: f.a.token, variables: { sort: 'CHEAPEST' } });
    expect(badSort.body.errors?.length).toBeGreaterThan(0);
  });

  it("shows a talent only their own applications; none before a profile exists; needs sign-in", async () => {
    expect((await f.h.call(LIST, { token: f.b.token })).body.data?.myJobApplications).toMatchObject({ total: 0, items: [] });
    expect((await f.h.call(LIST, { token: await f.h.token('no-profile') })).body.data?.myJobApplications).toMatchObject({ total: 0, items: [] });
    expect((await f.h.call(LIST)).status).toBe(401);
  });

  it('runs the same statements for three applications as for one (no query per row)', async () => {
    const db = f.h.database.db;
    await db.insert(talentJobApplication).values({ jobAdId: f.ads.open, talentProfileId: f.b.profileId });
    await f.callLogged(LIST, { token: f.b.token });
    const one = f.statements.length;
    await f.callLogged(LIST, { token: f.a.token });
    expect(f.statements.length).toBe(one);
    await db.delete(talentJobApplication).where(eq(talentJobApplication.talentProfileId, f.b.profileId));
  });

  it('applyToJobAd counts a note posted with \\r\\n line breaks the way the form did', async () => {
    const note = `${'a'.repeat(2499)}\r\n${'b'.repeat(2500)}`; // 5000 characters once normalized
    const ad = await f.addAd({ title: 'Long note role' });
    const { body } = await f.h.call(APPLY, { token: f.b.token, variables: { data: { jobAdId: ad, message: note } } });
    expect(body.errors).toBeUndefined();
    const [row] = await f.h.database.db.select().from(talentJobApplication).where(eq(talentJobApplication.jobAdId, ad));
    expect(row!.message).toHaveLength(5000);
    const tooLong = await f.h.call(APPLY, { token: f.a.token, variables: { data: { jobAdId: ad, message: 'x'.repeat(5001) } } });
    // The code and its values for clients that word it, the message from the locale files.
    const t = getTranslator(['common', 'jobs']);
    expect(tooLong.body.errors?.[0]?.extensions?.fieldErrors).toEqual([
      { field: 'data.message', code: 'messageTooLong', params: { max: 5000 }, message: t('jobs:apply.errors.messageTooLong', { max: 5000 }) },
    ]);
  });
});
