import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../../lib/ids';
import type { AppDatabase } from '../../db/client';
import { company, jobAd, savedJobAd } from '../../db/schema';
import { beforeDeadline, openJobAd, visibleJobAd } from '../../job-ad-search/open-job-ad';
import { builder } from '../builder';
import { gone, invalidFields } from '../errors';
import { recordEvent } from '../record-event';
import { pageArgs, pageOf, pageWindow } from '../pagination';

// Saved job ads belong to the user, not to a talent profile (the savedJobAd entity: jobAdId,
// userId): anyone signed in may keep a list before creating a profile. Every query here
// is scoped by the caller's user id, so a job ad id from the client only ever reaches the
// caller's own saved rows.

/** The most ids one flags query takes: a search result page holds at most 50. */
const MAX_FLAG_IDS = 100;
/** Where the locale files word the saved jobs' issue codes (common namespace), as the saved jobs page does. */
const SAVED_JOB_ERRORS = 'savedJobs.errors';

interface SavedJobAdRow {
  id: string;
  jobAdId: string;
  title: string;
  location: string | null;
  isAnonymous: boolean;
  companyName: string;
  publishedUntil: Date | null;
  isVisible: boolean;
  isOpen: boolean;
  savedAt: Date;
}

const SavedJobAd = builder.objectRef<SavedJobAdRow>('SavedJobAd');

SavedJobAd.implement({
  description: 'A job ad the signed-in user saved, as it is now',
  fields: (t) => ({
    id: t.exposeID('id'),
    jobAdId: t.exposeID('jobAdId'),
    title: t.exposeString('title'),
    location: t.exposeString('location', { nullable: true }),
    isAnonymous: t.exposeBoolean('isAnonymous'),
    companyName: t.string({ nullable: true, description: 'Null for an anonymous ad', resolve: (row) => (row.isAnonymous ? null : row.companyName) }),
    publishedUntil: t.field({ type: 'DateTime', nullable: true, description: 'The application deadline, if any', resolve: (row) => row.publishedUntil }),
    isVisible: t.exposeBoolean('isVisible', { description: 'False once the ad was removed or unpublished: its page is gone' }),
    isOpen: t.exposeBoolean('isOpen', { description: 'Visible and before its deadline: it still takes applications' }),
    savedAt: t.field({ type: 'DateTime', resolve: (row) => row.savedAt }),
  }),
});

const SavedJobAdPage = pageOf(SavedJobAd, 'SavedJobAd');

const SavedJobAdSort = builder.enumType('SavedJobAdSort', {
  values: { NEWEST: { description: 'Saved most recently first' }, OLDEST: { description: 'Saved longest ago first' } } as const,
});

/** Needs `company` joined on the ad's publisher. */
const savedColumns = (now: Date) => ({
  id: savedJobAd.id,
  jobAdId: savedJobAd.jobAdId,
  title: jobAd.title,
  location: jobAd.location,
  isAnonymous: jobAd.isAnonymous,
  companyName: company.name,
  publishedUntil: jobAd.publishedUntil,
  isVisible: sql<boolean>`(${visibleJobAd(now)})`,
  isOpen: sql<boolean>`(${visibleJobAd(now)} and ${beforeDeadline(now)})`,
  savedAt: savedJobAd.createdAt,
});

function selectSaved(db: AppDatabase, now: Date, where: SQL) {
  return db
    .select(savedColumns(now))
    .from(savedJobAd)
    .innerJoin(jobAd, eq(jobAd.id, savedJobAd.jobAdId))
    .innerJoin(company, eq(company.id, jobAd.publisherCompanyId))
    .where(where);
}

const notOpen = () => gone('closed', SAVED_JOB_ERRORS);

