import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { MAX_MESSAGE_ATTACHMENTS, MESSAGE_ATTACHMENT_RULE } from '../../../lib/uploads/upload-rules';
import { readPostedFiles, withStoredFiles } from './message-files';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { isUuid } from '../../../lib/ids';
import { MESSAGE_ERRORS, MESSAGE_MAX, messageSchema } from '../../../lib/messages/message-rules';
import type { Writer } from '../../db/client';
import { company, jobAd, jobDescription, messageThread, talentJobApplication } from '../../db/schema';
import { requireCompanyPermission } from '../auth/company-access';
import { findMyTalentProfileId, requireMyTalentProfileId } from '../auth/my-talent-profile';
import { builder } from '../builder';
import type { SignedInContext } from '../context';
import { ApiError, forbiddenBecause, invalidFields, notFound } from '../errors';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { recordEvent } from '../record-event';
import { Message, MessageThread, companyThreadFilter, talentThreads, threadIn, threadOfApplication, threadPage, unreadThreadCount, type ThreadRow } from './message-threads';
import { markRead, writeMessage } from './message-writes';
import { filledFor } from './message-templates';
import { callerThread, companyReader, companySubjectOf, readableCompanyThreads, subjectResourceOf, talentReader } from './company-thread-subjects';
import { applicationCompanyId } from '../job-applications/received-application-rows';

// Writing and reading messages between a company and a talent. A company writes on an
// application it received (talentJobApplication read and update), an invitation it sent
// (talentInvitation read and update) or an assignment it takes part in (jobAssignment read
// and update), which opens the thread;
// the talent answers in a thread about her application, or opens one about an application
// she made: she never writes to a company out of the blue. Each message is a message.create
// event addressed to the other side (the talent's user, or the company).

export const MessageInput = builder.inputType('MessageInput', {
  fields: (t) => ({ body: t.string({ required: true, description: `1 to ${MESSAGE_MAX} characters of plain text` }) }),
});

const MessageThreadPage = pageOf(MessageThread, 'MessageThread');

const ThreadAboutEnum = builder.enumType('MessageThreadAbout', { values: ['APPLICATION', 'INVITATION', 'ASSIGNMENT'] as const, description: 'The kind of record a thread is about' });

/** A message's files (multipart/form-data): the message attachment rule applies to them. */
const attachmentsArgs = builder.args((t) => ({
  attachments: t.field({ type: ['File'], required: false, description: `Up to ${MAX_MESSAGE_ATTACHMENTS} files sent with the message, ${MESSAGE_ATTACHMENT_RULE.maxMegabytes} MB together: PDF, PNG, JPEG, WebP, Word, Excel or PowerPoint, by their content` }),
}));

