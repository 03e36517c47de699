import { and, count, desc, eq, gt, ilike, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import { companyMayWrite, JOB_AD_MODERATIONS, moderationAfterCompanyWrite, type CompanyJobAdWrite } from '../../../lib/job-ads/job-ad-moderation';
import { JOB_AD_STATUSES, jobAdStatus, publishWindowFrom, publishWindowIssues, type JobAdStatus } from '../../../lib/job-ads/job-ad-status';
import { jobAdSchema, type JobAdValues } from '../../../lib/job-ads/job-ad-input';
import { JOB_FIELD_ERRORS } from '../../../lib/job-ads/job-input';
import { jobAdPath } from '../../../lib/job-ads/job-ad-path';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { isUuid } from '../../../lib/ids';
import { jobAd, jobDescription } from '../../db/schema';
import { escapeLike } from '../../db/like-pattern';
import { builder } from '../builder';
import { JobReference, jobReferenceOf } from './job-reference';
import type { ApiContext } from '../context';
import { conflict, invalidFields, notFound } from '../errors';
import { COMPANY_ERRORS } from '../../../lib/forms/company-refusals';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { recordEvent } from '../record-event';
import { requireCompanyPermission } from '../auth/company-access';
import type { Writer } from '../../db/client';
import { JobFieldsInput, jobFieldColumns, jobFieldsOf } from './job-fields';

// A company's own job ads (the jobAd entity): drafts, scheduled, published and
// closed ads, written, published, taken down and copied here. What guests see of them is
// the public JobAd (jobs/jobs.ts), which only ever loads visible ads. Every id is looked
// up among the tp-company company's ads, so another company's id is NOT_FOUND like an
// unknown one. After each write commits, the search copy follows (context.jobAdIndex).

type JobAdRow = typeof jobAd.$inferSelect & { jobDescriptionTitle: string | null };

const JobAdStatusEnum = builder.enumType('JobAdStatus', {
  description: 'DRAFT: not up; SCHEDULED: goes up at publishedAt; PUBLISHED: seen by guests; CLOSED: past publishedUntil',
  values: JOB_AD_STATUSES,
});

const JobAdModerationEnum = builder.enumType('JobAdModeration', {
  description: 'unpublished: taken down by the platform, may be published again once fixed; removed: taken down for good',
  values: JOB_AD_MODERATIONS,
});

type ModeratedRow = Pick<typeof jobAd.$inferSelect, 'moderation' | 'moderationReason' | 'moderatedAt'>;

export const JobAdModerationNotice = builder.objectRef<ModeratedRow>('JobAdModerationNotice').implement({
  description: 'What the platform did to an ad and why: its company reads it',
  fields: (t) => ({
    moderation: t.field({ type: JobAdModerationEnum, resolve: (row) => row.moderation! }),
    reason: t.string({ resolve: (row) => row.moderationReason ?? '' }),
    at: t.field({ type: 'DateTime', resolve: (row) => row.moderatedAt! }),
  }),
});

export const CompanyJobAd = builder.objectRef<JobAdRow>('CompanyJobAd');
CompanyJobAd.implement({
  description: "One of the selected company's job ads, whatever its status",
  fields: (t) => ({
    ...jobFieldsOf(t),
    adDescription: t.string({ nullable: true, description: 'The teaser on cards and in search results', resolve: (row) => row.adDescription }),
    employmentType: t.string({ nullable: true, description: 'freelancer or employee', resolve: (row) => row.employmentType }),
    isAnonymous: t.boolean({ description: 'Guests never see the company of an anonymous ad', resolve: (row) => row.isAnonymous }),
    publishedAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.publishedAt }),
    publishedUntil: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.publishedUntil }),
    status: t.field({ type: JobAdStatusEnum, resolve: (row) => jobAdStatus(row, new Date()) }),
    publicPath: t.string({ description: 'The public page (answers 410 unless PUBLISHED)', resolve: (row) => jobAdPath(row) }),
    moderation: t.field({
      type: JobAdModerationNotice,
      nullable: true,
      description: 'Set when the platform unpublished or removed the ad; a removed ad can only be deleted',
      resolve: (row) => (row.moderation ? row : null),
    }),
    jobDescription: t.field({
      type: JobReference,
      nullable: true,
      resolve: (row) => jobReferenceOf(row.jobDescriptionId, row.jobDescriptionTitle),
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (row) => row.updatedAt }),
  }),
});

