import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { HIRING_STEP_GROUPS, hiringStepGroupOf, type HiringStepGroup } from '../../../lib/companies/hiring-steps';
import { isStuck, MAX_BULK_MOVE, reasonKindFor } from '../../../lib/job-applications/pipeline';
import { DEFAULT_STUCK_AFTER_DAYS, REJECTION_KINDS } from '../../../lib/job-applications/rejection-reasons';
import { isUuid } from '../../../lib/ids';
import { can } from '../../../lib/permissions/effective-permissions';
import { DOCUMENT_SLOTS, type DocumentSlot } from '../../../lib/uploads/upload-rules';
import { company, companyHiringStep, companyRejectionReason, generalEventslog, jobAd, jobDescription, talentJobApplication, talentProfile, user } from '../../db/schema';
import { escapeLike } from '../../db/like-pattern';
import { builder } from '../builder';
import { JobReference, jobReferenceOf } from '../jobs/job-reference';
import { invalidFields, notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { recordEvent } from '../record-event';
import { requireCompanyPermission } from '../auth/company-access';
import type { Writer } from '../../db/client';
import type { StoredFile } from '../../db/schema/talents';

// Applications a company received (issue 16; spec §2 received-job-applications and
// job-application): the list, one application with its history, the company's rejection
// reasons, and moves through the pipeline, one or many at once. An application is the
// company's when its ad is (or, for an answer to an invitation without an ad, its job
// description is); any other id answers NOT_FOUND like an unknown one.

const PIPELINE_WORDS = 'jobApplications.errors';

export interface ReceivedRow {
  id: string;
  message: string | null;
  createdAt: Date;
  stepChangedAt: Date;
  talentProfileId: string;
  talentUserId: string | null;
  profileName: string | null;
  jobTitle: string | null;
  location: string | null;
  skills: { name: string }[];
  jobAdId: string | null;
  jobAdTitle: string | null;
  jobDescriptionId: string | null;
  jobDescriptionTitle: string | null;
  stepId: string | null;
  stepName: string | null;
  stepGroup: string | null;
  stepOrder: number | null;
  reasonId: string | null;
  reasonLabel: string | null;
  reasonKind: string | null;
  stuckAfterDays: number;
}

const PipelineGroup = builder.enumType('PipelineStepGroup', { values: HIRING_STEP_GROUPS });
const RejectionKindEnum = builder.enumType('RejectionKind', { description: 'REJECTED: ended by the company; WITHDRAWN: by the candidate', values: REJECTION_KINDS });

export const RejectionReason = builder.objectRef<{ id: string; kind: string; label: string }>('RejectionReason').implement({
  description: "One of the company's reasons for ending an application",
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.field({ type: RejectionKindEnum, resolve: (row) => row.kind as (typeof REJECTION_KINDS)[number] }),
    label: t.exposeString('label'),
  }),
});

const ApplicationStep = builder.objectRef<{ id: string; stepName: string; group: HiringStepGroup | null; order: number }>('ApplicationStep').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    stepName: t.exposeString('stepName'),
    group: t.field({ type: PipelineGroup, nullable: true, resolve: (row) => row.group }),
    order: t.exposeInt('order'),
  }),
});

const ApplicationTalent = builder.objectRef<ReceivedRow>('ApplicationTalent').implement({
  description: 'What a company sees of an applicant',
  fields: (t) => ({
    id: t.id({ resolve: (row) => row.talentProfileId }),
    profileName: t.string({ nullable: true, resolve: (row) => row.profileName }),
    jobTitle: t.string({ nullable: true, resolve: (row) => row.jobTitle }),
    location: t.string({ nullable: true, resolve: (row) => row.location }),
    skills: t.stringList({ resolve: (row) => row.skills.map((skill) => skill.name).filter(Boolean) }),
  }),
});

