import { and, eq } from 'drizzle-orm';
import EmailReplyParser from 'email-reply-parser';
import { messageSchema } from '../../../lib/messages/message-rules';
import type { AppDatabase } from '../../db/client';
import { talentProfile, user } from '../../db/schema';
import type { ReplyAddress } from '../../mail/reply-address';
import type { Viewer } from '../auth/viewer';
import { gatherRecordedEvents, type RecordedEvent } from '../recorded-events';
import { talentThreads, threadIn } from './message-threads';
import { writeMessage } from './message-operations';

// Answers to message mails, written into their thread (messages): the reply address names
// the thread and the person mailed; the mail must come from that person's own address, and
// they must still be the thread's talent. What the mail client quoted of earlier mails and
// the signature are cut off (email-reply-parser, a port of GitHub's reply parser); what is
// left is a message like one typed on the page, with the same rules and the same event.

export type MailReplyOutcome =
  | { ok: true }
  | { ok: false; reason: 'unknownAddress' | 'wrongSender' | 'gone' | 'empty' | 'invalid' };

export interface MailReplies {
  /** Whether an address is one of ours, answerable (checked before the mail is even sent to us). */
  acceptsRecipient(address: string): boolean;
  receive(reply: { to: string; from: string; text: string }): Promise<MailReplyOutcome>;
}

/** The new part of a reply: quoted history ("On … wrote:", "> …") and signature cut off. */
export function newPartOf(text: string): string {
  return new EmailReplyParser().parseReply(text.replace(/\r\n?/g, '\n')).trim();
}

export function createMailReplies(options: { db: AppDatabase; replyAddress: ReplyAddress; listeners: ReadonlyArray<{ afterOperation(events: readonly RecordedEvent[]): void }> }): MailReplies {
  const { db, replyAddress } = options;
  return {
    acceptsRecipient: (address) => replyAddress.read(address) !== null,

    async receive(reply) {
      const target = replyAddress.read(reply.to);
      if (!target) return { ok: false, reason: 'unknownAddress' };
      const [person] = await db.select().from(user).where(and(eq(user.id, target.userId), eq(user.status, 'active'))).limit(1);
      // The token says who was mailed; only that person's own address may answer with it.
      if (!person || person.email.toLowerCase() !== reply.from.trim().toLowerCase()) return { ok: false, reason: 'wrongSender' };
      const [profile] = await db.select({ id: talentProfile.id }).from(talentProfile).where(eq(talentProfile.userId, person.id)).limit(1);
      if (!profile) return { ok: false, reason: 'gone' };
      const thread = await threadIn(db, { side: 'talent', userId: person.id }, talentThreads(profile.id), target.threadId).catch(() => null);
      // A conversation she closed, or the company closed, takes no mail either.
      if (!thread || thread.blockedSide === 'company') return { ok: false, reason: 'gone' };
      const text = newPartOf(reply.text);
      if (!text) return { ok: false, reason: 'empty' };
      const parsed = messageSchema.safeParse({ body: text });
      if (!parsed.success) return { ok: false, reason: 'invalid' };
      const viewer: Viewer = { userId: person.id, externalId: person.externalId, email: person.email, isAdmin: false, adminPermissions: [], isImpersonate: false, actor: null };
      const events: RecordedEvent[] = [];
      await gatherRecordedEvents(events, () => db.transaction((tx) => writeMessage(tx, { viewer, replyAddress }, thread, parsed.data.body, false)));
      for (const listener of options.listeners) listener.afterOperation(events);
      return { ok: true };
    },
  };
}