const CompanyJobAdPage = pageOf(CompanyJobAd, 'CompanyJobAd');

const ownedBy = (companyId: string) => and(eq(jobAd.publisherCompanyId, companyId), isNull(jobAd.deletedAt));

function selectAds(db: Writer) {
  return db
    .select({ row: jobAd, jobDescriptionTitle: jobDescription.title })
    .from(jobAd)
    .leftJoin(jobDescription, and(eq(jobDescription.id, jobAd.jobDescriptionId), isNull(jobDescription.deletedAt)));
}

const flatten = ({ row, jobDescriptionTitle }: { row: typeof jobAd.$inferSelect; jobDescriptionTitle: string | null }): JobAdRow => ({ ...row, jobDescriptionTitle });

/** An ad of this company; another company's id is NOT_FOUND like an unknown one. */
async function ownJobAd(db: Writer, companyId: string, id: string, lock = false): Promise<JobAdRow> {
  if (!isUuid(id)) throw notFound('The job ad');
  const query = selectAds(db).where(and(eq(jobAd.id, id), ownedBy(companyId))).limit(1);
  const [found] = lock ? await query.for('update', { of: jobAd }) : await query;
  if (!found) throw notFound('The job ad');
  return flatten(found);
}

/**
 * A removed ad is final for its company (lib/job-ads/job-ad-moderation.ts): anything but
 * deleting it is CONFLICT jobAdRemoved.
 */
function checkCompanyWrite(row: JobAdRow, write: CompanyJobAdWrite): void {
  if (!companyMayWrite(row.moderation, write)) throw conflict('jobAdRemoved', COMPANY_ERRORS);
}

/** The moderation columns after a company's write: publishing again clears an unpublished notice. */
function moderationColumns(row: ModeratedRow, publishedAt: Date | null): Partial<ModeratedRow> {
  return moderationAfterCompanyWrite(row.moderation, publishedAt) === row.moderation ? {} : { moderation: null, moderationReason: null, moderatedAt: null };
}

/** The SQL twin of jobAdStatus, for the list's status filter. */
export function statusIs(status: JobAdStatus, now: Date): SQL {
  const notPast = or(isNull(jobAd.publishedUntil), gt(jobAd.publishedUntil, now))!;
  switch (status) {
    case 'DRAFT':
      return isNull(jobAd.publishedAt);
    case 'SCHEDULED':
      return and(gt(jobAd.publishedAt, now), notPast)!;
    case 'PUBLISHED':
      return and(lte(jobAd.publishedAt, now), notPast)!;
    case 'CLOSED':
      return and(isNotNull(jobAd.publishedAt), lte(jobAd.publishedUntil, now))!;
  }
}

builder.queryField('findManyJobAd', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyJobAdPage,
    description: "The selected company's job ads, newest first; needs jobAd read",
    args: {
      ...pageArgs,
      q: t.arg.string({ description: 'Part of the title or location, any case' }),
      status: t.arg({ type: JobAdStatusEnum }),
      jobDescriptionId: t.arg.id({ description: 'Only the ads made from this job description' }),
    },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAd', 'read');
      const window = pageWindow(args);
      const q = args.q?.trim().slice(0, 200);
      const source = args.jobDescriptionId ? String(args.jobDescriptionId) : null;
      if (source !== null && !isUuid(source)) return { items: [], total: 0, page: window.page, perPage: window.perPage };
      const where = and(
        ownedBy(companyId),
        q ? or(ilike(jobAd.title, `%${escapeLike(q)}%`), ilike(jobAd.location, `%${escapeLike(q)}%`)) : undefined,
        args.status ? statusIs(args.status, new Date()) : undefined,
        source ? eq(jobAd.jobDescriptionId, source) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        selectAds(context.db).where(where).orderBy(desc(jobAd.createdAt), desc(jobAd.id)).limit(window.perPage).offset(window.offset),
        context.db.select({ total: count() }).from(jobAd).where(where),
      ]);
      return { items: rows.map(flatten), total: total?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

builder.queryField('findJobAd', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyJobAd,
    description: 'One job ad of the selected company; NOT_FOUND for any other id; needs jobAd read',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAd', 'read');
      return ownJobAd(context.db, companyId, String(id));
    },
  }),
);

