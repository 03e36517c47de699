import { and, asc, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../../lib/ids';
import { can } from '../../../lib/permissions/effective-permissions';
import type { PermissionSet } from '../../../lib/permissions/resources';
import type { MessageSide } from '../../../lib/messages/message-rules';
import type { Writer } from '../../db/client';
import { company, jobAd, jobAssignment, jobDescription, message, messageThread, messageThreadRead, talentInvitation, talentJobApplication, talentProfile, user, type Attachment } from '../../db/schema';
import { MessageAttachment } from './message-files';
import { builder } from '../builder';
import { notFound } from '../errors';

// Threads between a company and a talent, read from either side (messages). A thread is
// found through the record it is about (an application, an invitation, an assignment) or by its id among the
// reader's own: a company's threads are its own, a talent's those of her profile; any
// other id answers NOT_FOUND like an unknown one.

type Reader = Pick<Writer, 'select'>;

export interface ThreadRow {
  id: string;
  companyId: string;
  companyName: string;
  /** The application's ad hides its company from talents: the talent's side reads no company name. */
  companyHidden: boolean;
  talentProfileId: string;
  talentUserId: string | null;
  talentName: string | null;
  jobApplicationId: string | null;
  talentInvitationId: string | null;
  jobAssignmentId: string | null;
  jobTitle: string | null;
  lastMessageAt: Date;
  unreadCount: number;
  /** The side that closed the conversation to the other, or null while both may write. */
  blockedSide: string | null;
}

export interface MessageRow {
  id: string;
  threadId: string;
  body: string;
  attachments: Attachment[];
  fromCompany: boolean;
  authorUserId: string | null;
  authorName: string | null;
  createdAt: Date;
  /** Held back for its sender to undo until then; null once out. */
  deliverAt: Date | null;
}

/** What a reader of a thread is: a member of its company, or its talent. */
export interface ThreadReader {
  side: MessageSide;
  userId: string;
}

/** How many messages of the other side came after the reader last opened the thread. */
function unreadCountOf(reader: ThreadReader): SQL<number> {
  const otherSideIsCompany = reader.side === 'talent';
  return sql<number>`(
    select count(*)::int from ${message}
    where ${message.threadId} = ${messageThread.id}
      and ${message.deliverAt} is null
      and ${message.fromCompany} = ${otherSideIsCompany}
      and ${message.createdAt} > coalesce(
        (select ${messageThreadRead.readAt} from ${messageThreadRead} where ${messageThreadRead.threadId} = ${messageThread.id} and ${messageThreadRead.userId} = ${reader.userId}),
        '-infinity'::timestamptz))`;
}

export function selectThreads(db: Reader, reader: ThreadReader) {
  return db
    .select({
      id: messageThread.id,
      companyId: messageThread.companyId,
      companyName: company.name,
      companyHidden: sql<boolean>`coalesce(${jobAd.isAnonymous}, false)`,
      talentProfileId: messageThread.talentProfileId,
      talentUserId: talentProfile.userId,
      talentName: talentProfile.profileName,
      jobApplicationId: messageThread.jobApplicationId,
      talentInvitationId: messageThread.talentInvitationId,
      jobAssignmentId: messageThread.jobAssignmentId,
      jobTitle: sql<string | null>`coalesce(${jobAd.title}, ${jobDescription.title})`,
      lastMessageAt: messageThread.lastMessageAt,
      unreadCount: unreadCountOf(reader),
      blockedSide: messageThread.blockedSide,
    })
    .from(messageThread)
    .innerJoin(company, eq(company.id, messageThread.companyId))
    .innerJoin(talentProfile, eq(talentProfile.id, messageThread.talentProfileId))
    .leftJoin(talentJobApplication, eq(talentJobApplication.id, messageThread.jobApplicationId))
    .leftJoin(talentInvitation, eq(talentInvitation.id, messageThread.talentInvitationId))
    .leftJoin(jobAssignment, eq(jobAssignment.id, messageThread.jobAssignmentId))
    .leftJoin(jobAd, eq(jobAd.id, sql`coalesce(${talentJobApplication.jobAdId}, ${talentInvitation.jobAdId})`))
    .leftJoin(jobDescription, eq(jobDescription.id, sql`coalesce(${talentJobApplication.jobDescriptionId}, ${talentInvitation.jobDescriptionId}, ${jobAssignment.jobDescriptionId})`))
    .$dynamic();
}

/** Which kinds of thread a company's member reads, each behind the read permission of its record. */
export interface CompanyThreadReads {
  applications: boolean;
  invitations: boolean;
  assignments: boolean;
}

/** The kinds of thread a role's permissions read. */
export function threadReadsOf(permissions: PermissionSet | null | undefined): CompanyThreadReads {
  return { applications: can(permissions, 'talentJobApplication', 'read'), invitations: can(permissions, 'talentInvitation', 'read'), assignments: can(permissions, 'jobAssignment', 'read') };
}

/**
 * Which of its threads a company's member reads: those about applications with
 * talentJobApplication read, about invitations with talentInvitation read, about
 * assignments with jobAssignment read. Null when the role reads none (the caller refuses then).
 */
export function companyThreads(companyId: string, reads: CompanyThreadReads): SQL | null {
  const subjects = [
    reads.applications ? isNotNull(messageThread.jobApplicationId) : null,
    reads.invitations ? isNotNull(messageThread.talentInvitationId) : null,
    reads.assignments ? isNotNull(messageThread.jobAssignmentId) : null,
  ].filter((each): each is SQL => each !== null);
  return subjects.length ? and(eq(messageThread.companyId, companyId), or(...subjects))! : null;
}

/** What a company's inbox may be narrowed to: the kind of record, a job ad, a hiring step. */
export interface CompanyThreadFilter {
  about?: 'APPLICATION' | 'INVITATION' | 'ASSIGNMENT' | null;
  jobAdId?: string | null;
  hiringStepId?: string | null;
}

/** The conditions of an inbox filter; an id that cannot be one matches nothing, as other filters do. */
export function companyThreadFilter(filter: CompanyThreadFilter): SQL | undefined {
  const none = sql`false`;
  const about = { APPLICATION: isNotNull(messageThread.jobApplicationId), INVITATION: isNotNull(messageThread.talentInvitationId), ASSIGNMENT: isNotNull(messageThread.jobAssignmentId) };
  const adId = filter.jobAdId;
  const stepId = filter.hiringStepId;
  return and(
    filter.about ? about[filter.about] : undefined,
    adId == null
      ? undefined
      : !isUuid(adId)
        ? none
        : or(
            sql`exists (select 1 from ${talentJobApplication} where ${talentJobApplication.id} = ${messageThread.jobApplicationId} and ${talentJobApplication.jobAdId} = ${adId})`,
            sql`exists (select 1 from ${talentInvitation} where ${talentInvitation.id} = ${messageThread.talentInvitationId} and ${talentInvitation.jobAdId} = ${adId})`,
          ),
    stepId == null ? undefined : !isUuid(stepId) ? none : sql`exists (select 1 from ${talentJobApplication} where ${talentJobApplication.id} = ${messageThread.jobApplicationId} and ${talentJobApplication.companyHiringStepId} = ${stepId})`,
  );
}

/** A talent's threads: those of her profile. */
export const talentThreads = (talentProfileId: string): SQL => eq(messageThread.talentProfileId, talentProfileId);

/** One thread among the reader's own (`scope`); any other id is NOT_FOUND. */
export async function threadIn(db: Reader, reader: ThreadReader, scope: SQL, id: string): Promise<ThreadRow> {
  if (!isUuid(id)) throw notFound('The thread');
  const [row] = await selectThreads(db, reader).where(and(scope, eq(messageThread.id, id))).limit(1);
  if (!row) throw notFound('The thread');
  return row;
}

/** The thread about an application, if one was opened. */
export async function threadOfApplication(db: Reader, reader: ThreadReader, jobApplicationId: string): Promise<ThreadRow | null> {
  const [row] = await selectThreads(db, reader).where(eq(messageThread.jobApplicationId, jobApplicationId)).limit(1);
  return row ?? null;
}

/** The thread about an invitation, if one was opened. */
export async function threadOfInvitation(db: Reader, reader: ThreadReader, talentInvitationId: string): Promise<ThreadRow | null> {
  const [row] = await selectThreads(db, reader).where(eq(messageThread.talentInvitationId, talentInvitationId)).limit(1);
  return row ?? null;
}

/** A company's thread about an assignment (each company taking part has its own), if one was opened. */
export async function threadOfAssignment(db: Reader, reader: ThreadReader, jobAssignmentId: string, companyId: string): Promise<ThreadRow | null> {
  const [row] = await selectThreads(db, reader).where(and(eq(messageThread.jobAssignmentId, jobAssignmentId), eq(messageThread.companyId, companyId))).limit(1);
  return row ?? null;
}

/**
 * Whether the reader has something unread in the thread: the other side's newest message is
 * later than their last read. Read off the thread row and one read mark (no count of
 * messages), so the menus' counts on every page and the "Unread only" filter stay cheap.
 */
function hasUnread(reader: ThreadReader): SQL {
  const otherSideLast = reader.side === 'company' ? messageThread.lastTalentMessageAt : messageThread.lastCompanyMessageAt;
  return sql`${otherSideLast} > coalesce(
    (select ${messageThreadRead.readAt} from ${messageThreadRead} where ${messageThreadRead.threadId} = ${messageThread.id} and ${messageThreadRead.userId} = ${reader.userId}),
    '-infinity'::timestamptz)`;
}

/** A thread with a message that went out: one opened by a message still held back for undo is nobody's yet. */
const hasDeliveredMessage = sql`exists (select 1 from ${message} where ${message.threadId} = ${messageThread.id} and ${message.deliverAt} is null)`;

export async function threadPage(db: Reader, reader: ThreadReader, scope: SQL, window: { perPage: number; offset: number }, unreadOnly: boolean) {
  const where = and(scope, hasDeliveredMessage, unreadOnly ? hasUnread(reader) : undefined);
  const [rows, [total]] = await Promise.all([
    selectThreads(db, reader).where(where).orderBy(desc(messageThread.lastMessageAt), desc(messageThread.id)).limit(window.perPage).offset(window.offset),
    db.select({ total: count() }).from(messageThread).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** How many threads of the scope have something unread for the reader (the menus' count). */
export async function unreadThreadCount(db: Reader, reader: ThreadReader, scope: SQL): Promise<number> {
  const [row] = await db.select({ total: count() }).from(messageThread).where(and(scope, hasUnread(reader)));
  return row?.total ?? 0;
}

const selectMessages = (db: Reader) =>
  db
    .select({
      id: message.id,
      threadId: message.threadId,
      body: message.body,
      attachments: message.attachments,
      fromCompany: message.fromCompany,
      authorUserId: message.authorUserId,
      authorName: sql<string | null>`coalesce(${user.displayName}, ${user.email})`,
      createdAt: message.createdAt,
      deliverAt: message.deliverAt,
    })
    .from(message)
    .leftJoin(user, eq(user.id, message.authorUserId));

/** A thread's messages that went out, oldest first: a conversation reads downwards (one held for its sender to undo is nobody's yet). */
export function messagesOf(db: Reader, threadId: string): Promise<MessageRow[]> {
  return selectMessages(db)
    .where(and(eq(message.threadId, threadId), isNull(message.deliverAt)))
    .orderBy(asc(message.createdAt), asc(message.id));
}

/** One message as written, held or not (the answer to its own write). */
export async function messageRow(db: Reader, id: string): Promise<MessageRow | null> {
  const [row] = await selectMessages(db).where(eq(message.id, id)).limit(1);
  return row ?? null;
}

export const Message = builder.objectRef<MessageRow>('Message').implement({
  description: 'A message of a thread between a company and a talent',
  fields: (t) => ({
    id: t.exposeID('id'),
    threadId: t.exposeID('threadId', { description: 'Its conversation' }),
    body: t.exposeString('body', { description: 'Plain text; line breaks kept' }),
    attachments: t.field({ type: [MessageAttachment], description: 'Files sent with it', resolve: (row) => row.attachments }),
    fromCompany: t.exposeBoolean('fromCompany', { description: 'Written for the company by one of its members (else by the talent)' }),
    authorName: t.exposeString('authorName', { nullable: true, description: 'Who wrote it; null once their account is gone' }),
    isMine: t.boolean({ description: 'The caller wrote it', resolve: (row, _args, context) => row.authorUserId !== null && row.authorUserId === context.viewer?.userId }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    deliverAt: t.field({ type: 'DateTime', nullable: true, description: 'A message held back so that its sender may undo it: when it goes out; null once out', resolve: (row) => row.deliverAt }),
  }),
});

export const MessageThread = builder.objectRef<ThreadRow>('MessageThread');
MessageThread.implement({
  description: 'A thread between a company and a talent about one application, invitation or assignment',
  fields: (t) => ({
    id: t.exposeID('id'),
    companyName: t.string({
      nullable: true,
      description: "The company; null for the talent when the application's ad does not disclose it",
      resolve: (row, _args, context) => (row.companyHidden && context.viewer?.userId === row.talentUserId && !context.company ? null : row.companyName),
    }),
    talentName: t.exposeString('talentName', { nullable: true }),
    jobApplicationId: t.exposeID('jobApplicationId', { nullable: true, description: 'The application it is about' }),
    talentInvitationId: t.exposeID('talentInvitationId', { nullable: true, description: 'The invitation it is about' }),
    jobAssignmentId: t.exposeID('jobAssignmentId', { nullable: true, description: 'The assignment it is about' }),
    jobTitle: t.exposeString('jobTitle', { nullable: true, description: "The job ad's (or job description's) title of the application, invitation or assignment" }),
    lastMessageAt: t.field({ type: 'DateTime', resolve: (row) => row.lastMessageAt }),
    unreadCount: t.exposeInt('unreadCount', { description: "Messages of the other side the caller has not opened the thread since" }),
    closedBy: t.string({ nullable: true, description: "'company' or 'talent': the side that closed the conversation (the other may no longer write); null while both may", resolve: (row) => row.blockedSide }),
    messages: t.field({ type: [Message], description: 'Oldest first', resolve: (row, _args, context) => messagesOf(context.db, row.id) }),
  }),
});
