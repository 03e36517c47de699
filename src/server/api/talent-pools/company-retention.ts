import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { applicationErasedOn, RETENTION_LISTED } from '../../../lib/talent-pools/retention';
import { company, companyHiringStep, generalEventslog, jobAd, jobDescription, talentJobApplication, talentProfile } from '../../db/schema';
import { requireCompanyPermission } from '../auth/company-access';
import { builder } from '../builder';
import { erasableApplications } from './retention-work';

// The company's side of the retention rule (lib/talent-pools/retention.ts): what the next run
// of the daily job will erase (the preview) and what it erased (the log, its
// dataRetention.delete rows). The periods themselves are company settings (updateOneCompany).
// Both lists name the applications as the company's pages do; needs talentJobApplication read.

interface DueRow {
  id: string;
  jobTitle: string | null;
  talentName: string | null;
  endedAt: Date;
  refusedApplicationMonths: number;
}

interface LogRow {
  at: Date;
  kind: string;
  entityId: string;
  jobTitle: string | null;
  talentName: string | null;
  removedSavedTalents: number | null;
  messagesErased: number | null;
  interviewsErased: number | null;
}

const RetentionDue = builder.objectRef<DueRow>('RetentionDueApplication').implement({
  description: 'An ended application the next run of the retention job will erase',
  fields: (t) => ({
    id: t.exposeID('id'),
    jobTitle: t.exposeString('jobTitle', { nullable: true }),
    talentName: t.exposeString('talentName', { nullable: true }),
    endedAt: t.field({ type: 'DateTime', description: 'When it entered its rejected or withdrawn step', resolve: (row) => row.endedAt }),
    erasableSince: t.field({ type: 'DateTime', description: "When the company's period for it ended", resolve: (row) => applicationErasedOn(row.endedAt, row.refusedApplicationMonths) }),
  }),
});

const RetentionLogEntry = builder.objectRef<LogRow>('RetentionLogEntry').implement({
  description: 'One erasure of the retention job: an application emptied, or a pool agreement ended',
  fields: (t) => ({
    at: t.field({ type: 'DateTime', resolve: (row) => row.at }),
    kind: t.exposeString('kind', { description: 'application or poolConsent' }),
    entityId: t.exposeID('entityId', { description: 'The application, or the pool agreement' }),
    jobTitle: t.exposeString('jobTitle', { nullable: true }),
    talentName: t.exposeString('talentName', { nullable: true }),
    removedSavedTalents: t.exposeInt('removedSavedTalents', { nullable: true }),
    messagesErased: t.exposeInt('messagesErased', { nullable: true }),
    interviewsErased: t.exposeInt('interviewsErased', { nullable: true, description: 'Interviews erased with the application, their scorecards with them (0 for erasures logged before interviews were)' }),
  }),
});

const CompanyRetention = builder
  .objectRef<{ due: DueRow[]; dueTotal: number; log: LogRow[] }>('CompanyRetention')
  .implement({
    description: "The selected company's retention: the preview of the next run and the log of the past ones",
    fields: (t) => ({
      due: t.field({ type: [RetentionDue], description: `The first ${RETENTION_LISTED} applications the next run will erase, longest ended first`, resolve: (row) => row.due }),
      dueTotal: t.exposeInt('dueTotal'),
      log: t.field({ type: [RetentionLogEntry], description: `The last ${RETENTION_LISTED} erasures, newest first`, resolve: (row) => row.log }),
    }),
  });

const jobTitle = sql<string | null>`coalesce(${jobAd.title}, ${jobDescription.title})`;

builder.queryField('companyRetention', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyRetention,
    description: "What the daily retention job will erase next for the selected company, and what it erased; needs talentJobApplication read",
    resolve: async (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'talentJobApplication', 'read');
      const now = new Date();
      const dueWhere = and(eq(talentJobApplication.companyId, companyId), erasableApplications(now));
      const data = generalEventslog.eventData;
      const [due, [counted], log] = await Promise.all([
        context.db
          .select({ id: talentJobApplication.id, jobTitle, talentName: talentProfile.profileName, endedAt: talentJobApplication.stepChangedAt, refusedApplicationMonths: company.refusedApplicationMonths })
          .from(talentJobApplication)
          .innerJoin(company, eq(company.id, talentJobApplication.companyId))
          .innerJoin(companyHiringStep, eq(companyHiringStep.id, talentJobApplication.companyHiringStepId))
          .leftJoin(jobAd, eq(jobAd.id, talentJobApplication.jobAdId))
          .leftJoin(jobDescription, eq(jobDescription.id, talentJobApplication.jobDescriptionId))
          .leftJoin(talentProfile, eq(talentProfile.id, talentJobApplication.talentProfileId))
          .where(dueWhere)
          .orderBy(asc(talentJobApplication.stepChangedAt), asc(talentJobApplication.id))
          .limit(RETENTION_LISTED),
        context.db
          .select({ total: count() })
          .from(talentJobApplication)
          .innerJoin(company, eq(company.id, talentJobApplication.companyId))
          .innerJoin(companyHiringStep, eq(companyHiringStep.id, talentJobApplication.companyHiringStepId))
          .where(dueWhere),
        context.db
          .select({
            at: generalEventslog.createdAt,
            kind: sql<string>`${data}->>'kind'`,
            entityId: sql<string>`${data}->>'entityId'`,
            jobTitle,
            talentName: talentProfile.profileName,
            removedSavedTalents: sql<number | null>`(${data}->>'removedSavedTalents')::int`,
            messagesErased: sql<number | null>`(${data}->>'messagesErased')::int`,
            // Older log rows predate it: none were erased then.
            interviewsErased: sql<number | null>`case when ${data}->>'kind' = 'application' then coalesce((${data}->>'interviewsErased')::int, 0) end`,
          })
          .from(generalEventslog)
          .leftJoin(talentJobApplication, sql`${data}->>'kind' = 'application' and ${talentJobApplication.id} = (${data}->>'entityId')::uuid`)
          .leftJoin(jobAd, eq(jobAd.id, talentJobApplication.jobAdId))
          .leftJoin(jobDescription, eq(jobDescription.id, talentJobApplication.jobDescriptionId))
          .leftJoin(talentProfile, eq(talentProfile.id, sql`(${data}->>'talentProfileId')::uuid`))
          .where(and(eq(generalEventslog.type, 'dataRetention.delete'), eq(generalEventslog.toId, companyId)))
          .orderBy(desc(generalEventslog.createdAt), desc(generalEventslog.id))
          .limit(RETENTION_LISTED),
      ]);
      return { due, dueTotal: counted?.total ?? 0, log };
    },
  }),
);
