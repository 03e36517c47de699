import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { APPLICATION_MESSAGE_ERRORS, applicationMessageSchema } from '../../../lib/talent-jobs/application-message';
import { zodIssues } from '../../../lib/forms/zod-issues';
import type { AppDatabase } from '../../db/client';
import { company, interview, jobAd, jobDescription, message, messageThread, messageThreadRead, talentJobApplication, talentJobApplicationStatus } from '../../db/schema';
import { findMyTalentProfileId, requireMyTalentProfileId } from '../auth/my-talent-profile';
import { beforeDeadline, openJobAd, visibleJobAd } from '../../job-ad-search/open-job-ad';
import { builder } from '../builder';
import { conflict, gone, invalidFields, notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { recordEvent } from '../record-event';
import { firstHiringStepId } from '../companies/company-rows';
import { APPLICATION_ACTIONS, applicationActions, isTalentStatus } from '../../../lib/job-applications/talent-status';
import { TalentStatusEnum } from '../job-applications/talent-status-types';
import { isUuid } from '../../../lib/ids';
import { applicationCompanyId } from '../job-applications/received-application-rows';

interface ApplicationRow {
  id: string;
  message: string | null;
  createdAt: Date;
  jobAdId: string | null;
  jobAdTitle: string | null;
  jobAdIsVisible: boolean;
  jobAdIsOpen: boolean;
  jobDescriptionId: string | null;
  jobDescriptionTitle: string | null;
  publisherName: string | null;
  clientCompanyName: string | null;
  isAnonymous: boolean | null;
  talentStatus: string | null;
  /** The reason of the status she reads, when the company shared it. */
  rejectionReason: string | null;
  companyId: string | null;
  documentsErasedAt: Date | null;
  retentionErasedAt: Date | null;
  interviewToChoose: boolean;
  interviewBooked: boolean;
  unreadMessages: boolean;
}

export const JobApplication = builder.objectRef<ApplicationRow>('JobApplication');

JobApplication.implement({
  description: "A talent's application to a job ad, or to a job description it was invited to without an ad",
  fields: (t) => ({
    id: t.exposeID('id'),
    message: t.exposeString('message', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    jobAdId: t.exposeID('jobAdId', { nullable: true }),
    jobAdTitle: t.exposeString('jobAdTitle', { nullable: true }),
    jobAdIsVisible: t.exposeBoolean('jobAdIsVisible', { description: 'The job ad still has its public page (published, not removed)' }),
    jobAdIsOpen: t.exposeBoolean('jobAdIsOpen', { description: 'The job ad still takes applications (visible and before its deadline); once closed its public page answers 410' }),
    jobDescriptionId: t.exposeID('jobDescriptionId', { nullable: true }),
    title: t.string({ nullable: true, description: "The job ad's title, else the job description's", resolve: (row) => row.jobAdTitle ?? row.jobDescriptionTitle }),
    isAnonymous: t.boolean({ description: 'The job ad does not disclose its company', resolve: (row) => row.isAnonymous === true }),
    companyName: t.string({
      nullable: true,
      description: "The ad's publisher (null for an anonymous ad), or for an application without an ad the job description's company",
      // Never falls back to the description's company for an ad: that would disclose an anonymous publisher.
      resolve: (row) => (row.jobAdId ? (row.isAnonymous ? null : row.publisherName) : row.clientCompanyName),
    }),
    talentStatus: t.field({
      type: TalentStatusEnum,
      description: "Where the application stands as the talent is shown it (never the company's step names): the company's moves reach her after its delay",
      resolve: (row) => (isTalentStatus(row.talentStatus) ? row.talentStatus : 'APPLIED'),
    }),
    rejectionReason: t.exposeString('rejectionReason', {
      nullable: true,
      description: 'Why the company ended the application (Not selected), when it chose to share the reason with her; null otherwise',
    }),
    documentsErased: t.boolean({ description: "Its note, answers and documents are gone: she took them back on withdrawing it, or the company's retention period erased them (retentionErasedAt)", resolve: (row) => row.documentsErasedAt !== null }),
    retentionErasedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: "When the company's retention period, after the application ended, erased its note, answers, documents and conversation; null while kept",
      resolve: (row) => row.retentionErasedAt,
    }),
    actions: t.field({
      type: [ApplicationActionEnum],
      description: 'What it waits for from her, most urgent first: interview times to choose, an interview to attend, a message to read, an offer to answer',
      resolve: (row) => applicationActions({ talentStatus: row.talentStatus, interviewToChoose: row.interviewToChoose, interviewBooked: row.interviewBooked, unreadMessages: row.unreadMessages }),
    }),
  }),
});