const JobAdInput = builder.inputType('JobAdInput', {
  description: 'The whole job ad: a field left out is stored empty',
  fields: (t) => ({
    ...JobFieldsInput(t),
    adDescription: t.string({ description: 'The teaser, at most 1,000 characters' }),
    employmentType: t.string({ description: 'freelancer or employee' }),
    isAnonymous: t.boolean({ description: 'Hide the company from guests everywhere' }),
    jobDescriptionId: t.id({ description: 'The job description it is made from (one of the company\'s)' }),
    publishedAt: t.string({ description: 'When it goes up (ISO date-time, or a day: its start in UTC); empty keeps it a draft' }),
    publishedUntil: t.string({ description: 'Its deadline (ISO date-time, or a day: its end in UTC); after publishedAt, ahead, at most a year on' }),
  }),
});

/** The checked input; the source job description must be one of the company's. */
async function checkedInput(db: Writer, companyId: string, data: Record<string, unknown>, now: Date): Promise<JobAdValues> {
  const parsed = jobAdSchema.safeParse(data);
  if (!parsed.success) throw invalidFields(zodIssues(parsed.error), JOB_FIELD_ERRORS);
  const windowIssues = publishWindowIssues({ publishedAt: parsed.data.publishedAt ?? null, publishedUntil: parsed.data.publishedUntil ?? null }, now);
  if (windowIssues.length) throw invalidFields(windowIssues, JOB_FIELD_ERRORS);
  const source = parsed.data.jobDescriptionId;
  if (source) {
    const [found] = await db.select({ id: jobDescription.id }).from(jobDescription).where(and(eq(jobDescription.id, source), eq(jobDescription.companyId, companyId), isNull(jobDescription.deletedAt))).limit(1);
    if (!found) throw invalidFields([{ path: 'jobDescriptionId', code: 'jobDescriptionUnknown' }], JOB_FIELD_ERRORS);
  }
  return parsed.data;
}

async function columnsOf(db: Writer, values: JobAdValues) {
  return {
    ...(await jobFieldColumns(db, values)),
    adDescription: values.adDescription ?? null,
    employmentType: values.employmentType ?? null,
    isAnonymous: values.isAnonymous,
    jobDescriptionId: values.jobDescriptionId ?? null,
    publishedAt: values.publishedAt ?? null,
    publishedUntil: values.publishedUntil ?? null,
  };
}

/** What an event row keeps of an ad: the fields people change and the window, not the long text. */
const eventFieldsOf = (row: typeof jobAd.$inferSelect) => ({
  title: row.title,
  location: row.location,
  workMode: row.workMode,
  isAnonymous: row.isAnonymous,
  salary: row.salary,
  currency: row.currency,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  publishedUntil: row.publishedUntil?.toISOString() ?? null,
  moderation: row.moderation,
});

/** Runs a write in a transaction, then lets the search copy follow the ad it returns. */
async function writeAd(context: ApiContext, write: (tx: Writer) => Promise<JobAdRow>): Promise<JobAdRow> {
  const row = await context.db.transaction(write);
  await context.jobAdIndex.follow(row.id);
  return row;
}

builder.mutationField('createOneJobAd', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyJobAd,
    description: 'Writes a job ad for the selected company (a draft unless publishedAt is given); needs jobAd create. Records jobAd.create',
    args: { data: t.arg({ type: JobAdInput, required: true }) },
    resolve: async (_root, { data }, context) => {
      const { companyId, userId } = requireCompanyPermission(context, 'jobAd', 'create');
      return writeAd(context, async (tx) => {
        const columns = await columnsOf(tx, await checkedInput(tx, companyId, data, new Date()));
        const [created] = await tx.insert(jobAd).values({ ...columns, publisherCompanyId: companyId, ownerUserId: userId }).returning();
        await recordEvent(tx, context.viewer, { type: 'jobAd.create', toId: companyId, data: { entityId: created!.id, companyId, before: null, after: eventFieldsOf(created!) } });
        return ownJobAd(tx, companyId, created!.id);
      });
    },
  }),
);

