import { eq, sql } from 'drizzle-orm';
import { MESSAGE_ERRORS } from '../../../lib/messages/message-rules';
import type { AppDatabase, Writer } from '../../db/client';
import { notifyLive } from '../../db/live-notices';
import { message, messageThread, messageThreadRead, type Attachment } from '../../db/schema';
import type { SignedInContext } from '../context';
import { forbiddenBecause } from '../errors';
import { recordEvent } from '../record-event';
import { companyRecipientsOf } from './company-recipients';
import { messageRow, type ThreadRow } from './message-threads';
import { heldSenderOf } from '../auth/held-sender';

// Writing a message into a thread (messages): the row, then its announcement - the thread
// moves to the top of both inboxes, the other side is told (bell, mail with an address that
// answers into the thread) and both sides' open pages hear of it. A message held back for
// its sender to undo is written now and announced when it goes out (held-messages.ts).

type Tx = Writer & Pick<AppDatabase, 'execute'>;
export type MessageAuthor = Pick<SignedInContext, 'viewer' | 'replyAddress'>;
export type WrittenThread = Pick<ThreadRow, 'id' | 'companyId' | 'talentProfileId' | 'jobApplicationId' | 'talentInvitationId' | 'jobAssignmentId' | 'talentUserId' | 'blockedSide'>;

/** The author has read everything up to what they just wrote. */
export async function markRead(tx: Writer, threadId: string, userId: string, at: Date): Promise<void> {
  await tx
    .insert(messageThreadRead)
    .values({ threadId, userId, readAt: at })
    .onConflictDoUpdate({ target: [messageThreadRead.threadId, messageThreadRead.userId], set: { readAt: sql`greatest(${messageThreadRead.readAt}, excluded.read_at)`, updatedAt: at } });
}

/** A conversation one side closed takes nothing more from the other. */
export function refuseIfClosedTo(thread: Pick<ThreadRow, 'blockedSide'>, fromCompany: boolean): void {
  if (thread.blockedSide && thread.blockedSide !== (fromCompany ? 'company' : 'talent')) throw forbiddenBecause('threadClosed', MESSAGE_ERRORS);
}

/**
 * Writes one message in a thread and announces it; with `holdUntil`, only writes it, hidden
 * from everyone until then (its sender may undo it meanwhile).
 */
export async function writeMessage(tx: Tx, author: MessageAuthor, thread: WrittenThread, content: { body: string; id?: string; attachments?: Attachment[] }, fromCompany: boolean, holdUntil?: Date) {
  const { body, attachments = [] } = content;
  refuseIfClosedTo(thread, fromCompany);
  const now = new Date();
  const { userId } = author.viewer;
  const [written] = await tx
    .insert(message)
    .values({
      ...(content.id ? { id: content.id } : {}),
      threadId: thread.id,
      authorUserId: userId,
      fromCompany,
      body,
      attachments,
      ...(holdUntil ? { deliverAt: holdUntil, heldBy: heldSenderOf(author.viewer) } : {}),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: message.id });
  if (!holdUntil) await announceMessage(tx, author, thread, { id: written!.id, body, attachments }, fromCompany, now);
  return (await messageRow(tx, written!.id))!;
}

/** Moves the thread up, tells the other side and the open pages: a message going out at `at`. */
export async function announceMessage(tx: Tx, author: MessageAuthor, thread: WrittenThread, written: { id: string; body: string; attachments: readonly Attachment[] }, fromCompany: boolean, at: Date): Promise<void> {
  await tx
    .update(messageThread)
    .set({ lastMessageAt: at, ...(fromCompany ? { lastCompanyMessageAt: at } : { lastTalentMessageAt: at }), updatedAt: at })
    .where(eq(messageThread.id, thread.id));
  await markRead(tx, thread.id, author.viewer.userId, at);
  // Each recipient's mail carries the words, and an address that answers into this very
  // thread as them; the headers group the conversation in their mail client.
  const reply = author.replyAddress;
  const threadingFor = (recipientId: string) =>
    reply
      ? { replyTo: reply.addressFor(thread.id, recipientId), messageId: `<message-${written.id}@${reply.domain}>`, inReplyTo: `<thread-${thread.id}@${reply.domain}>`, references: `<thread-${thread.id}@${reply.domain}>` }
      : undefined;
  const threading = fromCompany && thread.talentUserId ? threadingFor(thread.talentUserId) : undefined;
  const data = {
    entityId: written.id,
    threadId: thread.id,
    companyId: thread.companyId,
    talentProfileId: thread.talentProfileId,
    jobApplicationId: thread.jobApplicationId,
    talentInvitationId: thread.talentInvitationId,
    jobAssignmentId: thread.jobAssignmentId,
    fromCompany,
    before: null,
    after: { length: [...written.body].length, attachments: written.attachments.length },
  };
  await recordEvent(tx, author.viewer, {
    type: 'message.create',
    // To the talent's account, or to the company (its inbox shows it to the members who may read the record).
    toId: fromCompany ? thread.talentUserId : thread.companyId,
    data,
  }, { text: written.body, ...(threading ? { threading } : {}) });
  // A talent's message also reaches the members taking part (company-recipients.ts): a copy
  // each for their bell, mailed with an address that answers into the thread as them.
  if (!fromCompany) {
    for (const memberId of await companyRecipientsOf(tx, thread)) {
      const memberThreading = threadingFor(memberId);
      await recordEvent(tx, author.viewer, { type: 'message.create', toId: memberId, data: { ...data, memberCopy: true } }, { text: written.body, ...(memberThreading ? { threading: memberThreading } : {}) });
    }
  }
  await notifyLive(tx, { kind: 'message', threadId: thread.id, companyId: thread.companyId, talentUserId: thread.talentUserId });
}