builder.queryField('mySavedJobAds', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: SavedJobAdPage,
    description: "The signed-in user's saved job ads, closed and removed ones included (marked)",
    args: { ...pageArgs, sort: t.arg({ type: SavedJobAdSort, required: false, description: 'Default NEWEST' }) },
    resolve: async (_root, args, { db, viewer }) => {
      const { page, perPage, offset } = pageWindow(args);
      const mine = eq(savedJobAd.userId, viewer.userId);
      const order = args.sort === 'OLDEST' ? [asc(savedJobAd.createdAt), asc(savedJobAd.id)] : [desc(savedJobAd.createdAt), desc(savedJobAd.id)];
      const [items, [total]] = await Promise.all([
        selectSaved(db, new Date(), mine).orderBy(...order).limit(perPage).offset(offset),
        db.select({ value: count() }).from(savedJobAd).where(mine),
      ]);
      return { items, total: total?.value ?? 0, page, perPage };
    },
  }),
);

builder.queryField('mySavedJobAdIds', (t) =>
  t.withAuth({ signedIn: true }).idList({
    description: `Which of these job ads the signed-in user saved (at most ${MAX_FLAG_IDS} ids): the saved flags of a result page in one query`,
    args: { jobAdIds: t.arg.idList({ required: true }) },
    resolve: async (_root, args, { db, viewer }) => {
      if (args.jobAdIds.length > MAX_FLAG_IDS) {
        throw invalidFields([{ path: 'jobAdIds', code: 'tooManyJobAdIds', params: { max: MAX_FLAG_IDS } }], SAVED_JOB_ERRORS, null);
      }
      // Anything but a uuid cannot name an ad (and would make PostgreSQL raise on the cast).
      const ids = [...new Set(args.jobAdIds.map(String))].filter(isUuid);
      if (!ids.length) return [];
      const rows = await db
        .select({ jobAdId: savedJobAd.jobAdId })
        .from(savedJobAd)
        .where(and(eq(savedJobAd.userId, viewer.userId), inArray(savedJobAd.jobAdId, ids)));
      return rows.map((row) => row.jobAdId);
    },
  }),
);

builder.mutationField('saveJobAd', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: SavedJobAd,
    description: 'Saves an open job ad for the signed-in user; saving it again changes nothing and answers the same row',
    args: { jobAdId: t.arg.id({ required: true }) },
    resolve: async (_root, args, { db, viewer }) => {
      const jobAdId = String(args.jobAdId);
      if (!isUuid(jobAdId)) throw notOpen();
      const now = new Date();
      const [ad] = await db
        .select({ id: jobAd.id })
        .from(jobAd)
        .innerJoin(company, eq(company.id, jobAd.publisherCompanyId))
        .where(and(eq(jobAd.id, jobAdId), openJobAd(now)))
        .limit(1);
      if (!ad) throw notOpen();
      const userId = viewer.userId;
      return db.transaction(async (tx) => {
        const [saved] = await tx.insert(savedJobAd).values({ jobAdId: ad.id, userId }).onConflictDoNothing().returning({ id: savedJobAd.id });
        // Saving again changes nothing, and logs nothing. Addressed to no one: her own list.
        if (saved) await recordEvent(tx, viewer, { type: 'savedJobAd.create', toId: null, data: { entityId: ad.id, savedJobAdId: saved.id } });
        const [row] = await selectSaved(tx, now, and(eq(savedJobAd.userId, userId), eq(savedJobAd.jobAdId, ad.id))!);
        return row!;
      });
    },
  }),
);

builder.mutationField('removeSavedJobAd', (t) =>
  t.withAuth({ signedIn: true }).id({
    description: "Takes a job ad off the signed-in user's saved jobs; answers the job ad's id",
    args: { jobAdId: t.arg.id({ required: true }) },
    resolve: async (_root, args, { db, viewer }) => {
      const jobAdId = String(args.jobAdId);
      const notSaved = gone('notSaved', SAVED_JOB_ERRORS);
      if (!isUuid(jobAdId)) throw notSaved;
      return db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(savedJobAd)
          .where(and(eq(savedJobAd.userId, viewer.userId), eq(savedJobAd.jobAdId, jobAdId)))
          .returning({ id: savedJobAd.id });
        if (!removed) throw notSaved;
        await recordEvent(tx, viewer, { type: 'savedJobAd.delete', toId: null, data: { entityId: jobAdId, savedJobAdId: removed.id } });
        return jobAdId;
      });
    },
  }),
);
