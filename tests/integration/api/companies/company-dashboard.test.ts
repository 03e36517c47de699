import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OWNER_PERMISSIONS } from '../../../../src/lib/permissions/resources';
import {
  company,
  companyOnUser,
  companyPermissions,
  companyRole,
  companyHiringStep,
  companyTalentRoster,
  generalEventslog,
  jobAd,
  talentBalanceTransaction,
  talentInvitation,
  talentJobApplication,
  talentProfile,
  user,
} from '../../../../src/server/db/schema';
import { startApiHarness, type ApiHarness } from '../../../support/api-harness';
import { describeEachDatabase } from '../../../support/test-database';
import { startCompaniesFixture, type CompaniesFixture } from '../companies-fixture';

const DASHBOARD = '{ companyDashboard { company { id name verificationStatus } jobAds { open total } receivedApplications sentInvitations rosterTalents } }';
const FIND_ME = '{ findMe { id } }';
const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

describeEachDatabase('companyDashboard', (kind) => {
  let h: ApiHarness;
  const ids = { acme: '', other: '', pending: '', capped: '' };

  beforeAll(async () => {
    h = await startApiHarness(kind);
    const db = h.database.db;
    // The API provisions a user on its first call with a token.
    for (const subject of ['owner', 'limited', 'outsider']) await h.call(FIND_ME, { token: await h.token(subject) });
    const userId = async (subject: string) => (await db.select({ id: user.id }).from(user).where(eq(user.externalId, subject)))[0]!.id;
    const [owner, limited, outsider] = [await userId('owner'), await userId('limited'), await userId('outsider')];

    const companies = await db
      .insert(company)
      .values([
        { name: 'Acme', verificationStatus: 'verified' },
        { name: 'Other Co', verificationStatus: 'verified' },
        { name: 'Pending Co', verificationStatus: 'pending' },
        { name: 'Capped Co', verificationStatus: 'verified' },
      ])
      .returning();
    [ids.acme, ids.other, ids.pending, ids.capped] = companies.map((row) => row.id) as [string, string, string, string];
    // Capped Co's own ceiling takes the roster away from everyone there (the permission merge ANDs the two).
    await db.insert(companyPermissions).values({ companyId: ids.capped, permissions: { companyTalentRoster: { read: false } } });

    const roles = await db
      .insert(companyRole)
      .values([
        { companyId: ids.acme, role: 'Owner', permissions: OWNER_PERMISSIONS as never },
        // Reads job ads and invitations only: applications and the roster are not granted.
        { companyId: ids.acme, role: 'Viewer', permissions: { jobAd: { read: true }, talentInvitation: { read: true }, talentJobApplication: { read: false } } },
        { companyId: ids.other, role: 'Owner', permissions: OWNER_PERMISSIONS as never },
        { companyId: ids.pending, role: 'Owner', permissions: OWNER_PERMISSIONS as never },
        { companyId: ids.capped, role: 'Owner', permissions: OWNER_PERMISSIONS as never },
      ])
      .returning();
    const [acmeOwner, acmeViewer, otherOwner, pendingOwner, cappedOwner] = roles.map((row) => row.id);
    await db.insert(companyOnUser).values([
      { companyId: ids.acme, userId: owner, roleId: acmeOwner },
      { companyId: ids.pending, userId: owner, roleId: pendingOwner },
      { companyId: ids.capped, userId: owner, roleId: cappedOwner },
      { companyId: ids.acme, userId: limited, roleId: acmeViewer },
      { companyId: ids.other, userId: outsider, roleId: otherOwner },
    ]);

    const ads = await db
      .insert(jobAd)
      .values([
        { title: 'Open', publisherCompanyId: ids.acme, publishedAt: ago(5), publishedUntil: new Date(Date.now() + 5 * DAY) },
        { title: 'Open, no deadline', publisherCompanyId: ids.acme, publishedAt: ago(5) },
        { title: 'Past its deadline', publisherCompanyId: ids.acme, publishedAt: ago(20), publishedUntil: ago(1) },
        { title: 'Draft', publisherCompanyId: ids.acme },
        { title: 'Scheduled', publisherCompanyId: ids.acme, publishedAt: new Date(Date.now() + 3 * DAY) },
        { title: 'Deleted', publisherCompanyId: ids.acme, publishedAt: ago(5), deletedAt: ago(1) },
        { title: 'Other open', publisherCompanyId: ids.other, publishedAt: ago(5) },
      ])
      .returning();
    const [open, , closed, , , deleted, otherOpen] = ads.map((row) => row.id) as string[];

    const talents = await db
      .insert(talentProfile)
      .values([{ profileName: 'Tal One' }, { profileName: 'Tal Two' }, { profileName: 'Tal Three' }])
      .returning();
    const [t1, t2, t3] = talents.map((row) => row.id) as [string, string, string];
    const steps = await db
      .insert(companyHiringStep)
      .values([
        { companyId: ids.acme, stepName: 'Applied', order: 1, group: 'IN_PROGRESS' },
        { companyId: ids.acme, stepName: 'Hired', order: 2, group: 'HIRED' },
        { companyId: ids.other, stepName: 'Elsewhere', order: 1, group: 'IN_PROGRESS' },
      ])
      .returning();
    const [applied, hired] = steps.map((row) => row.id) as [string, string];
    await db.insert(talentJobApplication).values([
      { jobAdId: open, talentProfileId: t1, companyHiringStepId: hired },
      { jobAdId: open, talentProfileId: t2, companyHiringStepId: applied },
      // Three weeks ago, and in no step.
      { jobAdId: closed, talentProfileId: t1, createdAt: ago(21) },
      // An application to a deleted ad is still one the company received (its list shows it);
      // one to another company's ad is not.
      { jobAdId: deleted, talentProfileId: t3 },
      { jobAdId: otherOpen, talentProfileId: t3 },
    ]);
    await db.insert(talentInvitation).values([
      { companyId: ids.acme, talentProfileId: t1, jobAdId: open },
      { companyId: ids.acme, talentProfileId: t2, jobAdId: open, ignored: true, ignoredAt: ago(1) },
      { companyId: ids.other, talentProfileId: t3, jobAdId: otherOpen },
    ]);
    const [acmeRoster] = await db.insert(companyTalentRoster).values({ companyId: ids.acme, talentProfileId: t1, currency: 'EUR', consent: 'accepted' }).returning();
    await db.insert(talentBalanceTransaction).values([
      { companyTalentRosterId: acmeRoster!.id, companyId: ids.acme, change: '100.50', currency: 'EUR', type: 'SALARY' },
      { companyTalentRosterId: acmeRoster!.id, companyId: ids.acme, change: '-20.25', currency: 'EUR', type: 'WITHDRAWAL' },
      { companyTalentRosterId: acmeRoster!.id, companyId: ids.acme, change: '7.00', currency: 'USD', type: 'MISC' },
    ]);
    await db.insert(companyTalentRoster).values([
      { companyId: ids.other, talentProfileId: t2, currency: 'EUR', consent: 'accepted' },
      { companyId: ids.other, talentProfileId: t3, currency: 'EUR', consent: 'accepted' },
      { companyId: ids.capped, talentProfileId: t3, currency: 'EUR', consent: 'accepted' },
    ]);
  });
  afterAll(() => h.close());

  const dashboardAs = async (subject: string, companyId?: string) =>
    h.call(DASHBOARD, { token: await h.token(subject), headers: { 'tp-domain': 'company', ...(companyId ? { 'tp-company': companyId } : {}) } });

  it("counts the selected company's job ads (open of total), received applications, sent invitations and roster talents", async () => {
    const { status, body } = await dashboardAs('owner', ids.acme);
    expect(status).toBe(200);
    expect(body.data?.companyDashboard).toEqual({
      company: { id: ids.acme, name: 'Acme', verificationStatus: 'verified' },
      // Open: published and before the deadline (2); total: every ad not deleted (5).
      jobAds: { open: 2, total: 5 },
      receivedApplications: 4,
      sentInvitations: 2,
      rosterTalents: 1,
    });
  });

  it("counts only the selected company's rows", async () => {
    const { body } = await dashboardAs('outsider', ids.other);
    expect(body.data?.companyDashboard).toMatchObject({ jobAds: { open: 1, total: 1 }, receivedApplications: 1, sentInvitations: 1, rosterTalents: 2 });
  });

  it('answers FORBIDDEN for a company the user is not a member of, a pending company, or an unknown id, via tp-company', async () => {
    for (const companyId of [ids.other, ids.pending, '00000000-0000-4000-8000-000000000000']) {
      const { status, body } = await dashboardAs('owner', companyId);
      expect(status, companyId).toBe(403);
      expect(body.errors?.[0]?.extensions?.code, companyId).toBe('FORBIDDEN');
      expect(body.data ?? null, companyId).toBeNull();
    }
  });

  it('answers FORBIDDEN without a selected company and UNAUTHENTICATED without a token', async () => {
    const noCompany = await dashboardAs('owner');
    expect(noCompany.status).toBe(403);
    expect(noCompany.body.errors?.[0]).toMatchObject({ message: 'Select a company first (tp-company header)', extensions: { code: 'FORBIDDEN' } });
    const guest = await h.call(DASHBOARD, {});
    expect(guest.status).toBe(401);
    expect(guest.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('gives null, without an error, for each count the member may not read', async () => {
    const { status, body } = await dashboardAs('limited', ids.acme);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data?.companyDashboard).toEqual({
      company: { id: ids.acme, name: 'Acme', verificationStatus: 'verified' },
      jobAds: { open: 2, total: 5 },
      receivedApplications: null,
      sentInvitations: 2,
      rosterTalents: null,
    });
  });

  const CHARTS = '{ companyDashboard { applicationsPerWeek { weekStart count } pipeline { stepName group count } openAds { title applications } rosterBalances { currency amount } } }';

  it('charts applications per week (12 weeks, empty ones as 0), the pipeline by step, open ads with their applications and balances per currency', async () => {
    const { status, body } = await h.call(CHARTS, { token: await h.token('owner'), headers: { 'tp-domain': 'company', 'tp-company': ids.acme } });
    expect(status).toBe(200);
    const charts = body.data?.companyDashboard as Record<string, Array<Record<string, unknown>>>;
    const weeks = charts.applicationsPerWeek!;
    expect(weeks).toHaveLength(12);
    // This week: the two applications to the open ad and the one to the deleted ad; three weeks back: the one to the closed ad.
    expect(weeks.at(-1)?.count).toBe(3);
    expect(weeks.reduce((sum, week) => sum + Number(week.count), 0)).toBe(4);
    expect(charts.pipeline).toEqual([
      { stepName: 'Applied', group: 'IN_PROGRESS', count: 1 },
      { stepName: 'Hired', group: 'HIRED', count: 1 },
      { stepName: null, group: null, count: 2 },
    ]);
    expect(charts.openAds).toEqual(expect.arrayContaining([{ title: 'Open', applications: 2 }, { title: 'Open, no deadline', applications: 0 }]));
    expect(charts.openAds).toHaveLength(2);
    expect(charts.rosterBalances).toEqual([{ currency: 'EUR', amount: '80.25' }, { currency: 'USD', amount: '7.00' }]);
  });

  it('gives no chart the member may not read: applications and roster charts are null for a viewer of job ads', async () => {
    const { body } = await h.call(CHARTS, { token: await h.token('limited'), headers: { 'tp-domain': 'company', 'tp-company': ids.acme } });
    expect(body.errors).toBeUndefined();
    expect(body.data?.companyDashboard).toEqual({ applicationsPerWeek: null, pipeline: null, openAds: null, rosterBalances: null });
  });

  it("applies the company's own permission ceiling to the counts", async () => {
    const { body } = await dashboardAs('owner', ids.capped);
    expect(body.data?.companyDashboard).toMatchObject({ company: { name: 'Capped Co' }, jobAds: { open: 0, total: 0 }, rosterTalents: null });
  });
});

const METRICS = '{ companyDashboard { pipelineMetrics { days since hires medianDaysToHire steps { stepName reached movedOn rate } } } }';
const CREATE_AD = 'mutation ($data: JobAdInput!) { createOneJobAd(data: $data) { id } }';
const CREATE_PROFILE = 'mutation ($data: CreateOneTalentProfileInput!) { createOneTalentProfile(data: $data) { id } }';
const APPLY = 'mutation ($data: ApplyToJobAdInput!) { applyToJobAd(data: $data) { id } }';
const MOVE = 'mutation ($ids: [ID!]!, $hiringStepId: ID!, $rejectionReasonId: ID) { moveTalentJobApplication(ids: $ids, hiringStepId: $hiringStepId, rejectionReasonId: $rejectionReasonId) { id } }';

describeEachDatabase('companyDashboard pipeline metrics (last 90 days, from the real moves)', (kind) => {
  let f: CompaniesFixture;
  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    const db = f.h.database.db;
    await f.memberWithRole('ads-only-a', f.a.id, 'Ads only', { jobAd: { read: true } });
    const ad = await f.as('owner-a', CREATE_AD, { data: { title: 'Metrics role', workMode: 'remote', countryCode: 'PT', publishedAt: new Date().toISOString() } }, f.a.id);
    const adId = (ad.body.data?.createOneJobAd as { id: string }).id;
    const applicationOf: Record<string, string> = {};
    for (const subject of ['ana', 'ben', 'cy', 'dee', 'old']) {
      const token = await f.h.token(subject);
      await f.h.call(CREATE_PROFILE, { token, variables: { data: { email: `${subject}@example.test`, profileName: subject } } });
      const applied = await f.h.call(APPLY, { token, variables: { data: { jobAdId: adId } } });
      applicationOf[subject] = (applied.body.data?.applyToJobAd as { id: string }).id;
    }
    const steps = (await f.as('owner-a', '{ findManyCompanyHiringStep { id stepName } }', {}, f.a.id)).body.data?.findManyCompanyHiringStep as Array<{ id: string; stepName: string }>;
    const reasons = (await f.as('owner-a', '{ findManyCompanyRejectionReason { id kind } }', {}, f.a.id)).body.data?.findManyCompanyRejectionReason as Array<{ id: string; kind: string }>;
    const stepNamed = (name: string) => steps.find((step) => step.stepName === name)!.id;
    // Applied 10 and 20 days ago, so their times to hire are known.
    await db.update(talentJobApplication).set({ createdAt: ago(10) }).where(eq(talentJobApplication.id, applicationOf.ana!));
    await db.update(talentJobApplication).set({ createdAt: ago(20) }).where(eq(talentJobApplication.id, applicationOf.cy!));
    const moveTo = async (subject: string, step: string, rejectionReasonId?: string) => {
      const { body } = await f.as('owner-a', MOVE, { ids: [applicationOf[subject]], hiringStepId: stepNamed(step), rejectionReasonId }, f.a.id);
      expect(body.errors, `${subject} to ${step}`).toBeUndefined();
    };
    for (const step of ['Screening', 'Interview', 'Offer', 'Hired']) await moveTo('ana', step);
    await moveTo('ben', 'Screening');
    await moveTo('ben', 'Rejected', reasons.find((reason) => reason.kind === 'REJECTED')!.id);
    await moveTo('cy', 'Interview');
    await moveTo('cy', 'Hired');
    // dee stays in Applied. "old" applied and moved on long before the window: it counts nowhere.
    await moveTo('old', 'Screening');
    await db.update(talentJobApplication).set({ createdAt: ago(200) }).where(eq(talentJobApplication.id, applicationOf.old!));
    await db.update(generalEventslog).set({ createdAt: ago(100) }).where(and(eq(generalEventslog.type, 'talentJobApplication.update'), sql`${generalEventslog.eventData}->>'entityId' = ${applicationOf.old!}`));
  });
  afterAll(() => f.h.close());

  it('gives each in-progress step the applications that reached it and the share that moved on, and the median time to hire', async () => {
    const { status, body } = await f.as('owner-a', METRICS, {}, f.a.id);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const metrics = (body.data?.companyDashboard as { pipelineMetrics: Record<string, unknown> }).pipelineMetrics;
    expect(metrics).toMatchObject({ days: 90, hires: 2, medianDaysToHire: 15 });
    expect(Date.now() - Date.parse(String(metrics.since))).toBeGreaterThanOrEqual(90 * DAY);
    expect(metrics.steps).toEqual([
      // ana, ben, cy and dee arrived in Applied; all but dee moved on (cy skipped to Interview).
      { stepName: 'Applied', reached: 4, movedOn: 3, rate: 0.75 },
      // ben was rejected from Screening: rejection is not moving on.
      { stepName: 'Screening', reached: 2, movedOn: 1, rate: 0.5 },
      { stepName: 'Interview', reached: 2, movedOn: 2, rate: 1 },
      { stepName: 'Offer', reached: 1, movedOn: 1, rate: 1 },
    ]);
  });

  it("counts nothing of another company's pipeline, and gives no metrics to a member who may not read applications", async () => {
    const other = (await f.as('owner-b', METRICS, {}, f.b.id)).body.data?.companyDashboard as { pipelineMetrics: { hires: number; medianDaysToHire: number | null; steps: Array<{ reached: number; rate: number | null }> } };
    expect(other.pipelineMetrics).toMatchObject({ hires: 0, medianDaysToHire: null });
    expect(other.pipelineMetrics.steps.every((step) => step.reached === 0 && step.rate === null)).toBe(true);
    const limited = await f.as('ads-only-a', METRICS, {}, f.a.id);
    expect(limited.body.errors).toBeUndefined();
    expect(limited.body.data?.companyDashboard).toEqual({ pipelineMetrics: null });
  });
});

