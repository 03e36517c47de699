import { and, asc, eq, inArray, isNotNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { can, effectivePermissions } from '../../../src/lib/permissions/effective-permissions';
import { computeProfileScore } from '../../../src/lib/profile/profile-score';
import type { AppDatabase, Database } from '../../../src/server/db/client';
import {
  admin,
  billing,
  company,
  companyOnUser,
  companyHiringStep,
  companyPermissions,
  companyRole,
  generalEventslog,
  identityAccount,
  invoice,
  jobAd,
  savedJobAd,
  talentBalanceTransaction,
  talentInvitation,
  talentJobApplication,
  talentProfile,
  user,
} from '../../../src/server/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../src/server/db/seed/demo-accounts';
import { isDatabaseEmpty, seedDemoData, type SeedSummary } from '../../../src/server/db/seed/demo-seed';
import { verifyPassword } from '../../../src/server/crypto/password-hash';
import { describeEachDatabase, openTestDatabase } from '../../support/test-database';
import { FRENCH_JOB_AD_COUNT } from '../../../src/server/db/seed/french-job-ads';
import { sendJobAlertDigests } from '../../../src/server/api/job-alerts/job-alert-digests';
import type { MailMessage } from '../../../src/server/mail/mailer';
import { createPostgresJobSearch } from '../../../src/server/job-ad-search/postgres-job-search';

const DAY_MS = 24 * 60 * 60 * 1000;

async function scalar(db: AppDatabase, query: ReturnType<typeof sql>): Promise<number> {
  const result = await db.execute<{ value: string | number }>(query);
  return Number(result.rows[0]?.value);
}

async function titlesInOrder(db: AppDatabase): Promise<string[]> {
  const rows = await db.select({ title: jobAd.title }).from(jobAd).orderBy(asc(jobAd.createdAt), asc(jobAd.title));
  return rows.map((row) => row.title);
}

async function userIdOf(db: AppDatabase, email: string): Promise<string> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

describeEachDatabase('demo seed', (kind) => {
  let database: Database;
  let db: AppDatabase;
  let emptyBefore: boolean;
  let summary: SeedSummary;
  let seededAt: number;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
    emptyBefore = await isDatabaseEmpty(db);
    seededAt = Date.now();
    summary = await seedDemoData(db);
  });
  afterAll(() => database?.close());

  it('sees an empty database before seeding and a non-empty one after', async () => {
    expect(emptyBefore).toBe(true);
    expect(await isDatabaseEmpty(db)).toBe(false);
  });

  it('leaves planner statistics for every table it filled, the small ones too', async () => {
    // reltuples is -1 for a table never analysed; autovacuum skips tables under 50 changes.
    // The tables of this test's own schema (to_regclass reads the search path): on the shared
    // PostgreSQL server, other files' schemas have tables of the same names, not yet analysed.
    const rows = await db.execute<{ relname: string; reltuples: number }>(
      sql`select relname, reltuples::float8 as reltuples from pg_class where oid in (to_regclass('company'), to_regclass('job_ad'), to_regclass('"user"'))`,
    );
    const estimates = new Map(rows.rows.map((row) => [row.relname, Number(row.reltuples)]));
    expect(estimates.get('company')).toBe(await scalar(db, sql`select count(*) as value from company`));
    expect(estimates.get('job_ad')).toBe(await scalar(db, sql`select count(*) as value from job_ad`));
    expect(estimates.get('user')).toBe(await scalar(db, sql`select count(*) as value from "user"`));
  });

  it('creates the companies in the listed verification states, one of them soft-deleted', async () => {
    const rows = await db
      .select({ name: company.name, status: company.verificationStatus, deletedAt: company.deletedAt, currency: company.accountingCurrency })
      .from(company);
    const byName = new Map(rows.map((row) => [row.name, row]));
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(byName.get('Northwind Labs')).toMatchObject({ status: 'verified', deletedAt: null });
    expect(byName.get('Brightpath Consulting')).toMatchObject({ status: 'verified', deletedAt: null });
    expect(byName.get('Kite Analytics')).toMatchObject({ status: 'pending' });
    expect(byName.get('Stonebridge Retail')).toMatchObject({ status: 'verified' });
    expect(byName.get('Redfern Works')).toMatchObject({ status: 'rejected' });
    expect(byName.get('Old Harbor Ltd')?.status).toBe('verified');
    expect(byName.get('Old Harbor Ltd')?.deletedAt).toBeInstanceOf(Date);
    expect(new Set(rows.map((row) => row.currency))).toEqual(new Set(['EUR', 'GBP', 'USD']));
  });

  it('publishes at least 200 current-looking job ads: most open, some expired, some anonymous', async () => {
    const ads = await db
      .select({
        publishedAt: jobAd.publishedAt,
        publishedUntil: jobAd.publishedUntil,
        isAnonymous: jobAd.isAnonymous,
        skills: jobAd.skills,
        skillsLowercase: jobAd.skillsLowercase,
        description: jobAd.description,
      })
      .from(jobAd)
      .where(isNotNull(jobAd.publishedAt));
    expect(ads.length).toBeGreaterThanOrEqual(200);
    expect(summary.jobAds.published).toBe(ads.length);
    const expired = ads.filter((ad) => ad.publishedUntil!.getTime() < seededAt);
    const open = ads.filter((ad) => ad.publishedUntil!.getTime() > seededAt);
    expect(expired.length).toBeGreaterThan(ads.length * 0.05);
    expect(expired.length).toBeLessThan(ads.length * 0.3);
    for (const ad of open) {
      const daysLeft = (ad.publishedUntil!.getTime() - seededAt) / DAY_MS;
      expect(daysLeft).toBeGreaterThan(0.9);
      expect(daysLeft).toBeLessThanOrEqual(60.1);
    }
    for (const ad of ads) {
      expect((seededAt - ad.publishedAt!.getTime()) / DAY_MS).toBeLessThanOrEqual(90);
      expect(ad.skills.length).toBeGreaterThanOrEqual(3);
      expect(ad.skills.length).toBeLessThanOrEqual(8);
      expect(ad.skillsLowercase).toEqual(ad.skills.map((skill) => skill.toLowerCase()));
      expect(ad.description!.split('\n\n').length).toBeGreaterThanOrEqual(3);
    }
    expect(ads.some((ad) => ad.isAnonymous)).toBe(true);
    // The French demo ads (seed/french-job-ads.ts), in French and from the Paris company.
    const french = await db.select({ title: jobAd.title, language: jobAd.language }).from(jobAd).where(eq(jobAd.language, 'fr'));
    expect(french.length).toBeGreaterThanOrEqual(6);
    expect(french.map((ad) => ad.title)).toContain('Développeur Full Stack TypeScript');
    expect(await scalar(db, sql`select count(*) as value from job_ad where published_at is null`)).toBeGreaterThan(0);
  });

  it('keeps salaries in the range of their rate unit, as decimal strings', async () => {
    const outOfRange = await scalar(
      db,
      sql`select count(*) as value from job_ad where not (
        (salary_rate_unit = 'HOUR' and salary between 30 and 150) or
        (salary_rate_unit = 'DAY' and salary between 300 and 1200) or
        (salary_rate_unit = 'MONTH' and salary between 3000 and 12000))`,
    );
    expect(outOfRange).toBe(0);
    const [ad] = await db.select({ salary: jobAd.salary }).from(jobAd).limit(1);
    expect(ad?.salary).toMatch(/^\d+\.\d{2}$/);
  });

  it('creates at least 50 seeded talents, each with a user and no identity account, with a spread of scores', async () => {
    const profiles = await db
      .select({ profile: talentProfile, externalId: user.externalId })
      .from(talentProfile)
      .innerJoin(user, eq(user.id, talentProfile.userId))
      .where(like(user.externalId, 'seed-talent-%'));
    expect(profiles.length).toBeGreaterThanOrEqual(50);
    const scores = profiles.map(({ profile }) => computeProfileScore(profile).profileScore);
    expect(scores.filter((score) => score < 25).length).toBeGreaterThanOrEqual(3);
    expect(scores.filter((score) => score >= 25 && score < 75).length).toBeGreaterThanOrEqual(10);
    expect(scores.filter((score) => score >= 75).length).toBeGreaterThanOrEqual(10);
    expect(await scalar(db, sql`select count(*) as value from identity_account`)).toBe(DEMO_ACCOUNTS.length);
  });

  it('signs the demo accounts in with the demo password, users keyed by the identity account id', async () => {
    const rows = await db
      .select({ account: identityAccount, user })
      .from(identityAccount)
      .innerJoin(user, eq(user.externalId, sql`${identityAccount.id}::text`));
    expect(rows.map((row) => row.account.email).sort()).toEqual(DEMO_ACCOUNTS.map((account) => account.email).sort());
    for (const demo of DEMO_ACCOUNTS) {
      const row = rows.find((candidate) => candidate.account.email === demo.email)!;
      expect(row.account).toMatchObject({ name: demo.name, roles: [...demo.roles], emailVerified: true });
      expect(row.user).toMatchObject({ email: demo.email, displayName: demo.name, status: 'active' });
      expect(await verifyPassword(DEMO_PASSWORD, row.account.passwordHash)).toBe(true);
    }
    expect(await verifyPassword('wrong-password', rows[0]!.account.passwordHash)).toBe(false);
    const [adminUser] = await db
      .select({ role: admin.role })
      .from(user)
      .innerJoin(admin, eq(admin.id, user.adminRoleId))
      .where(eq(user.email, 'admin@demo.test'));
    expect(adminUser?.role).toBe('super:admin');
  });

  it("gives the demo talent a profile at about 60 %", async () => {
    const [profile] = await db.select().from(talentProfile).where(eq(talentProfile.email, 'talent@demo.test'));
    expect(profile).toMatchObject({ jobTitle: 'Frontend Developer', location: 'Lisbon', education: [] });
    expect(profile!.skills.map((skill) => skill.name)).toEqual(['React', 'TypeScript', 'CSS']);
    const { profileScore } = computeProfileScore(profile!);
    expect(profileScore).toBeGreaterThanOrEqual(55);
    expect(profileScore).toBeLessThanOrEqual(65);
  });

  it('gives the French demo talent a French account, a profile written in French and applications to French ads', async () => {
    const [account] = await db.select({ preferences: user.preferences }).from(user).where(eq(user.email, 'camille@demo.test'));
    expect(account?.preferences).toMatchObject({ language: 'fr', timeZone: 'Europe/Paris' });
    const [profile] = await db.select().from(talentProfile).where(eq(talentProfile.email, 'camille@demo.test'));
    expect(profile).toMatchObject({ profileName: 'Camille Durand', jobTitle: 'Développeuse full stack', location: 'Paris' });
    const applications = await db
      .select({ language: jobAd.language, step: companyHiringStep.stepName })
      .from(talentJobApplication)
      .innerJoin(jobAd, eq(jobAd.id, talentJobApplication.jobAdId))
      .leftJoin(companyHiringStep, eq(companyHiringStep.id, talentJobApplication.companyHiringStepId))
      .where(eq(talentJobApplication.talentProfileId, profile!.id));
    expect(applications).toEqual(expect.arrayContaining([{ language: 'fr', step: 'Screening' }, { language: 'fr', step: 'Applied' }]));
    expect(applications).toHaveLength(2);
  });

  it('makes owner@ a member of three companies and recruiter@ a recruiter without company update', async () => {
    const memberships = async (email: string) =>
      db
        .select({ company, role: companyRole, companyPermissions: companyPermissions.permissions })
        .from(companyOnUser)
        .innerJoin(company, eq(company.id, companyOnUser.companyId))
        .innerJoin(companyRole, eq(companyRole.id, companyOnUser.roleId))
        .leftJoin(companyPermissions, eq(companyPermissions.companyId, company.id))
        .where(eq(companyOnUser.userId, await userIdOf(db, email)));
    const permissionsAt = (row: Awaited<ReturnType<typeof memberships>>[number]) =>
      effectivePermissions({ company: { ...row.company, permissions: row.companyPermissions }, role: row.role });

    const owner = await memberships('owner@demo.test');
    expect(owner.map((row) => row.company.name).sort()).toEqual(['Brightpath Consulting', 'Kite Analytics', 'Northwind Labs']);
    expect(owner.filter((row) => row.company.verificationStatus === 'verified')).toHaveLength(2);
    expect(owner.filter((row) => row.company.verificationStatus === 'pending')).toHaveLength(1);
    const ownerAt = (name: string) => permissionsAt(owner.find((row) => row.company.name === name)!);
    expect(can(ownerAt('Northwind Labs'), 'company', 'update')).toBe(true);
    // Northwind's own ceiling forbids deleting job ads, whatever the role says (AND-merge).
    expect(can(ownerAt('Northwind Labs'), 'jobAd', 'delete')).toBe(false);
    expect(can(ownerAt('Northwind Labs'), 'jobAd', 'create')).toBe(true);
    expect(can(ownerAt('Brightpath Consulting'), 'jobAd', 'delete')).toBe(true);

    const [recruiter, ...others] = await memberships('recruiter@demo.test');
    expect(others).toHaveLength(0);
    expect(recruiter!.company.name).toBe('Northwind Labs');
    expect(recruiter!.role.role).toBe('Recruiter');
    const recruiterCan = permissionsAt(recruiter!);
    expect(can(recruiterCan, 'company', 'update')).toBe(false);
    expect(can(recruiterCan, 'companyOnUser', 'read')).toBe(false);
    expect(can(recruiterCan, 'companyRole', 'read')).toBe(false);
    expect(can(recruiterCan, 'talentProfile', 'read')).toBe(true);
    expect(can(recruiterCan, 'jobAd', 'create')).toBe(true);
    // Moving candidates through the hiring steps is what a recruiter does (the page's lead says so).
    expect(can(recruiterCan, 'talentJobApplication', 'update')).toBe(true);
    expect(can(recruiterCan, 'companyHiringStep', 'read')).toBe(true);
    expect(can(recruiterCan, 'companyHiringStep', 'update')).toBe(false);
  });

  it("fills the demo talent's saved jobs, applications and invitations", async () => {
    const talentUserId = await userIdOf(db, 'talent@demo.test');
    const [profile] = await db.select({ id: talentProfile.id }).from(talentProfile).where(eq(talentProfile.userId, talentUserId));
    expect(await db.$count(savedJobAd, eq(savedJobAd.userId, talentUserId))).toBeGreaterThanOrEqual(4);
    const applications = await db.select().from(talentJobApplication).where(eq(talentJobApplication.talentProfileId, profile!.id));
    expect(applications.length).toBeGreaterThanOrEqual(5);
    expect(new Set(applications.map((application) => application.companyHiringStepId)).size).toBeGreaterThanOrEqual(4);
    const invitations = await db.select().from(talentInvitation).where(eq(talentInvitation.talentProfileId, profile!.id));
    expect(invitations.length).toBeGreaterThanOrEqual(3);
    expect(invitations.filter((invitation) => invitation.ignored && invitation.ignoredAt)).toHaveLength(1);
  });

  it("logs every seeded application's arrival and the moves that took it to its step, as applying and moving do", async () => {
    const applications = await db
      .select({ id: talentJobApplication.id, createdAt: talentJobApplication.createdAt, stepChangedAt: talentJobApplication.stepChangedAt, stepId: talentJobApplication.companyHiringStepId, stepName: companyHiringStep.stepName })
      .from(talentJobApplication)
      .leftJoin(companyHiringStep, eq(companyHiringStep.id, talentJobApplication.companyHiringStepId));
    const events = await db
      .select({ type: generalEventslog.type, at: generalEventslog.createdAt, data: generalEventslog.eventData })
      .from(generalEventslog)
      .where(inArray(generalEventslog.type, ['talentJobApplication.create', 'talentJobApplication.update']))
      .orderBy(asc(generalEventslog.createdAt));
    const of = (id: string) => events.filter((event) => event.data.entityId === id);
    const moved = applications.filter((application) => application.stepName !== 'Applied');
    expect(moved.length).toBeGreaterThan(0);
    for (const application of applications) {
      const logged = of(application.id);
      expect(logged[0], application.id).toMatchObject({ type: 'talentJobApplication.create', at: application.createdAt });
      const moves = logged.filter((event) => event.type === 'talentJobApplication.update');
      if (application.stepName === 'Applied') {
        expect(moves, application.id).toEqual([]);
        continue;
      }
      // From Applied, one step at a time, to the step it is in, which it entered with the last move.
      expect(moves[0]!.data.fromStep, application.id).toBe('Applied');
      expect(moves.at(-1)!.data.toStepId, application.id).toBe(application.stepId);
      expect(moves.at(-1)!.at, application.id).toEqual(application.stepChangedAt);
      expect(moves.every((move, index) => index === 0 || move.data.fromStep === moves[index - 1]!.data.toStep), application.id).toBe(true);
    }
  });

  it("gives the demo talent a weekly job alert whose first digest run mails the remote ads of the last week", async () => {
    const sent: MailMessage[] = [];
    const options = { db, jobSearch: createPostgresJobSearch(db), mailer: { send: async (message: MailMessage) => void sent.push(message) }, site: { origin: 'https://talentplace.test', productName: 'Talentplace' }, unsubscribeKey: 'k', log: () => {} };
    expect(await sendJobAlertDigests(options, 'weekly')).toMatchObject({ checked: 1, sent: 1 });
    expect(sent[0]).toMatchObject({ to: 'talent@demo.test', subject: expect.stringMatching(/^\d+ new jobs? for All jobs · Remote on Talentplace$/) });
  });

  it('keeps the money trail exact: every billing status, lines adding up, invoices, balances', async () => {
    const statuses = await db.selectDistinct({ status: billing.status }).from(billing);
    expect(statuses.map((row) => row.status).sort()).toEqual(['APPROVED', 'DRAFT', 'INVOICED', 'PAID', 'REJECTED', 'SENT']);
    expect(await scalar(db, sql`select count(*) as value from billing_line_item where amount <> round(quantity * price, 2)`)).toBe(0);
    expect(
      await scalar(
        db,
        sql`select count(*) as value from billing b where amount <> (select sum(amount) from billing_line_item l where l.billing_id = b.id)`,
      ),
    ).toBe(0);
    expect(await scalar(db, sql`select count(distinct unit) as value from billing_line_item`)).toBe(3);
    const invoiced = await db
      .select({ billingStatus: billing.status, invoiceStatus: invoice.status })
      .from(invoice)
      .innerJoin(billing, eq(billing.id, invoice.billingId));
    expect(invoiced.length).toBe(await db.$count(billing, inArray(billing.status, ['INVOICED', 'PAID'])));
    for (const row of invoiced) expect(row.invoiceStatus).toBe(row.billingStatus === 'PAID' ? 'PAID' : 'UNPAID');
    expect(
      await scalar(
        db,
        sql`select count(*) as value from company_talent_roster r where balance <>
          coalesce((select sum(change) from talent_balance_transaction t where t.company_talent_roster_id = r.id), 0)`,
      ),
    ).toBe(0);
    const types = await db.selectDistinct({ type: talentBalanceTransaction.type }).from(talentBalanceTransaction);
    expect(types.map((row) => row.type).sort()).toEqual(['COMISSION', 'MISC', 'SALARY', 'WITHDRAWAL']);
    expect(await scalar(db, sql`select count(*) as value from talent_payment_profile`)).toBe(1);
  });

  it('numbers the issued invoices without gaps per issuer and year, and the counter holds the last number', async () => {
    const issued = await db.select().from(invoice).where(isNotNull(invoice.issuedAt));
    expect(issued.length).toBeGreaterThan(0);
    const byIssuerYear = new Map<string, number[]>();
    for (const row of issued) {
      expect(row.number).toBe(`INV-${row.year}-${String(row.sequence).padStart(4, '0')}`);
      const key = `${row.issuerCompanyId}/${row.year}`;
      byIssuerYear.set(key, [...(byIssuerYear.get(key) ?? []), row.sequence!]);
    }
    for (const [key, sequences] of byIssuerYear) {
      expect(sequences.sort((a, b) => a - b), key).toEqual(sequences.map((_, index) => index + 1));
      const [issuer, year] = key.split('/');
      expect(await scalar(db, sql`select last_sequence as value from invoice_number_counter where company_id = ${issuer} and year = ${Number(year)}`)).toBe(sequences.length);
    }
    expect(issued.some((row) => row.selfBilled)).toBe(true);
    expect(await scalar(db, sql`select count(*) as value from invoice where total <> net_total + vat_total`)).toBe(0);
  });

  it('counts what it inserted', async () => {
    expect(summary.counts.job_ad).toBe(await db.$count(jobAd));
    expect(summary.counts.talent_profile).toBe(await db.$count(talentProfile));
    expect(summary.counts.general_eventslog).toBeGreaterThan(20);
  });

  it('produces the same job ads on a second seed', async () => {
    const second = await openTestDatabase(kind);
    try {
      await seedDemoData(second.db);
      const [first, again] = [await titlesInOrder(db), await titlesInOrder(second.db)];
      expect(again).toHaveLength(first.length);
      expect(again).toEqual(first);
    } finally {
      await second.close();
    }
  });

  it('scales: seeds the counts asked for and reports progress', async () => {
    const scaled = await openTestDatabase(kind);
    try {
      const progress: { step: string; done: number; total: number }[] = [];
      const result = await seedDemoData(scaled.db, {
        jobAds: 1200,
        talents: 300,
        onProgress: (step, done, total) => progress.push({ step, done, total }),
      });
      // The French demo ads come on top of the generated ones.
      expect(await scaled.db.$count(jobAd, isNotNull(jobAd.publishedAt))).toBe(1200 + FRENCH_JOB_AD_COUNT);
      expect(result.jobAds.published).toBe(1200 + FRENCH_JOB_AD_COUNT);
      expect(await scaled.db.$count(user, like(user.externalId, 'seed-talent-%'))).toBe(300);
      expect(
        await scaled.db.$count(
          talentProfile,
          and(inArray(talentProfile.userId, scaled.db.select({ id: user.id }).from(user).where(like(user.externalId, 'seed-talent-%')))),
        ),
      ).toBe(300);
      const adProgress = progress.filter((event) => event.step === 'job ads');
      // Chunks of 500: 1200 ads and their drafts take three inserts.
      expect(adProgress.length).toBeGreaterThanOrEqual(3);
      // The generated ads' progress; the few French ones are inserted after it.
      expect(adProgress.at(-1)).toEqual({ step: 'job ads', done: adProgress.at(-1)!.total, total: result.counts.job_ad! - FRENCH_JOB_AD_COUNT });
      for (const [index, event] of adProgress.entries()) {
        if (index > 0) expect(event.done).toBeGreaterThan(adProgress[index - 1]!.done);
      }
      expect(new Set(progress.map((event) => event.step))).toEqual(
        new Set(['catalog', 'accounts', 'companies', 'job descriptions', 'job ads', 'talents', 'activity', 'demo talent', 'events']),
      );
    } finally {
      await scaled.close();
    }
  });
});
