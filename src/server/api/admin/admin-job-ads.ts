import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_ERRORS } from '../../../lib/admin/company-verification';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { isUuid } from '../../../lib/ids';
import {
  ADMIN_JOB_AD_STATES,
  adminJobAdState,
  JOB_AD_MODERATION_ACTIONS,
  jobAdModerationActions,
  jobAdModerationMove,
  moderateJobAdSchema,
  type AdminJobAdState,
} from '../../../lib/job-ads/job-ad-moderation';
import type { JobAdStatus } from '../../../lib/job-ads/job-ad-status';
import { jobAdPath } from '../../../lib/job-ads/job-ad-path';
import { escapeLike } from '../../db/like-pattern';
import { company, jobAd, user } from '../../db/schema';
import { builder } from '../builder';
import type { SignedInContext } from '../context';
import { conflict, invalidFields, notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { recordEvent } from '../record-event';
import type { Writer } from '../../db/client';
import { JobAdModerationNotice, statusIs } from '../job-ads/job-ads';

// The platform's moderation of job ads (the jobAd entity): every company's
// ads found by title, place, company or id and by where they stand; an ad unpublished or
// removed with the reason its company reads (the rules: lib/job-ads/job-ad-moderation.ts).
// Both take the ad out of public view by clearing its start, so the job search, its page
// (410), the sitemap and the title suggestions drop it as they drop an ad its company took
// down, and the search copy follows (context.jobAdIndex). Every write is a jobAd.update
// event addressed to the company, marked `admin`, with the reason.

const AdminJobAdStateEnum = builder.enumType('AdminJobAdState', {
  description: 'Where an ad stands for the platform: its JobAdStatus, or UNPUBLISHED / REMOVED by an admin, or DELETED by its company',
  values: ADMIN_JOB_AD_STATES,
});

const JobAdModerationActionEnum = builder.enumType('JobAdModerationAction', {
  description: 'unpublish: out of public view until its company fixes and publishes it again; remove: for good',
  values: JOB_AD_MODERATION_ACTIONS,
});

const columns = {
  row: jobAd,
  companyName: company.name,
  companyVerificationStatus: company.verificationStatus,
  ownerEmail: user.email,
  applicationCount: sql<number>`(select count(*)::int from "talent_job_application" as "ad_application" where "ad_application"."job_ad_id" = "job_ad"."id")`,
};

type AdminJobAdRow = typeof jobAd.$inferSelect & { companyName: string; companyVerificationStatus: string; ownerEmail: string | null; applicationCount: number };

function selectAdminJobAds(db: Writer) {
  return db.select(columns).from(jobAd).innerJoin(company, eq(company.id, jobAd.publisherCompanyId)).leftJoin(user, eq(user.id, jobAd.ownerUserId)).$dynamic();
}

const flatten = ({ row, applicationCount, ...rest }: { row: typeof jobAd.$inferSelect; companyName: string; companyVerificationStatus: string; ownerEmail: string | null; applicationCount: number }): AdminJobAdRow => ({
  ...row,
  ...rest,
  applicationCount: Number(applicationCount),
});

const stateOf = (row: AdminJobAdRow) => adminJobAdState(row, new Date());

export const AdminJobAd = builder.objectRef<AdminJobAdRow>('AdminJobAd');
AdminJobAd.implement({
  description: "A job ad as the platform moderates it, whatever its state or company's",
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
    location: t.exposeString('location', { nullable: true }),
    isAnonymous: t.exposeBoolean('isAnonymous'),
    state: t.field({ type: AdminJobAdStateEnum, resolve: stateOf }),
    publishedAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.publishedAt }),
    publishedUntil: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.publishedUntil }),
    publicPath: t.string({ description: 'The public page (answers 410 unless PUBLISHED)', resolve: (row) => jobAdPath(row) }),
    companyId: t.id({ resolve: (row) => row.publisherCompanyId }),
    companyName: t.exposeString('companyName'),
    companyVerificationStatus: t.exposeString('companyVerificationStatus'),
    ownerEmail: t.exposeString('ownerEmail', { nullable: true, description: 'Who wrote it' }),
    applicationCount: t.exposeInt('applicationCount'),
    moderation: t.field({ type: JobAdModerationNotice, nullable: true, resolve: (row) => (row.moderation ? row : null) }),
    moderationActions: t.field({ type: [JobAdModerationActionEnum], description: 'The moves open now', resolve: (row) => jobAdModerationActions(stateOf(row)) }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    deletedAt: t.field({ type: 'DateTime', nullable: true, description: 'When its company deleted it', resolve: (row) => row.deletedAt }),
  }),
});

const AdminJobAdPage = pageOf(AdminJobAd, 'AdminJobAd');