const JobApplicationPage = pageOf(JobApplication, 'JobApplication');

const JobApplicationSort = builder.enumType('JobApplicationSort', {
  values: {
    NEWEST: { description: 'Applied most recently first' },
    OLDEST: { description: 'Applied longest ago first' },
    ACTION_FIRST: { description: 'Those waiting for her (actions) first, then the newest' },
  } as const,
});

const ApplicationActionEnum = builder.enumType('ApplicationAction', { values: APPLICATION_ACTIONS });

/** An interview of the application in hand in one of these states (starting after now when booked). */
const interviewIn = (status: 'PROPOSED' | 'BOOKED', now: Date): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${interview} where ${interview.jobApplicationId} = ${talentJobApplication.id} and ${interview.status} = ${status}${status === 'BOOKED' ? sql` and ${interview.startsAt} > ${now}` : sql``})`;

/** A company message in the application's conversation that came after she last opened it. */
const unreadFromCompany = (userId: string): SQL<boolean> => sql<boolean>`exists (
  select 1 from ${messageThread} join ${message} on ${message.threadId} = ${messageThread.id}
  where ${messageThread.jobApplicationId} = ${talentJobApplication.id} and ${message.fromCompany} and ${message.deliverAt} is null
    and ${message.createdAt} > coalesce((select ${messageThreadRead.readAt} from ${messageThreadRead} where ${messageThreadRead.threadId} = ${messageThread.id} and ${messageThreadRead.userId} = ${userId}), '-infinity'::timestamptz))`;

const clientCompany = alias(company, 'client_company');

/** One column of the last change shown to the talent of the application in hand (a correlated subquery). */
function shown(column: typeof talentJobApplicationStatus.status | typeof talentJobApplicationStatus.reason): SQL {
  const s = talentJobApplicationStatus;
  return sql`select ${column} from ${s} where ${s.talentJobApplicationId} = ${talentJobApplication.id} and ${s.publishedAt} is not null order by ${s.visibleAt} desc, ${s.createdAt} desc limit 1`;
}

/** Applications with their ad, publisher, job description and the status their talent reads, in one query. */
export function selectApplications(db: AppDatabase, where: SQL, now = new Date(), readerUserId: string | null = null) {
  return db
    .select({
      id: talentJobApplication.id,
      message: talentJobApplication.message,
      createdAt: talentJobApplication.createdAt,
      jobAdId: talentJobApplication.jobAdId,
      jobAdTitle: jobAd.title,
      jobAdIsVisible: sql<boolean>`coalesce((${visibleJobAd(now)}), false)`,
      jobAdIsOpen: sql<boolean>`coalesce((${visibleJobAd(now)} and ${beforeDeadline(now)}), false)`,
      jobDescriptionId: talentJobApplication.jobDescriptionId,
      jobDescriptionTitle: jobDescription.title,
      publisherName: company.name,
      clientCompanyName: clientCompany.name,
      isAnonymous: jobAd.isAnonymous,
      // What she reads is the last change shown to her (talent-statuses.ts), never the step it is in now.
      talentStatus: sql<string | null>`(${shown(talentJobApplicationStatus.status)})`,
      rejectionReason: sql<string | null>`(${shown(talentJobApplicationStatus.reason)})`,
      companyId: applicationCompanyId,
      documentsErasedAt: talentJobApplication.documentsErasedAt,
      retentionErasedAt: talentJobApplication.retentionErasedAt,
      interviewToChoose: interviewIn('PROPOSED', now),
      interviewBooked: interviewIn('BOOKED', now),
      unreadMessages: readerUserId ? unreadFromCompany(readerUserId) : sql<boolean>`false`,
    })
    .from(talentJobApplication)
    .leftJoin(jobAd, eq(jobAd.id, talentJobApplication.jobAdId))
    .leftJoin(company, eq(company.id, jobAd.publisherCompanyId))
    .leftJoin(jobDescription, eq(jobDescription.id, talentJobApplication.jobDescriptionId))
    .leftJoin(clientCompany, eq(clientCompany.id, jobDescription.clientCompanyId))
    .where(where);
}

/**
 * The note of an application, checked by the apply forms' own schema; a refusal is the
 * `message` field of `inputName`'s input (null: a top-level argument), with its code.
 */
export function checkedApplicationMessage(raw: string | null | undefined, inputName: string | null): string | null {
  const parsed = applicationMessageSchema.safeParse({ message: raw });
  if (!parsed.success) throw invalidFields(zodIssues(parsed.error), APPLICATION_MESSAGE_ERRORS, inputName);
  return parsed.data.message;
}

const ApplyInput = builder.inputType('ApplyToJobAdInput', {
  fields: (t) => ({
    jobAdId: t.id({ required: true }),
    message: t.string({ required: false, description: 'A note to the company, at most 5000 characters' }),
  }),
});

builder.mutationField('applyToJobAd', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: JobApplication,
    description: 'Applies to an open job ad with the signed-in talent\'s profile',
    args: { data: t.arg({ type: ApplyInput, required: true }) },
    resolve: async (_root, { data }, context) => {
      const message = checkedApplicationMessage(data.message, 'data');
      const jobAdId = String(data.jobAdId);
      if (!isUuid(jobAdId)) throw notFound('This job ad');
      const profileId = await requireMyTalentProfileId(context);
      const { db } = context;
      const [ad] = await db
        .select({ id: jobAd.id, jobDescriptionId: jobAd.jobDescriptionId, companyId: jobAd.publisherCompanyId })
        .from(jobAd)
        .innerJoin(company, eq(company.id, jobAd.publisherCompanyId))
        .where(and(eq(jobAd.id, jobAdId), openJobAd(new Date())))
        .limit(1);
      if (!ad) throw gone('closed', APPLICATION_MESSAGE_ERRORS);
      const created = await db.transaction(async (tx) => {
        // A new application sits in the company's first step, where its board shows it.
        const firstStep = await firstHiringStepId(tx, ad.companyId);
        const [row] = await tx
          .insert(talentJobApplication)
          .values({ jobAdId: ad.id, jobDescriptionId: ad.jobDescriptionId, talentProfileId: profileId, message, companyHiringStepId: firstStep })
          .onConflictDoNothing()
          .returning({ id: talentJobApplication.id });
        if (!row) return null;
        // The company's feed learns of it (toId: the company).
        await recordEvent(tx, context.viewer, { type: 'talentJobApplication.create', toId: ad.companyId, data: { entityId: row.id, companyId: ad.companyId, jobAdId: ad.id, after: { hiringStepId: firstStep } } });
        return row;
      });
      if (!created) throw conflict('alreadyApplied', APPLICATION_MESSAGE_ERRORS);
      const [row] = await selectApplications(db, eq(talentJobApplication.id, created.id));
      return row!;
    },
  }),
);

builder.queryField('myJobApplication', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: JobApplication,
    nullable: true,
    description: "The signed-in talent's application to a job ad, if any",
    args: { jobAdId: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const jobAdId = String(args.jobAdId);
      if (!isUuid(jobAdId)) return null;
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return null;
      const [row] = await selectApplications(context.db, and(eq(talentJobApplication.talentProfileId, profileId), eq(talentJobApplication.jobAdId, jobAdId))!)
        .orderBy(desc(talentJobApplication.createdAt))
        .limit(1);
      return row ?? null;
    },
  }),
);

builder.queryField('myJobApplications', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: JobApplicationPage,
    description: "The signed-in talent's applications; empty before a talent profile exists",
    args: { ...pageArgs, sort: t.arg({ type: JobApplicationSort, required: false, description: 'Default NEWEST' }) },
    resolve: async (_root, args, context) => {
      const { page, perPage, offset } = pageWindow(args);
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return { items: [], total: 0, page, perPage };
      const mine = eq(talentJobApplication.talentProfileId, profileId);
      const now = new Date();
      const newest = [desc(talentJobApplication.createdAt), desc(talentJobApplication.id)];
      // Waiting for her: an interview to book or attend, a message to read, an offer shown.
      // (A status never shown is null: coalesced, or a descending order would put it first.)
      const waiting = sql`coalesce(${interviewIn('PROPOSED', now)} or ${interviewIn('BOOKED', now)} or ${unreadFromCompany(context.viewer.userId)} or (${shown(talentJobApplicationStatus.status)}) = 'OFFER', false)`;
      const order =
        args.sort === 'OLDEST' ? [asc(talentJobApplication.createdAt), asc(talentJobApplication.id)] : args.sort === 'ACTION_FIRST' ? [desc(waiting), ...newest] : newest;
      const [items, [total]] = await Promise.all([
        selectApplications(context.db, mine, now, context.viewer.userId).orderBy(...order).limit(perPage).offset(offset),
        context.db.select({ value: count() }).from(talentJobApplication).where(mine),
      ]);
      return { items, total: total?.value ?? 0, page, perPage };
    },
  }),
);
