import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_STUCK_AFTER_DAYS } from '../../../lib/job-applications/rejection-reasons';
import { isUuid } from '../../../lib/ids';
import { can } from '../../../lib/permissions/effective-permissions';
import { company, companyHiringStep, companyRejectionReason, talentJobApplication, talentProfile } from '../../db/schema';
import { escapeLike } from '../../db/like-pattern';
import type { Writer } from '../../db/client';
import { builder } from '../builder';
import { requireCompanyPermission } from '../auth/company-access';
import { pageArgs, pageWindow } from '../pagination';
import { ApplicantDocumentRef, applicantDocumentsOf, type ApplicantDocument } from './applicant-documents';
import { applicationHistory, ApplicationHistoryEntry } from './application-history';
import { ownApplications, ownedBy, selectReceived, withReceivedJoins, type ReceivedRow } from './received-application-rows';
import { countedApplications } from './pipeline-counts';
import { ReceivedJobApplication, ReceivedJobApplicationPage, RejectionReason } from './received-application-types';

// findManyTalentJobApplication, findTalentJobApplication, findManyCompanyRejectionReason:
// the selected company reads the applications it received, one with the applicant and its
// history, and its reasons for ending one (talentJobApplication read).

const ReceivedSort = builder.enumType('ReceivedJobApplicationSort', { values: ['NEWEST', 'OLDEST', 'LONGEST_IN_STEP'] as const });

const DAY_MS = 86_400_000;

/**
 * The company's stuck applications (isStuck, lib/job-applications): in an in-progress step, or
 * in none, since longer than the company's threshold. Read from the application's own columns
 * and the company's few steps, so that counting them joins nothing per application.
 */
function stuckIn(db: Writer, companyId: string): SQL {
  const inProgressSteps = db
    .select({ id: companyHiringStep.id })
    .from(companyHiringStep)
    .where(and(eq(companyHiringStep.companyId, companyId), or(isNull(companyHiringStep.group), eq(companyHiringStep.group, 'IN_PROGRESS'))));
  const threshold = db.select({ days: sql<number>`coalesce(${company.stuckAfterDays}, ${DEFAULT_STUCK_AFTER_DAYS})` }).from(company).where(eq(company.id, companyId));
  return and(
    or(isNull(talentJobApplication.companyHiringStepId), inArray(talentJobApplication.companyHiringStepId, inProgressSteps)),
    sql`${talentJobApplication.stepChangedAt} < now() - make_interval(days => (${threshold}))`,
  )!;
}

builder.queryField('findManyTalentJobApplication', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: ReceivedJobApplicationPage,
    description: 'Applications the selected company received; needs talentJobApplication read',
    args: {
      ...pageArgs,
      jobAdId: t.arg.id(),
      jobDescriptionId: t.arg.id(),
      hiringStepId: t.arg.id(),
      appliedFrom: t.arg.string({ description: 'yyyy-mm-dd, from the start of that day (UTC)' }),
      appliedTo: t.arg.string({ description: 'yyyy-mm-dd, to the end of that day (UTC)' }),
      q: t.arg.string({ description: "Part of the applicant's name, job title or a skill" }),
      stuckOnly: t.arg.boolean(),
      sort: t.arg({ type: ReceivedSort }),
    },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'talentJobApplication', 'read');
      const window = pageWindow(args);
      const empty = { items: [], total: 0, page: window.page, perPage: window.perPage };
      const ids = [args.jobAdId, args.jobDescriptionId, args.hiringStepId].map((id) => (id ? String(id) : null));
      if (ids.some((id) => id !== null && !isUuid(id))) return empty;
      const [adId, descriptionId, stepId] = ids;
      const day = (value: string | null | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? new Date(`${value}T00:00:00Z`) : null);
      const from = day(args.appliedFrom);
      const to = day(args.appliedTo);
      const q = args.q?.trim().slice(0, 200);
      const pattern = q ? `%${escapeLike(q)}%` : null;
      const where = and(
        ownedBy(companyId),
        adId ? eq(talentJobApplication.jobAdId, adId) : undefined,
        descriptionId ? eq(talentJobApplication.jobDescriptionId, descriptionId) : undefined,
        stepId ? eq(talentJobApplication.companyHiringStepId, stepId) : undefined,
        from ? gte(talentJobApplication.createdAt, from) : undefined,
        to ? lt(talentJobApplication.createdAt, new Date(to.getTime() + DAY_MS)) : undefined,
        pattern ? or(ilike(talentProfile.profileName, pattern), ilike(talentProfile.jobTitle, pattern), sql`${talentProfile.skills}::text ilike ${pattern}`) : undefined,
        args.stuckOnly ? stuckIn(context.db, companyId) : undefined,
      );
      const order = args.sort === 'OLDEST' ? [asc(talentJobApplication.createdAt), asc(talentJobApplication.id)]
        : args.sort === 'LONGEST_IN_STEP' ? [asc(talentJobApplication.stepChangedAt), asc(talentJobApplication.id)]
        : [desc(talentJobApplication.createdAt), desc(talentJobApplication.id)];
      // By ad and step alone, the total is the database's own count (countedApplications);
      // otherwise counted, joining the profile only for a name searched.
      const countedByDatabase = !descriptionId && !from && !to && !pattern && !args.stuckOnly;
      const counted = context.db.select({ total: count() }).from(talentJobApplication).$dynamic();
      const [rows, total] = await Promise.all([
        selectReceived(context.db).where(where).orderBy(...order).limit(window.perPage).offset(window.offset),
        countedByDatabase
          ? countedApplications(context.db, companyId, { jobAdId: adId, stepId })
          : (pattern ? withReceivedJoins(counted) : counted).where(where).then(([row]) => row?.total ?? 0),
      ]);
      return { items: rows as ReceivedRow[], total, page: window.page, perPage: window.perPage };
    },
  }),
);