/** The sender's allowance (one point a message): TOO_MANY_REQUESTS (tooManyMessages) past it, worded with the wait. */
export async function takeMessageAllowance(context: SignedInContext, messages = 1): Promise<void> {
  try {
    await context.messageAllowance.consume(context.viewer.actor?.userId ?? context.viewer.userId, messages);
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    const minutes = Math.max(1, Math.ceil(refusal.msBeforeNext / 60_000));
    throw new ApiError('TOO_MANY_REQUESTS', `Too many messages in a short time. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, { hint: 'wait, then send it again', reason: 'tooManyMessages' });
  }
}

export function parseBody(data: { body: string }): string {
  const parsed = messageSchema.safeParse(data);
  if (!parsed.success) throw invalidFields(zodIssues(parsed.error), MESSAGE_ERRORS);
  return parsed.data.body;
}


builder.queryField('findMessageThread', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: MessageThread,
    nullable: true,
    description:
      "The selected company's thread with the talent about one of its received applications (needs talentJobApplication read), one of its sent invitations (talentInvitation read) or an assignment it takes part in (jobAssignment read); null before anyone wrote. Or one of its threads by `id`, among those the role reads. Another company's record or thread is NOT_FOUND",
    args: { id: t.arg.id(), jobApplicationId: t.arg.id(), talentInvitationId: t.arg.id(), jobAssignmentId: t.arg.id() },
    resolve: async (_root, { id, ...subject }, context) => {
      if (id == null) return (await companySubjectOf(context.db, context, subject, false)).find(context.db);
      const readable = readableCompanyThreads(context);
      return threadIn(context.db, companyReader(readable.userId), readable.scope, String(id));
    },
  }),
);

builder.queryField('findManyMessageThread', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: MessageThreadPage,
    description:
      "The selected company's threads the caller's role reads (about applications with talentJobApplication read, invitations with talentInvitation read, assignments with jobAssignment read), the newest message first; `unread` keeps those with something the caller has not read. FORBIDDEN with none",
    args: {
      ...pageArgs,
      unread: t.arg.boolean(),
      about: t.arg({ type: ThreadAboutEnum, description: 'Only the threads about applications, invitations or assignments' }),
      jobAdId: t.arg.id({ description: 'Only the threads about applications to, or invitations for, this job ad' }),
      hiringStepId: t.arg.id({ description: 'Only the threads about applications in this hiring step' }),
    },
    resolve: async (_root, args, context) => {
      const { userId, scope } = readableCompanyThreads(context);
      const window = pageWindow(args);
      const filter = companyThreadFilter({ about: args.about ?? null, jobAdId: args.jobAdId == null ? null : String(args.jobAdId), hiringStepId: args.hiringStepId == null ? null : String(args.hiringStepId) });
      const { rows, total } = await threadPage(context.db, companyReader(userId), and(scope, filter)!, window, args.unread === true);
      return { items: rows, total, page: window.page, perPage: window.perPage };
    },
  }),
);

builder.mutationField('sendCompanyMessage', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Message,
    description:
      'Writes to the talent of one of the selected company’s received applications (talentJobApplication read and update), sent invitations (talentInvitation read and update) or assignments (jobAssignment read and update), opening its thread on the first message. Another company’s record is NOT_FOUND. Records message.create, addressed to the talent',
    args: { jobApplicationId: t.arg.id(), talentInvitationId: t.arg.id(), jobAssignmentId: t.arg.id(), data: t.arg({ type: MessageInput, required: true }), ...attachmentsArgs },
    resolve: async (_root, args, context) => {
      const body = parseBody(args.data);
      const files = await readPostedFiles(args.attachments);
      // A first look before any file is stored: a record that is not the company's, or a role that may not write, stores nothing.
      if (files.length) await companySubjectOf(context.db, context, args, true);
      const id = randomUUID();
      return withStoredFiles(context.storage, id, files, (attachments) =>
        context.db.transaction(async (tx) => {
          const subject = await companySubjectOf(tx, context, args, true);
          await takeMessageAllowance(context);
          // The thread is opened once: a second writer racing the first finds it.
          await tx.insert(messageThread).values({ companyId: subject.companyId, talentProfileId: subject.talentProfileId, ...subject.values }).onConflictDoNothing();
          const thread = (await subject.find(tx))!;
          return writeMessage(tx, context, thread, { id, body: filledFor(body, thread), attachments }, true);
        }),
      );
    },
  }),
);

builder.queryField('myMessageThreads', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: MessageThreadPage,
    description:
      "The caller's threads with companies, the newest message first; `unread` keeps those with something unread, `jobAssignmentId` those about one of her assignments (one per company that wrote). Empty before the caller has a talent profile",
    args: { ...pageArgs, unread: t.arg.boolean(), jobAssignmentId: t.arg.id() },
    resolve: async (_root, args, context) => {
      const window = pageWindow(args);
      const profileId = await findMyTalentProfileId(context);
      const assignmentId = args.jobAssignmentId == null ? null : String(args.jobAssignmentId);
      // An id that cannot be an assignment's matches nothing, as other filters do.
      if (!profileId || (assignmentId !== null && !isUuid(assignmentId))) return { items: [], total: 0, page: window.page, perPage: window.perPage };
      const scope = and(talentThreads(profileId), assignmentId ? eq(messageThread.jobAssignmentId, assignmentId) : undefined)!;
      const { rows, total } = await threadPage(context.db, talentReader(context.viewer.userId), scope, window, args.unread === true);
      return { items: rows, total, page: window.page, perPage: window.perPage };
    },
  }),
);

builder.queryField('myUnreadMessageThreadCount', (t) =>
  t.withAuth({ signedIn: true }).int({
    description: "How many of the caller's conversations with companies have something unread (the talent menu's count); 0 before a talent profile",
    resolve: async (_root, _args, context) => {
      const profileId = await findMyTalentProfileId(context);
      return profileId ? unreadThreadCount(context.db, talentReader(context.viewer.userId), talentThreads(profileId)) : 0;
    },
  }),
);

builder.queryField('myMessageThread', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: MessageThread,
    description: "One of the caller's threads; any other id is NOT_FOUND",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const profileId = await requireMyTalentProfileId(context);
      return threadIn(context.db, talentReader(context.viewer.userId), talentThreads(profileId), String(id));
    },
  }),
);

/** One of the caller's own applications (to open a thread about it); any other id is NOT_FOUND. */
async function myApplication(tx: Writer, talentProfileId: string, id: string) {
  if (!isUuid(id)) throw notFound('The application');
  const [row] = await tx.select({ id: talentJobApplication.id }).from(talentJobApplication).where(and(eq(talentJobApplication.id, id), eq(talentJobApplication.talentProfileId, talentProfileId))).limit(1);
  if (!row) throw notFound('The application');
  return row;
}

/** The company an application of the caller's is with (its ad's publisher, else its job description's writer). */
async function companyOfApplication(tx: Writer, applicationId: string): Promise<string> {
  const [row] = await tx
    .select({ companyId: applicationCompanyId })
    .from(talentJobApplication)
    .leftJoin(jobAd, eq(jobAd.id, talentJobApplication.jobAdId))
    .leftJoin(jobDescription, eq(jobDescription.id, talentJobApplication.jobDescriptionId))
    .where(eq(talentJobApplication.id, applicationId))
    .limit(1);
  if (!row?.companyId) throw notFound('The application');
  return row.companyId;
}

const MessageThreadStart = builder.objectRef<{ thread: ThreadRow | null; companyName: string | null; jobTitle: string | null }>('MessageThreadStart').implement({
  description: "One of the caller's applications as a conversation starts from it: its thread when one was opened",
  fields: (t) => ({
    thread: t.field({ type: MessageThread, nullable: true, resolve: (row) => row.thread }),
    companyName: t.exposeString('companyName', { nullable: true, description: 'Null when the ad does not disclose its company' }),
    jobTitle: t.exposeString('jobTitle', { nullable: true }),
  }),
});

builder.queryField('myApplicationMessageThread', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: MessageThreadStart,
    description: "The conversation about one of the caller's applications (its thread, or what starts one); any other id is NOT_FOUND",
    args: { jobApplicationId: t.arg.id({ required: true }) },
    resolve: async (_root, { jobApplicationId }, context) => {
      const profileId = await requireMyTalentProfileId(context);
      const application = await myApplication(context.db, profileId, String(jobApplicationId));
      const thread = await threadOfApplication(context.db, talentReader(context.viewer.userId), application.id);
      const [facts] = await context.db
        .select({ companyName: company.name, hidden: sql<boolean>`coalesce(${jobAd.isAnonymous}, false)`, jobTitle: sql<string | null>`coalesce(${jobAd.title}, ${jobDescription.title})` })
        .from(talentJobApplication)
        .leftJoin(jobAd, eq(jobAd.id, talentJobApplication.jobAdId))
        .leftJoin(jobDescription, eq(jobDescription.id, talentJobApplication.jobDescriptionId))
        .leftJoin(company, eq(company.id, applicationCompanyId))
        .where(eq(talentJobApplication.id, application.id))
        .limit(1);
      return { thread, companyName: facts?.hidden ? null : (facts?.companyName ?? null), jobTitle: facts?.jobTitle ?? null };
    },
  }),
);

builder.mutationField('sendMyMessage', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Message,
    description:
      'Writes to a company: in one of the caller’s threads (`threadId`), or about one of the caller’s applications (`jobApplicationId`, opening its thread). Any other id is NOT_FOUND. Records message.create, addressed to the company',
    args: { threadId: t.arg.id(), jobApplicationId: t.arg.id(), data: t.arg({ type: MessageInput, required: true }), ...attachmentsArgs },
    resolve: async (_root, args, context) => {
      if ((args.threadId == null) === (args.jobApplicationId == null)) throw new ApiError('BAD_USER_INPUT', 'Name the thread or the application, one of the two', { httpStatus: 400 });
      const profileId = await requireMyTalentProfileId(context);
      const reader = talentReader(context.viewer.userId);
      const body = parseBody(args.data);
      const files = await readPostedFiles(args.attachments);
      // A first look before any file is stored: a thread or application that is not hers stores nothing.
      if (files.length && args.threadId != null) await threadIn(context.db, reader, talentThreads(profileId), String(args.threadId));
      if (files.length && args.jobApplicationId != null) await myApplication(context.db, profileId, String(args.jobApplicationId));
      await takeMessageAllowance(context);
      const id = randomUUID();
      return withStoredFiles(context.storage, id, files, (attachments) =>
        context.db.transaction(async (tx) => {
          if (args.threadId != null) {
            const thread = await threadIn(tx, reader, talentThreads(profileId), String(args.threadId));
            return writeMessage(tx, context, thread, { id, body, attachments }, false);
          }
          const application = await myApplication(tx, profileId, String(args.jobApplicationId));
          const companyId = await companyOfApplication(tx, application.id);
          await tx.insert(messageThread).values({ companyId, talentProfileId: profileId, jobApplicationId: application.id }).onConflictDoNothing();
          const thread = await threadOfApplication(tx, reader, application.id);
          return writeMessage(tx, context, thread!, { id, body, attachments }, false);
        }),
      );
    },
  }),
);

builder.mutationField('markMessageThreadRead', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: MessageThread,
    description:
      "Marks a thread read up to now for the caller: from the selected company's side when a company is selected (a thread the role reads), else as its talent. Any other id is NOT_FOUND",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { reader, thread } = await callerThread(context, String(id));
      await markRead(context.db, thread.id, reader.userId, new Date());
      return threadIn(context.db, reader, eq(messageThread.id, thread.id), thread.id);
    },
  }),
);

builder.mutationField('closeMessageThread', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: MessageThread,
    description:
      "Closes a conversation to the other side (`closed: true`: they can no longer write in it) or opens it again; from the selected company's side when a company is selected (needs update on the application, invitation or assignment it is about), else as its talent. Only the side that closed it opens it again (FORBIDDEN threadClosed). Any other id is NOT_FOUND. Records messageThread.update",
    args: { id: t.arg.id({ required: true }), closed: t.arg.boolean({ required: true }) },
    resolve: async (_root, { id, closed }, context) => {
      const { side, reader, thread } = await callerThread(context, String(id));
      if (side === 'company') requireCompanyPermission(context, subjectResourceOf(thread), 'update');
      if (thread.blockedSide && thread.blockedSide !== side) throw forbiddenBecause('threadClosed', MESSAGE_ERRORS);
      const now = new Date();
      return context.db.transaction(async (tx) => {
        await tx
          .update(messageThread)
          .set(closed ? { blockedSide: side, blockedAt: now, blockedByUserId: context.viewer.userId, updatedAt: now } : { blockedSide: null, blockedAt: null, blockedByUserId: null, updatedAt: now })
          .where(eq(messageThread.id, thread.id));
        await recordEvent(tx, context.viewer, {
          type: 'messageThread.update',
          toId: thread.companyId,
          data: { entityId: thread.id, companyId: thread.companyId, side, before: { closedBy: thread.blockedSide }, after: { closedBy: closed ? side : null } },
        });
        return threadIn(tx, reader, eq(messageThread.id, thread.id), thread.id);
      });
    },
  }),
);
