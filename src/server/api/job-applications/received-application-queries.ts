import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { RECEIVED_APPLICATIONS_COUNT_CAP } from '../../../lib/job-applications/pipeline';
import { DEFAULT_STUCK_AFTER_DAYS } from '../../../lib/job-applications/rejection-reasons';
import { isUuid } from '../../../lib/ids';
import { can } from '../../../lib/permissions/effective-permissions';
import { company, companyHiringStep, companyRejectionReason, talentJobApplication, talentProfile } from '../../db/schema';
import { escapeLike } from '../../db/like-pattern';
import type { AppDatabase, Writer } from '../../db/client';
import { builder } from '../builder';
import { requireCompanyPermission } from '../auth/company-access';
import { pageArgs, pageWindow, type PageWindow } from '../pagination';
import { ApplicantDocumentRef, applicantDocumentsOf, type ApplicantDocument } from './applicant-documents';
import { applicationHistory, ApplicationHistoryEntry } from './application-history';
import { ownApplications, ownedBy, selectReceived, type ReceivedRow } from './received-application-rows';
import { countedApplications } from './pipeline-counts';
import { ReceivedJobApplication, ReceivedJobApplicationPage, RejectionReason, type ReceivedPage } from './received-application-types';

// findManyTalentJobApplication, findTalentJobApplication, findManyCompanyRejectionReason:
// the selected company reads the applications it received, one with the applicant and its
// history, and its reasons for ending one (talentJobApplication read).

const RECEIVED_SORTS = ['NEWEST', 'OLDEST', 'LONGEST_IN_STEP'] as const;
const ReceivedSort = builder.enumType('ReceivedJobApplicationSort', { values: RECEIVED_SORTS });

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

/** findManyTalentJobApplication's filters and order. */
export interface ReceivedListArgs {
  jobAdId?: string | number | null;
  jobDescriptionId?: string | number | null;
  hiringStepId?: string | number | null;
  appliedFrom?: string | null;
  appliedTo?: string | null;
  q?: string | null;
  stuckOnly?: boolean | null;
  sort?: (typeof RECEIVED_SORTS)[number] | null;
}

/**
 * One page of the applications the company received, and their total: the resolver's work,
 * apart from the API so that a test can pass a small cap (as the talent search's).
 *
 * A text searched (q) is counted up to `cap` (the received applications count cap): a common
 * skill matches most of a large company's applications, so the count reads no further than
 * cap + 1 matches; past the cap the total is the cap, totalIsExact false, and pages end
 * there. Every other total is exact.
 */
export async function findReceivedApplications(db: AppDatabase, companyId: string, args: ReceivedListArgs, window: PageWindow, cap: number = RECEIVED_APPLICATIONS_COUNT_CAP): Promise<ReceivedPage> {
  const empty = { items: [], total: 0, totalIsExact: true, page: window.page, perPage: window.perPage };
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
    // The applicant's name, title and skill names, kept on the application (applicantSearch).
    pattern ? ilike(talentJobApplication.applicantSearch, pattern) : undefined,
    args.stuckOnly ? stuckIn(db, companyId) : undefined,
  );
  const order = args.sort === 'OLDEST' ? [asc(talentJobApplication.createdAt), asc(talentJobApplication.id)]
    : args.sort === 'LONGEST_IN_STEP' ? [asc(talentJobApplication.stepChangedAt), asc(talentJobApplication.id)]
    : [desc(talentJobApplication.createdAt), desc(talentJobApplication.id)];
  // By ad and step alone, the total is the database's own count (countedApplications); a text
  // searched, its matches up to the cap; otherwise every match counted.
  const countedByDatabase = !descriptionId && !from && !to && !pattern && !args.stuckOnly;
  const counted = (): Promise<number> => {
    if (countedByDatabase) return countedApplications(db, companyId, { jobAdId: adId, stepId });
    if (!pattern) return db.select({ total: count() }).from(talentJobApplication).where(where).then(([row]) => row?.total ?? 0);
    const matches = db.select({ id: talentJobApplication.id }).from(talentJobApplication).where(where).limit(cap + 1).as('matches');
    return db.select({ total: count() }).from(matches).then(([row]) => row?.total ?? 0);
  };
  // A text searched, no page starts past the cap, and the last one ends there.
  const wanted = pattern ? Math.min(window.perPage, cap - window.offset) : window.perPage;
  const [rows, total] = await Promise.all([
    wanted > 0 ? selectReceived(db).where(where).orderBy(...order).limit(wanted).offset(window.offset) : Promise.resolve([]),
    counted(),
  ]);
  const pastCap = pattern !== null && total > cap;
  return { items: rows as ReceivedRow[], total: pastCap ? cap : total, totalIsExact: !pastCap, page: window.page, perPage: window.perPage };
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
      q: t.arg.string({ description: `Part of the applicant's name, job title or a skill; the matches are counted up to ${RECEIVED_APPLICATIONS_COUNT_CAP} (totalIsExact)` }),
      stuckOnly: t.arg.boolean(),
      sort: t.arg({ type: ReceivedSort }),
    },
    resolve: (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'talentJobApplication', 'read');
      return findReceivedApplications(context.db, companyId, args, pageWindow(args));
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