const EVERY_FIGURE = `{ companyDashboard {
  jobAds { open total } receivedApplications sentInvitations rosterTalents
  applicationsPerWeek { weekStart count } pipeline { stepName group count } openAds { title applications } rosterBalances { currency amount }
  pipelineMetrics { days hires medianDaysToHire steps { stepName reached movedOn rate } }
} }`;
const RECEIVED_TOTAL = '{ findManyTalentJobApplication(perPage: 100) { total items { id hiringStep { stepName } } } }';
const HISTORY = 'query ($id: ID!) { findTalentJobApplication(id: $id) { history { kind fromStep toStep } } }';
const CREATE_DESCRIPTION = 'mutation ($data: JobDescriptionInput!) { createOneJobDescription(data: $data) { id } }';
const DELETE_AD = 'mutation ($id: ID!) { deleteOneJobAd(id: $id) }';
const APPLY_TO_INVITATION = 'mutation ($id: ID!) { applyToInvitation(id: $id) { id } }';

/** The Monday (UTC) of the week a day falls in, as the applications chart labels weeks. */
function mondayOf(day: Date): string {
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  return new Date(midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
}

// Every figure of the dashboard against a small company counted by hand: seven
// applications, each with a known story, made through the API as people make them.
describeEachDatabase('companyDashboard: every figure agrees with the others and with the hand count', (kind) => {
  let f: CompaniesFixture;
  const applicationOf: Record<string, string> = {};
  const createdAt: Record<string, Date> = {};
  beforeAll(async () => {
    f = await startCompaniesFixture(kind);
    const db = f.h.database.db;
    const adId = async (title: string) =>
      ((await f.as('owner-a', CREATE_AD, { data: { title, workMode: 'remote', countryCode: 'PT', publishedAt: new Date().toISOString() } }, f.a.id)).body.data?.createOneJobAd as { id: string }).id;
    const openAd = await adId('Open role');
    const goneAd = await adId('Role taken down');
    const profileOf: Record<string, string> = {};
    for (const subject of ['ana', 'ben', 'cy', 'dee', 'eve', 'old', 'ivy']) {
      const { body } = await f.h.call(CREATE_PROFILE, { token: await f.h.token(subject), variables: { data: { email: `${subject}@example.test`, profileName: subject } } });
      profileOf[subject] = (body.data?.createOneTalentProfile as { id: string }).id;
    }
    const apply = async (subject: string, jobAdId: string) => {
      const { body } = await f.h.call(APPLY, { token: await f.h.token(subject), variables: { data: { jobAdId } } });
      applicationOf[subject] = (body.data?.applyToJobAd as { id: string }).id;
    };
    for (const subject of ['ana', 'ben', 'cy', 'dee', 'old']) await apply(subject, openAd);
    await apply('eve', goneAd);
    // ivy answers an invitation to a job description that has no ad.
    const description = (await f.as('owner-a', CREATE_DESCRIPTION, { data: { title: 'Unannounced role', workMode: 'remote', countryCode: 'PT' } }, f.a.id)).body.data?.createOneJobDescription as { id: string };
    const [invitation] = await db.insert(talentInvitation).values({ companyId: f.a.id, talentProfileId: profileOf.ivy!, jobDescriptionId: description.id }).returning();
    const answered = await f.h.call(APPLY_TO_INVITATION, { token: await f.h.token('ivy'), variables: { id: invitation!.id } });
    expect(answered.body.errors).toBeUndefined();
    applicationOf.ivy = (answered.body.data?.applyToInvitation as { id: string }).id;

    const steps = (await f.as('owner-a', '{ findManyCompanyHiringStep { id stepName } }', {}, f.a.id)).body.data?.findManyCompanyHiringStep as Array<{ id: string; stepName: string }>;
    const reasons = (await f.as('owner-a', '{ findManyCompanyRejectionReason { id kind } }', {}, f.a.id)).body.data?.findManyCompanyRejectionReason as Array<{ id: string; kind: string }>;
    const moveTo = async (subject: string, step: string, rejectionReasonId?: string) => {
      const { body } = await f.as('owner-a', MOVE, { ids: [applicationOf[subject]], hiringStepId: steps.find((candidate) => candidate.stepName === step)!.id, rejectionReasonId }, f.a.id);
      expect(body.errors, `${subject} to ${step}`).toBeUndefined();
    };
    const backdate = async (subject: string, days: number) => {
      createdAt[subject] = ago(days);
      await db.update(talentJobApplication).set({ createdAt: createdAt[subject] }).where(eq(talentJobApplication.id, applicationOf[subject]!));
    };
    // ana: applied 10 days ago, through every step, hired today (10 days to hire).
    await backdate('ana', 10);
    for (const step of ['Screening', 'Interview', 'Offer', 'Hired']) await moveTo('ana', step);
    // ben: screened, then rejected with a reason.
    await moveTo('ben', 'Screening');
    await moveTo('ben', 'Rejected', reasons.find((reason) => reason.kind === 'REJECTED')!.id);
    // cy: applied 20 days ago, straight to Interview, hired today (20 days to hire).
    await backdate('cy', 20);
    await moveTo('cy', 'Interview');
    await moveTo('cy', 'Hired');
    // dee stays in Applied; eve is screened, then her ad is taken down (she is still an applicant).
    await moveTo('eve', 'Screening');
    expect((await f.as('owner-a', DELETE_AD, { id: goneAd }, f.a.id)).body.errors).toBeUndefined();
    // old: applied 200 days ago and hired 100 days ago: in the Hired step now, but no hire of the last 90 days.
    await moveTo('old', 'Screening');
    await moveTo('old', 'Hired');
    await backdate('old', 200);
    await db.update(generalEventslog).set({ createdAt: ago(100) }).where(and(eq(generalEventslog.type, 'talentJobApplication.update'), sql`${generalEventslog.eventData}->>'entityId' = ${applicationOf.old!}`));
    await db.update(generalEventslog).set({ createdAt: ago(200) }).where(and(eq(generalEventslog.type, 'talentJobApplication.create'), sql`${generalEventslog.eventData}->>'entityId' = ${applicationOf.old!}`));
    for (const subject of ['dee', 'ben', 'eve', 'ivy']) createdAt[subject] = new Date();
  });
  afterAll(() => f.h.close());

  it('counts each figure as the definitions on the page say, and the figures add up to one another', async () => {
    const { body } = await f.as('owner-a', EVERY_FIGURE, {}, f.a.id);
    expect(body.errors).toBeUndefined();
    const dashboard = body.data?.companyDashboard as {
      receivedApplications: number;
      applicationsPerWeek: Array<{ weekStart: string; count: number }>;
      pipeline: Array<{ stepName: string | null; group: string | null; count: number }>;
      pipelineMetrics: { hires: number };
    } & Record<string, unknown>;
    // Job ads: one open now; the one taken down is no job ad of the company any more.
    expect(dashboard.jobAds).toEqual({ open: 1, total: 1 });
    // Received applications: every application the company ever received, all seven, as
    // the Received applications list (where the card leads) counts them: eve's ad was taken
    // down and ivy answered an invitation without an ad, and both are still applicants.
    expect(dashboard.receivedApplications).toBe(7);
    const list = (await f.as('owner-a', RECEIVED_TOTAL, {}, f.a.id)).body.data?.findManyTalentJobApplication as { total: number; items: Array<{ hiringStep: { stepName: string } | null }> };
    expect(list.total).toBe(7);
    expect(dashboard.sentInvitations).toBe(1);
    expect(dashboard.rosterTalents).toBe(0);
    expect(dashboard.rosterBalances).toEqual([]);

    // The pipeline now: where each of the seven is (ivy arrived in the first step, like an application to an ad).
    expect(dashboard.pipeline).toEqual([
      { stepName: 'Applied', group: 'IN_PROGRESS', count: 2 },
      { stepName: 'Screening', group: 'IN_PROGRESS', count: 1 },
      { stepName: 'Interview', group: 'IN_PROGRESS', count: 0 },
      { stepName: 'Offer', group: 'IN_PROGRESS', count: 0 },
      { stepName: 'Hired', group: 'HIRED', count: 3 },
      { stepName: 'Rejected', group: 'REJECTED', count: 1 },
      { stepName: 'Withdrawn', group: 'WITHDRAWN', count: 0 },
    ]);
    expect(dashboard.pipeline.reduce((sum, step) => sum + step.count, 0)).toBe(dashboard.receivedApplications);
    expect(list.items.filter((item) => item.hiringStep === null)).toEqual([]);

    // Applications per week: the six received in the last 12 weeks, each in the week it arrived (old is older).
    expect(dashboard.applicationsPerWeek).toHaveLength(12);
    const expectedWeeks = new Map<string, number>();
    for (const subject of ['ana', 'ben', 'cy', 'dee', 'eve', 'ivy']) expectedWeeks.set(mondayOf(createdAt[subject]!), (expectedWeeks.get(mondayOf(createdAt[subject]!)) ?? 0) + 1);
    expect(Object.fromEntries(dashboard.applicationsPerWeek.filter((week) => week.count > 0).map((week) => [week.weekStart, week.count]))).toEqual(Object.fromEntries(expectedWeeks));

    // Open ads with every application each received: the open role has five.
    expect(dashboard.openAds).toEqual([{ title: 'Open role', applications: 5 }]);

    // The last 90 days, from the moves: old's story is older, so it counts nowhere here.
    expect(dashboard.pipelineMetrics).toEqual({
      days: 90,
      // ana (10 days) and cy (20 days): the median is 15.
      hires: 2,
      medianDaysToHire: 15,
      steps: [
        // ana, ben, cy, dee, eve and ivy arrived in Applied; ana, ben, cy and eve moved on.
        { stepName: 'Applied', reached: 6, movedOn: 4, rate: 4 / 6 },
        // ana, ben and eve reached Screening; only ana went on (ben was rejected, eve waits).
        { stepName: 'Screening', reached: 3, movedOn: 1, rate: 1 / 3 },
        { stepName: 'Interview', reached: 2, movedOn: 2, rate: 1 },
        { stepName: 'Offer', reached: 1, movedOn: 1, rate: 1 },
      ],
    });
    // Hired now (all time) holds the hires of the window and the earlier one.
    expect(dashboard.pipeline.find((step) => step.group === 'HIRED')!.count).toBe(dashboard.pipelineMetrics.hires + 1);
  });

  it("tells each application's history from its arrival, every move included", async () => {
    const historyOf = async (subject: string) =>
      ((await f.as('owner-a', HISTORY, { id: applicationOf[subject] }, f.a.id)).body.data?.findTalentJobApplication as { history: Array<{ kind: string; fromStep: string | null; toStep: string | null }> }).history;
    expect(await historyOf('ana')).toEqual([
      { kind: 'APPLIED', fromStep: null, toStep: null },
      { kind: 'MOVED', fromStep: 'Applied', toStep: 'Screening' },
      { kind: 'MOVED', fromStep: 'Screening', toStep: 'Interview' },
      { kind: 'MOVED', fromStep: 'Interview', toStep: 'Offer' },
      { kind: 'MOVED', fromStep: 'Offer', toStep: 'Hired' },
    ]);
    expect(await historyOf('dee')).toEqual([{ kind: 'APPLIED', fromStep: null, toStep: null }]);
    // An answer to an invitation arrives too.
    expect(await historyOf('ivy')).toEqual([{ kind: 'APPLIED', fromStep: null, toStep: null }]);
  });
});