/** The SQL twin of adminJobAdState; without a state, every ad its company has not deleted. */
function stateIs(state: AdminJobAdState | null | undefined, now: Date): SQL {
  if (state === 'DELETED') return isNotNull(jobAd.deletedAt);
  const kept = isNull(jobAd.deletedAt);
  if (!state) return kept;
  if (state === 'REMOVED') return and(kept, eq(jobAd.moderation, 'removed'))!;
  if (state === 'UNPUBLISHED') return and(kept, eq(jobAd.moderation, 'unpublished'))!;
  return and(kept, isNull(jobAd.moderation), statusIs(state as JobAdStatus, now))!;
}

function adFilters(args: { q?: string | null; state?: AdminJobAdState | null }): SQL | undefined {
  const q = args.q?.trim().slice(0, 200);
  const pattern = q ? `%${escapeLike(q)}%` : null;
  return and(
    stateIs(args.state, new Date()),
    pattern && q
      ? or(ilike(jobAd.title, pattern), ilike(jobAd.location, pattern), ilike(company.name, pattern), isUuid(q) ? eq(jobAd.id, q) : undefined)
      : undefined,
  );
}

builder.queryField('findManyAdminJobAd', (t) =>
  t.withAuth({ adminPermission: 'moderation' }).field({
    type: AdminJobAdPage,
    description:
      "Every company's job ads (admins only): q in the title, place or company name, or the ad's id; a state (without one, every ad not deleted by its company); live ads first, then newest",
    args: {
      ...pageArgs,
      q: t.arg.string({ description: "Part of the title, place or company name, any case; or the ad's id" }),
      state: t.arg({ type: AdminJobAdStateEnum }),
    },
    resolve: async (_root, args, context) => {
      const window = pageWindow(args);
      const where = adFilters(args);
      const [rows, [total]] = await Promise.all([
        selectAdminJobAds(context.db)
          .where(where)
          // What the public sees now comes first: it is what moderation is for.
          .orderBy(sql`(${jobAd.publishedAt} is not null and ${jobAd.publishedAt} <= now()) desc`, desc(jobAd.createdAt), asc(jobAd.id))
          .limit(window.perPage)
          .offset(window.offset),
        context.db.select({ total: count() }).from(jobAd).innerJoin(company, eq(company.id, jobAd.publisherCompanyId)).where(where),
      ]);
      return { items: rows.map(flatten), total: total?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

async function readAdminJobAd(db: Writer, id: string): Promise<AdminJobAdRow> {
  const [row] = isUuid(id) ? await selectAdminJobAds(db).where(eq(jobAd.id, id)).limit(1) : [];
  if (!row) throw notFound('The job ad');
  return flatten(row);
}

/** Unpublish or remove, under the ad's row lock; refused with CONFLICT when lib/job-ads says so. */
async function moderateJobAd(context: SignedInContext, id: string, action: (typeof JOB_AD_MODERATION_ACTIONS)[number], reason: string): Promise<AdminJobAdRow> {
  const { viewer } = context;
  await context.db.transaction(async (tx) => {
    const [before] = isUuid(id) ? await tx.select().from(jobAd).where(eq(jobAd.id, id)).limit(1).for('update') : [];
    if (!before) throw notFound('The job ad');
    const move = jobAdModerationMove(adminJobAdState(before, new Date()), action);
    if (!move.ok) throw conflict(move.reason, ADMIN_ERRORS);
    const set = { moderation: move.to, moderationReason: reason, moderatedAt: new Date(), publishedAt: null };
    await tx.update(jobAd).set({ ...set, updatedAt: new Date() }).where(eq(jobAd.id, id));
    await recordEvent(tx, viewer, {
      type: 'jobAd.update',
      toId: before.publisherCompanyId,
      data: {
        entityId: id,
        companyId: before.publisherCompanyId,
        admin: true,
        action,
        reason,
        before: { publishedAt: before.publishedAt?.toISOString() ?? null, moderation: before.moderation },
        after: { publishedAt: null, moderation: move.to },
      },
    });
  });
  await context.jobAdIndex.follow(id);
  return readAdminJobAd(context.db, id);
}

builder.mutationField('moderateOneJobAd', (t) =>
  t.withAuth({ adminPermission: 'moderation' }).field({
    type: AdminJobAd,
    description:
      'Takes a job ad out of public view at once (admins only), with the reason its company reads (required, at most 1,000 characters): unpublish (a published or scheduled ad; its company may fix and publish it again) or remove (any ad its company still has; final). CONFLICT jobAdNotPublic, jobAdRemoved or jobAdDeleted. Records jobAd.update',
    args: { id: t.arg.id({ required: true }), action: t.arg({ type: JobAdModerationActionEnum, required: true }), reason: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => {
      const parsed = moderateJobAdSchema.safeParse({ reason: args.reason });
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), ADMIN_ERRORS, null);
      return moderateJobAd(context, String(args.id), args.action, parsed.data.reason);
    },
  }),
);