builder.mutationField('updateOneJobAd', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyJobAd,
    description: 'Replaces a job ad of the selected company, window included (a start date clears a platform unpublish notice); needs jobAd update. CONFLICT jobAdRemoved for an ad the platform removed. Records jobAd.update',
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: JobAdInput, required: true }) },
    resolve: async (_root, { id, data }, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAd', 'update');
      return writeAd(context, async (tx) => {
        const before = await ownJobAd(tx, companyId, String(id), true);
        checkCompanyWrite(before, 'update');
        const columns = await columnsOf(tx, await checkedInput(tx, companyId, data, new Date()));
        const [updated] = await tx.update(jobAd).set({ ...columns, ...moderationColumns(before, columns.publishedAt) }).where(eq(jobAd.id, before.id)).returning();
        await recordEvent(tx, context.viewer, { type: 'jobAd.update', toId: companyId, data: { entityId: before.id, companyId, before: eventFieldsOf(before), after: eventFieldsOf(updated!) } });
        return ownJobAd(tx, companyId, before.id);
      });
    },
  }),
);

/** Publish, unpublish: a change of window only, logged as jobAd.update with what was done. */
function windowChange(name: string, description: string, action: 'publish' | 'unpublish') {
  builder.mutationField(name, (t) =>
    t.withAuth({ signedIn: true }).field({
      type: CompanyJobAd,
      description,
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_root, { id }, context) => {
        const { companyId } = requireCompanyPermission(context, 'jobAd', 'update');
        return writeAd(context, async (tx) => {
          const before = await ownJobAd(tx, companyId, String(id), true);
          checkCompanyWrite(before, action);
          const window = action === 'publish' ? publishWindowFrom(before, new Date()) : { publishedAt: null };
          const [updated] = await tx.update(jobAd).set({ ...window, ...moderationColumns(before, window.publishedAt) }).where(eq(jobAd.id, before.id)).returning();
          await recordEvent(tx, context.viewer, { type: 'jobAd.update', toId: companyId, data: { entityId: before.id, companyId, action, before: eventFieldsOf(before), after: eventFieldsOf(updated!) } });
          return ownJobAd(tx, companyId, before.id);
        });
      },
    }),
  );
}

windowChange(
  'publishOneJobAd',
  'Puts an ad up now (also a draft, a scheduled or a closed one, or one the platform unpublished, whose notice it clears): until its deadline when still ahead, else for 30 days; needs jobAd update. CONFLICT jobAdRemoved for an ad the platform removed. Records jobAd.update',
  'publish',
);
windowChange('unpublishOneJobAd', 'Takes an ad down at once (its page answers 410, search drops it); needs jobAd update. Records jobAd.update', 'unpublish');

builder.mutationField('duplicateOneJobAd', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyJobAd,
    description: 'Copies an ad of the selected company as a new draft; needs jobAd read and create. Records jobAd.create',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { companyId, userId } = requireCompanyPermission(context, 'jobAd', 'read', 'create');
      return writeAd(context, async (tx) => {
        const source = await ownJobAd(tx, companyId, String(id));
        checkCompanyWrite(source, 'duplicate');
        const { id: _id, jobDescriptionTitle: _title, searchVector: _vector, createdAt: _created, updatedAt: _updated, deletedAt: _deleted, moderation: _moderation, moderationReason: _reason, moderatedAt: _at, ...copy } = source;
        const [created] = await tx.insert(jobAd).values({ ...copy, publishedAt: null, publishedUntil: null, ownerUserId: userId }).returning();
        await recordEvent(tx, context.viewer, { type: 'jobAd.create', toId: companyId, data: { entityId: created!.id, companyId, duplicateOf: source.id, before: null, after: eventFieldsOf(created!) } });
        return ownJobAd(tx, companyId, created!.id);
      });
    },
  }),
);

builder.mutationField('deleteOneJobAd', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: 'Boolean',
    description: 'Deletes a job ad of the selected company (soft: applications keep it; its page answers 410); needs jobAd delete. Records jobAd.delete',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAd', 'delete');
      const before = await context.db.transaction(async (tx) => {
        const row = await ownJobAd(tx, companyId, String(id), true);
        await tx.update(jobAd).set({ deletedAt: new Date() }).where(eq(jobAd.id, row.id));
        await recordEvent(tx, context.viewer, { type: 'jobAd.delete', toId: companyId, data: { entityId: row.id, companyId, before: eventFieldsOf(row), after: null } });
        return row;
      });
      await context.jobAdIndex.follow(before.id);
      return true;
    },
  }),
);
