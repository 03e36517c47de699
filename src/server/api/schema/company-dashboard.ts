import { and, count, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { can } from '../../../lib/permissions/effective-permissions';
import { company, companyTalentRoster, jobAd, talentInvitation, talentJobApplication } from '../../db/schema';
import type { AppDatabase } from '../../db/client';
import { builder } from '../builder';
import { ApiError } from '../errors';

interface DashboardCompanyRow {
  id: string;
  name: string;
  logo: string | null;
  verificationStatus: string;
}

interface JobAdCountsRow {
  open: number;
  total: number;
}

interface CompanyDashboardRow {
  company: DashboardCompanyRow;
  jobAds: JobAdCountsRow | null;
  receivedApplications: number | null;
  sentInvitations: number | null;
  rosterTalents: number | null;
}

const DashboardCompany = builder.objectRef<DashboardCompanyRow>('DashboardCompany').implement({
  description: 'The selected company as its members see it on the dashboard',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    logo: t.exposeString('logo', { nullable: true }),
    verificationStatus: t.exposeString('verificationStatus', { description: 'verified, pending, rejected or deleted (spec §4)' }),
  }),
});

const JobAdCounts = builder.objectRef<JobAdCountsRow>('JobAdCounts').implement({
  description: "The company's job ads that are not deleted",
  fields: (t) => ({
    open: t.exposeInt('open', { description: 'Published and before their deadline: taking applications now' }),
    total: t.exposeInt('total', { description: 'Every job ad, drafts and closed ones included' }),
  }),
});

const CompanyDashboard = builder.objectRef<CompanyDashboardRow>('CompanyDashboard').implement({
  description: "The selected company's dashboard. A count the member's role may not read is null.",
  fields: (t) => ({
    company: t.field({ type: DashboardCompany, resolve: (row) => row.company }),
    jobAds: t.field({ type: JobAdCounts, nullable: true, description: 'Needs jobAd read', resolve: (row) => row.jobAds }),
    receivedApplications: t.int({
      nullable: true,
      description: "Applications to the company's job ads that are not deleted; needs talentJobApplication read",
      resolve: (row) => row.receivedApplications,
    }),
    sentInvitations: t.int({ nullable: true, description: 'Invitations the company sent; needs talentInvitation read', resolve: (row) => row.sentInvitations }),
    rosterTalents: t.int({ nullable: true, description: "Talents on the company's roster; needs companyTalentRoster read", resolve: (row) => row.rosterTalents }),
  }),
});

async function countJobAds(db: AppDatabase, companyId: string, now: Date): Promise<JobAdCountsRow> {
  const isOpen = and(isNotNull(jobAd.publishedAt), lte(jobAd.publishedAt, now), or(isNull(jobAd.publishedUntil), gt(jobAd.publishedUntil, now)));
  const [row] = await db
    .select({ open: sql<number>`count(*) filter (where ${isOpen})`.mapWith(Number), total: count() })
    .from(jobAd)
    .where(and(eq(jobAd.publisherCompanyId, companyId), isNull(jobAd.deletedAt)));
  return { open: row?.open ?? 0, total: row?.total ?? 0 };
}

async function countReceivedApplications(db: AppDatabase, companyId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(talentJobApplication)
    .innerJoin(jobAd, eq(jobAd.id, talentJobApplication.jobAdId))
    .where(and(eq(jobAd.publisherCompanyId, companyId), isNull(jobAd.deletedAt)));
  return row?.total ?? 0;
}

async function countSentInvitations(db: AppDatabase, companyId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(talentInvitation).where(eq(talentInvitation.companyId, companyId));
  return row?.total ?? 0;
}

async function countRosterTalents(db: AppDatabase, companyId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(companyTalentRoster).where(eq(companyTalentRoster.companyId, companyId));
  return row?.total ?? 0;
}

builder.queryField('companyDashboard', (t) =>
  t.field({
    type: CompanyDashboard,
    description: 'The dashboard of the company selected with tp-company: its name, verification status and counts',
    authScopes: { signedIn: true },
    resolve: async (_root, _args, context) => {
      // The company comes only from tp-company, which the context has already checked:
      // verified, not deleted, and one the caller belongs to (else FORBIDDEN there).
      const scope = context.company;
      if (!scope) throw new ApiError('FORBIDDEN', 'Select a company first (tp-company header)', { hint: 'send the id of a verified company you belong to', httpStatus: 403 });
      const { db } = context;
      const { companyId, permissions } = scope;
      const now = new Date();
      // Counts the role may not read are never queried.
      const [companies, jobAds, receivedApplications, sentInvitations, rosterTalents] = await Promise.all([
        db.select({ id: company.id, name: company.name, logo: company.logo, verificationStatus: company.verificationStatus }).from(company).where(eq(company.id, companyId)).limit(1),
        can(permissions, 'jobAd', 'read') ? countJobAds(db, companyId, now) : null,
        can(permissions, 'talentJobApplication', 'read') ? countReceivedApplications(db, companyId) : null,
        can(permissions, 'talentInvitation', 'read') ? countSentInvitations(db, companyId) : null,
        can(permissions, 'companyTalentRoster', 'read') ? countRosterTalents(db, companyId) : null,
      ]);
      const selected = companies[0];
      // Deleted between the scope check and now: answer like a company that is not selectable.
      if (!selected) throw new ApiError('FORBIDDEN', 'You are not a member of this verified company', { hint: 'select another company', httpStatus: 403 });
      return { company: selected, jobAds, receivedApplications, sentInvitations, rosterTalents };
    },
  }),
);