export const ReceivedJobApplication = builder.objectRef<ReceivedRow>('ReceivedJobApplication');
ReceivedJobApplication.implement({
  description: 'An application the selected company received',
  fields: (t) => ({
    id: t.exposeID('id'),
    message: t.exposeString('message', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    stepChangedAt: t.field({ type: 'DateTime', description: 'When it entered its current step', resolve: (row) => row.stepChangedAt }),
    isStuck: t.boolean({ description: "In an in-progress step for longer than the company's threshold", resolve: (row) => isStuck({ group: hiringStepGroupOf(row.stepGroup), stepChangedAt: row.stepChangedAt }, row.stuckAfterDays, new Date()) }),
    stuckAfterDays: t.int({ description: "The company's threshold for isStuck, in days", resolve: (row) => row.stuckAfterDays }),
    talent: t.field({ type: ApplicationTalent, resolve: (row) => row }),
    jobAd: t.field({ type: JobReference, nullable: true, resolve: (row) => jobReferenceOf(row.jobAdId, row.jobAdTitle) }),
    jobDescription: t.field({ type: JobReference, nullable: true, resolve: (row) => jobReferenceOf(row.jobDescriptionId, row.jobDescriptionTitle) }),
    hiringStep: t.field({
      type: ApplicationStep,
      nullable: true,
      resolve: (row) => (row.stepId && row.stepName !== null ? { id: row.stepId, stepName: row.stepName, group: hiringStepGroupOf(row.stepGroup), order: row.stepOrder ?? 0 } : null),
    }),
    rejectionReason: t.field({ type: RejectionReason, nullable: true, resolve: (row) => (row.reasonId && row.reasonLabel !== null ? { id: row.reasonId, kind: row.reasonKind ?? 'REJECTED', label: row.reasonLabel } : null) }),
  }),
});

const ReceivedJobApplicationPage = pageOf(ReceivedJobApplication, 'ReceivedJobApplication');

/**
 * The company an application belongs to: its ad's publisher, else its job description's
 * writer. Needs jobAd and jobDescription joined to talentJobApplication (left joins).
 */
export const ownedBy = (companyId: string): SQL =>
  or(eq(jobAd.publisherCompanyId, companyId), and(isNull(talentJobApplication.jobAdId), eq(jobDescription.companyId, companyId)))!;

/** The joins every read of received applications filters and shows through, whatever it selects. */
export function withReceivedJoins<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(talentProfile, eq(talentProfile.id, talentJobApplication.talentProfileId))
    .leftJoin(jobAd, eq(jobAd.id, talentJobApplication.jobAdId))
    .leftJoin(jobDescription, eq(jobDescription.id, talentJobApplication.jobDescriptionId))
    .leftJoin(company, eq(company.id, sql`coalesce(${jobAd.publisherCompanyId}, ${jobDescription.companyId})`))
    .leftJoin(companyHiringStep, eq(companyHiringStep.id, talentJobApplication.companyHiringStepId))
    .leftJoin(companyRejectionReason, eq(companyRejectionReason.id, talentJobApplication.rejectionReasonId));
}

/** The columns of a received application as ReceivedJobApplication shows it. */
export const receivedColumns = {
  id: talentJobApplication.id,
  message: talentJobApplication.message,
  createdAt: talentJobApplication.createdAt,
  stepChangedAt: talentJobApplication.stepChangedAt,
  talentProfileId: talentProfile.id,
  talentUserId: talentProfile.userId,
  profileName: talentProfile.profileName,
  jobTitle: talentProfile.jobTitle,
  location: talentProfile.location,
  skills: talentProfile.skills,
  jobAdId: jobAd.id,
  jobAdTitle: jobAd.title,
  jobDescriptionId: jobDescription.id,
  jobDescriptionTitle: jobDescription.title,
  stepId: companyHiringStep.id,
  stepName: companyHiringStep.stepName,
  stepGroup: companyHiringStep.group,
  stepOrder: companyHiringStep.order,
  reasonId: companyRejectionReason.id,
  reasonLabel: companyRejectionReason.label,
  reasonKind: companyRejectionReason.kind,
  stuckAfterDays: sql<number>`coalesce(${company.stuckAfterDays}, ${DEFAULT_STUCK_AFTER_DAYS})`,
};

function selectReceived(db: Writer) {
  return withReceivedJoins(db.select(receivedColumns).from(talentJobApplication).$dynamic());
}

const ReceivedSort = builder.enumType('ReceivedJobApplicationSort', { values: ['NEWEST', 'OLDEST', 'LONGEST_IN_STEP'] as const });

const DAY_MS = 86_400_000;

