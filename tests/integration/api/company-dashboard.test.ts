import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OWNER_PERMISSIONS } from '../../../src/lib/permissions/resources';
import {
  company,
  companyOnUser,
  companyPermissions,
  companyRole,
  companyHiringStep,
  companyTalentRoster,
  jobAd,
  talentBalanceTransaction,
  talentInvitation,
  talentJobApplication,
  talentProfile,
  user,
} from '../../../src/server/db/schema';
import { startApiHarness, type ApiHarness } from '../../support/api-harness';
import { describeEachDatabase } from '../../support/test-database';

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
    // Capped Co's own ceiling takes the roster away from everyone there (spec §6 AND-merge).
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
      // An application to a deleted ad is not counted; one to another company's ad neither.
      { jobAdId: deleted, talentProfileId: t3 },
      { jobAdId: otherOpen, talentProfileId: t3 },
    ]);
    await db.insert(talentInvitation).values([
      { companyId: ids.acme, talentProfileId: t1, jobAdId: open },
      { companyId: ids.acme, talentProfileId: t2, jobAdId: open, ignored: true, ignoredAt: ago(1) },
      { companyId: ids.other, talentProfileId: t3, jobAdId: otherOpen },
    ]);
    const [acmeRoster] = await db.insert(companyTalentRoster).values({ companyId: ids.acme, talentProfileId: t1, currency: 'EUR' }).returning();
    await db.insert(talentBalanceTransaction).values([
      { companyTalentRosterId: acmeRoster!.id, companyId: ids.acme, change: '100.50', currency: 'EUR', type: 'SALARY' },
      { companyTalentRosterId: acmeRoster!.id, companyId: ids.acme, change: '-20.25', currency: 'EUR', type: 'WITHDRAWAL' },
      { companyTalentRosterId: acmeRoster!.id, companyId: ids.acme, change: '7.00', currency: 'USD', type: 'MISC' },
    ]);
    await db.insert(companyTalentRoster).values([
      { companyId: ids.other, talentProfileId: t2, currency: 'EUR' },
      { companyId: ids.other, talentProfileId: t3, currency: 'EUR' },
      { companyId: ids.capped, talentProfileId: t3, currency: 'EUR' },
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
      receivedApplications: 3,
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
    // This week: the two applications to the open ad; three weeks back: the one to the closed ad.
    expect(weeks.at(-1)?.count).toBe(2);
    expect(weeks.reduce((sum, week) => sum + Number(week.count), 0)).toBe(3);
    expect(charts.pipeline).toEqual([
      { stepName: 'Applied', group: 'IN_PROGRESS', count: 1 },
      { stepName: 'Hired', group: 'HIRED', count: 1 },
      { stepName: null, group: null, count: 1 },
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
