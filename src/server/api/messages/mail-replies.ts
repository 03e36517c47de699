import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { MessageFilesRefusal } from '../../../lib/messages/message-attachments';
import type { FileStorage } from '../../storage/file-storage';
import { checkFilesInMemory, withStoredFiles, type IncomingMessageFile } from './message-files';
import EmailReplyParser from 'email-reply-parser';
import { messageSchema } from '../../../lib/messages/message-rules';
import type { AppDatabase } from '../../db/client';
import { companyOnUser, talentProfile, user } from '../../db/schema';
import type { ReplyAddress } from '../../mail/reply-address';
import type { Viewer } from '../auth/viewer';
import { gatherRecordedEvents, type RecordedEvent } from '../recorded-events';
import { talentThreads, threadIn, type ThreadRow } from './message-threads';
import { companyReader, subjectResourceOf, talentReader } from './company-thread-subjects';
import { membershipPermissions, selectMemberships } from '../auth/memberships';
import { can } from '../../../lib/permissions/effective-permissions';
import { writeMessage } from './message-writes';

// Answers to message mails, written into their thread (messages): the reply address names
// the thread and the person mailed; the mail must come from that person's own address, and
// they must still be the thread's talent, or a member of its company allowed to write in it. What the mail client quoted of earlier mails and
// the signature are cut off (email-reply-parser, a port of GitHub's reply parser); what is
// left is a message like one typed on the page, with the same rules and the same event;
// the files attached to the mail go with it, under the message attachment rule.

export type MailReplyOutcome =
  | { ok: true }
  | { ok: false; reason: 'unknownAddress' | 'wrongSender' | 'gone' | 'empty' | 'invalid' | MessageFilesRefusal };

export interface MailReplies {
  /** Whether an address is one of ours, answerable (checked before the mail is even sent to us). */
  acceptsRecipient(address: string): boolean;
  receive(reply: { to: string; from: string; text: string; attachments?: IncomingMessageFile[] }): Promise<MailReplyOutcome>;
}

/** The new part of a reply: quoted history ("On … wrote:", "> …") and signature cut off. */
export function newPartOf(text: string): string {
  return new EmailReplyParser().parseReply(text.replace(/\r\n?/g, '\n')).trim();
}

/**
 * Which side the person mailed answers the thread as: its talent, or a member of its
 * company whose role still reads and updates the record it is about (a member removed, or
 * a role that lost the permission, answers nothing). Null when neither.
 */
async function answeringSide(db: AppDatabase, userId: string, threadId: string): Promise<{ thread: ThreadRow; fromCompany: boolean } | null> {
  const [profile] = await db.select({ id: talentProfile.id }).from(talentProfile).where(eq(talentProfile.userId, userId)).limit(1);
  const asTalent = profile ? await threadIn(db, talentReader(userId), talentThreads(profile.id), threadId).catch(() => null) : null;
  if (asTalent) return { thread: asTalent, fromCompany: false };
  const thread = await threadIn(db, companyReader(userId), sql`true`, threadId).catch(() => null);
  if (!thread) return null;
  const [membership] = await selectMemberships(db, and(eq(companyOnUser.userId, userId), eq(companyOnUser.companyId, thread.companyId))!);
  const permissions = membership ? membershipPermissions(membership) : null;
  const resource = subjectResourceOf(thread);
  return can(permissions, resource, 'read') && can(permissions, resource, 'update') ? { thread, fromCompany: true } : null;
}

export function createMailReplies(options: { db: AppDatabase; replyAddress: ReplyAddress; storage: FileStorage | null; listeners: ReadonlyArray<{ afterOperation(events: readonly RecordedEvent[]): void }> }): MailReplies {
  const { db, replyAddress } = options;
  return {
    acceptsRecipient: (address) => replyAddress.read(address) !== null,

    async receive(reply) {
      const target = replyAddress.read(reply.to);
      if (!target) return { ok: false, reason: 'unknownAddress' };
      const [person] = await db.select().from(user).where(and(eq(user.id, target.userId), eq(user.status, 'active'))).limit(1);
      // The token says who was mailed; only that person's own address may answer with it.
      if (!person || person.email.toLowerCase() !== reply.from.trim().toLowerCase()) return { ok: false, reason: 'wrongSender' };
      const side = await answeringSide(db, person.id, target.threadId);
      // A conversation closed to the one answering takes no mail either.
      if (!side || (side.thread.blockedSide !== null && side.thread.blockedSide !== (side.fromCompany ? 'company' : 'talent'))) return { ok: false, reason: 'gone' };
      const { thread, fromCompany } = side;
      const text = newPartOf(reply.text);
      if (!text) return { ok: false, reason: 'empty' };
      const parsed = messageSchema.safeParse({ body: text });
      if (!parsed.success) return { ok: false, reason: 'invalid' };
      // The files are kept, by the same rule as files sent from the page: any refused refuses the mail whole.
      const files = reply.attachments ?? [];
      const check = checkFilesInMemory(files);
      if (!check.ok) return { ok: false, reason: check.reason };
      const viewer: Viewer = { userId: person.id, externalId: person.externalId, email: person.email, isAdmin: false, adminPermissions: [], isImpersonate: false, actor: null, authenticatedAt: null };
      const events: RecordedEvent[] = [];
      const id = randomUUID();
      await gatherRecordedEvents(events, () =>
        withStoredFiles(options.storage, id, files, (attachments) => db.transaction((tx) => writeMessage(tx, { viewer, replyAddress }, thread, { id, body: parsed.data.body, attachments }, fromCompany))),
      );
      for (const listener of options.listeners) listener.afterOperation(events);
      return { ok: true };
    },
  };
}