builder.queryField('findManyTalentJobApplication', (t) =>
  t.field({
    type: ReceivedJobApplicationPage,
    description: 'Applications the selected company received; needs talentJobApplication read',
    authScopes: { signedIn: true },
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
        args.stuckOnly
          ? and(
              or(isNull(companyHiringStep.group), eq(companyHiringStep.group, 'IN_PROGRESS')),
              sql`${talentJobApplication.stepChangedAt} < now() - make_interval(days => coalesce(${company.stuckAfterDays}, ${DEFAULT_STUCK_AFTER_DAYS}))`,
            )
          : undefined,
      );
      const order = args.sort === 'OLDEST' ? [asc(talentJobApplication.createdAt), asc(talentJobApplication.id)]
        : args.sort === 'LONGEST_IN_STEP' ? [asc(talentJobApplication.stepChangedAt), asc(talentJobApplication.id)]
        : [desc(talentJobApplication.createdAt), desc(talentJobApplication.id)];
      const [rows, [total]] = await Promise.all([
        selectReceived(context.db).where(where).orderBy(...order).limit(window.perPage).offset(window.offset),
        withReceivedJoins(context.db.select({ total: count() }).from(talentJobApplication).$dynamic()).where(where),
      ]);
      return { items: rows as ReceivedRow[], total: total?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

/** An application of this company; another company's id is NOT_FOUND like an unknown one. */
async function ownApplications(db: Writer, companyId: string, ids: readonly string[], lock = false): Promise<ReceivedRow[]> {
  if (!ids.length || ids.some((id) => !isUuid(id))) throw notFound('The application');
  const query = selectReceived(db).where(and(inArray(talentJobApplication.id, [...ids]), ownedBy(companyId)));
  const rows = (lock ? await query.for('update', { of: talentJobApplication }) : await query) as ReceivedRow[];
  if (rows.length !== new Set(ids).size) throw notFound('The application');
  return rows;
}

interface HistoryRow {
  at: Date;
  actorName: string | null;
  fromStep: string | null;
  toStep: string | null;
  reason: string | null;
  kind: 'APPLIED' | 'MOVED';
}

/**
 * An application's history from the event log, oldest first: its arrival and every move. It
 * always starts with the arrival: when the log holds none (an answer to an invitation made
 * before arrivals were logged, data older than the log), the application's own creation
 * stands for it.
 */
export async function applicationHistory(db: Writer, application: { id: string; profileName: string | null; createdAt: Date }): Promise<HistoryRow[]> {
  const events = await db
    .select({ type: generalEventslog.type, at: generalEventslog.createdAt, data: generalEventslog.eventData, actorName: sql<string | null>`coalesce(${user.displayName}, ${user.email})` })
    .from(generalEventslog)
    .leftJoin(user, eq(user.id, sql`(${generalEventslog.eventData}->>'actorUserId')::uuid`))
    .where(and(inArray(generalEventslog.type, ['talentJobApplication.create', 'talentJobApplication.update']), sql`${generalEventslog.eventData}->>'entityId' = ${application.id}`))
    .orderBy(asc(generalEventslog.createdAt), asc(generalEventslog.id));
  const applied: HistoryRow = { kind: 'APPLIED', at: application.createdAt, actorName: application.profileName, fromStep: null, toStep: null, reason: null };
  const rows = events.map((event): HistoryRow => {
    const data = event.data as { fromStep?: string | null; toStep?: string | null; reason?: string | null };
    return event.type === 'talentJobApplication.create'
      ? { ...applied, at: event.at }
      : { kind: 'MOVED', at: event.at, actorName: event.actorName, fromStep: data.fromStep ?? null, toStep: data.toStep ?? null, reason: data.reason ?? null };
  });
  return rows.some((row) => row.kind === 'APPLIED') ? rows : [applied, ...rows];
}

export const ApplicationHistoryEntry = builder.objectRef<HistoryRow>('ApplicationHistoryEntry').implement({
  description: 'One change of an application, from the event log',
  fields: (t) => ({
    at: t.field({ type: 'DateTime', resolve: (row) => row.at }),
    kind: t.string({ description: 'APPLIED or MOVED', resolve: (row) => row.kind }),
    actorName: t.string({ nullable: true, description: 'Who moved it (the applicant for APPLIED)', resolve: (row) => row.actorName }),
    fromStep: t.string({ nullable: true, resolve: (row) => row.fromStep }),
    toStep: t.string({ nullable: true, resolve: (row) => row.toStep }),
    reason: t.string({ nullable: true, resolve: (row) => row.reason }),
  }),
});

interface ApplicantDocument {
  slot: DocumentSlot;
  name: string;
  url: string;
}

export const ApplicantDocumentRef = builder.objectRef<ApplicantDocument>('ApplicantDocument').implement({
  description: "One of the applicant's PDFs; its url downloads it (recorded as talentDocument.read)",
  fields: (t) => ({
    slot: t.string({ description: 'cv, resume or pdf', resolve: (row) => row.slot }),
    name: t.exposeString('name'),
    url: t.exposeString('url'),
  }),
});

/** A profile's documents as a company downloads them, in slot order; the caller has decided it may. */
export function applicantDocumentsOf(profile: Partial<Record<DocumentSlot, StoredFile | null>>): ApplicantDocument[] {
  return DOCUMENT_SLOTS.flatMap((slot) => {
    const file = profile[slot];
    return file?.url ? [{ slot, name: file.name ?? `${slot}.pdf`, url: file.url }] : [];
  });
}

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
  t.field({
    type: ReceivedJobApplicationDetail,
    description: 'One application the selected company received, with its history; NOT_FOUND for any other id; needs talentJobApplication read',
    authScopes: { signedIn: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { companyId, permissions } = requireCompanyPermission(context, 'talentJobApplication', 'read');
      const [row] = await ownApplications(context.db, companyId, [String(id)]);
      const [profile] = await context.db
        .select({ email: talentProfile.email, description: talentProfile.description, totalExperience: talentProfile.totalExperience, cv: talentProfile.cv, resume: talentProfile.resume, pdf: talentProfile.pdf })
        .from(talentProfile)
        .where(eq(talentProfile.id, row!.talentProfileId));
      // The application itself is the link that lets the company read them (talent-document-access).
      const documents = profile && can(permissions, 'talentProfile', 'read') ? applicantDocumentsOf(profile) : [];
      return { ...row!, email: profile?.email ?? null, description: profile?.description ?? null, totalExperience: profile?.totalExperience ?? null, documents };
    },
  }),
);

builder.queryField('findManyCompanyRejectionReason', (t) =>
  t.field({
    type: [RejectionReason],
    description: "The selected company's reasons for ending an application, by kind and order; needs talentJobApplication read",
    authScopes: { signedIn: true },
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

builder.mutationField('moveTalentJobApplication', (t) =>
  t.field({
    type: [ReceivedJobApplication],
    description: `Moves one or more (at most ${MAX_BULK_MOVE}) applications of the selected company to one of its hiring steps; a REJECTED or WITHDRAWN step needs a reason of that kind. All or none: an id of another company is NOT_FOUND and nothing moves. Needs talentJobApplication update and companyHiringStep read. Records talentJobApplication.update per application moved, addressed to the talent (their notification)`,
    authScopes: { signedIn: true },
    args: {
      ids: t.arg.idList({ required: true }),
      hiringStepId: t.arg.id({ required: true }),
      rejectionReasonId: t.arg.id(),
    },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'talentJobApplication', 'update');
      requireCompanyPermission(context, 'companyHiringStep', 'read');
      const ids = [...new Set(args.ids.map(String))];
      if (ids.length > MAX_BULK_MOVE) throw invalidFields([{ path: 'ids', code: 'tooMany' }], PIPELINE_WORDS, null);
      const stepId = String(args.hiringStepId);
      const [step] = isUuid(stepId)
        ? await context.db.select().from(companyHiringStep).where(and(eq(companyHiringStep.id, stepId), eq(companyHiringStep.companyId, companyId), isNull(companyHiringStep.deletedAt))).limit(1)
        : [];
      if (!step) throw invalidFields([{ path: 'hiringStepId', code: 'stepUnknown' }], PIPELINE_WORDS, null);
      const kind = reasonKindFor(hiringStepGroupOf(step.group));
      const reasonId = args.rejectionReasonId ? String(args.rejectionReasonId) : null;
      let reason: { id: string; label: string } | null = null;
      if (kind) {
        const [found] = reasonId && isUuid(reasonId)
          ? await context.db
              .select({ id: companyRejectionReason.id, label: companyRejectionReason.label })
              .from(companyRejectionReason)
              .where(and(eq(companyRejectionReason.id, reasonId), eq(companyRejectionReason.companyId, companyId), eq(companyRejectionReason.kind, kind), isNull(companyRejectionReason.deletedAt)))
              .limit(1)
          : [];
        if (!found) throw invalidFields([{ path: 'rejectionReasonId', code: reasonId ? 'reasonUnknown' : 'reasonRequired' }], PIPELINE_WORDS, null);
        reason = found;
      }
      const moved = await context.db.transaction(async (tx) => {
        const rows = await ownApplications(tx, companyId, ids, true);
        const now = new Date();
        for (const row of rows) {
          if (row.stepId === step.id && (row.reasonId ?? null) === (reason?.id ?? null)) continue;
          await tx
            .update(talentJobApplication)
            .set({ companyHiringStepId: step.id, rejectionReasonId: reason?.id ?? null, ...(row.stepId === step.id ? {} : { stepChangedAt: now }) })
            .where(eq(talentJobApplication.id, row.id));
          // Addressed to the talent: this row is their notification that something changed.
          await recordEvent(tx, context.viewer!, {
            type: 'talentJobApplication.update',
            toId: row.talentUserId,
            data: { entityId: row.id, companyId, fromStepId: row.stepId, fromStep: row.stepName, toStepId: step.id, toStep: step.stepName, group: step.group, reasonId: reason?.id ?? null, reason: reason?.label ?? null },
          });
        }
        return ownApplications(tx, companyId, ids);
      });
      const order = new Map(ids.map((id, index) => [id, index]));
      return moved.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    },
  }),
);