type DetailRow = ReceivedRow & { email: string | null; description: string | null; totalExperience: number | null; documents: ApplicantDocument[] };

const ReceivedJobApplicationDetail = builder.objectRef<DetailRow>('ReceivedJobApplicationDetail').implement({
  description: 'One application with the applicant as companies see them and its history',
  fields: (t) => ({
    application: t.field({ type: ReceivedJobApplication, resolve: (row) => row }),
    email: t.string({ nullable: true, resolve: (row) => row.email }),
    description: t.string({ nullable: true, description: "The applicant's own summary", resolve: (row) => row.description }),
    totalExperience: t.int({ nullable: true, description: 'Years', resolve: (row) => row.totalExperience }),
    documents: t.field({ type: [ApplicantDocumentRef], description: 'Empty unless the role may read talent profiles (talentProfile read)', resolve: (row) => row.documents }),
    history: t.field({
      type: [ApplicationHistoryEntry],
      description: 'Oldest first',
      resolve: (row, _args, context) => applicationHistory(context.db, row),
    }),
  }),
});

builder.queryField('findTalentJobApplication', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: ReceivedJobApplicationDetail,
    description: 'One application the selected company received, with its history; NOT_FOUND for any other id; needs talentJobApplication read',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { companyId, permissions } = requireCompanyPermission(context, 'talentJobApplication', 'read');
      const [row] = await ownApplications(context.db, companyId, [String(id)]);
      const [profile] = await context.db
        .select({ email: talentProfile.email, description: talentProfile.description, totalExperience: talentProfile.totalExperience, cv: talentProfile.cv, resume: talentProfile.resume, pdf: talentProfile.pdf })
        .from(talentProfile)
        .where(eq(talentProfile.id, row!.talentProfileId));
      // The application itself is the link that lets the company read them (talent-document-access).
      // Unless she withdrew it taking them back.
      const linked = row!.documentsErasedAt === null;
      const documents = profile && linked && can(permissions, 'talentProfile', 'read') ? applicantDocumentsOf(profile) : [];
      return { ...row!, email: linked ? (profile?.email ?? null) : null, description: profile?.description ?? null, totalExperience: profile?.totalExperience ?? null, documents };
    },
  }),
);

builder.queryField('findManyCompanyRejectionReason', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [RejectionReason],
    description: "The selected company's reasons for ending an application, by kind and order; needs talentJobApplication read",
    resolve: (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'talentJobApplication', 'read');
      return context.db
        .select({ id: companyRejectionReason.id, kind: companyRejectionReason.kind, label: companyRejectionReason.label })
        .from(companyRejectionReason)
        .where(and(eq(companyRejectionReason.companyId, companyId), isNull(companyRejectionReason.deletedAt)))
        .orderBy(asc(companyRejectionReason.kind), asc(companyRejectionReason.order), asc(companyRejectionReason.label));
    },
  }),
);
