import { and, asc, count, eq, gt, inArray, isNotNull, lte } from 'drizzle-orm';
import { isUuid } from '../../../lib/ids';
import { MESSAGE_ERRORS } from '../../../lib/messages/message-rules';
import type { AppDatabase } from '../../db/client';
import { message, messageThread } from '../../db/schema';
import type { ReplyAddress } from '../../mail/reply-address';
import { viewerOfHeld } from '../auth/held-sender';
import { requireCompanyPermission } from '../auth/company-access';
import { builder } from '../builder';
import { conflict } from '../errors';
import { recordEvent } from '../record-event';
import { createHeldWork, type HeldWork, type HeldWorkListener } from '../held-work';
import { companyReader } from './company-thread-subjects';
import { threadIn } from './message-threads';
import { announceMessage } from './message-writes';

// Messages held back so that their sender may undo them (one message to several
// applications: UNDO_SECONDS). Until they go out nobody else sees them and nobody is told;
// undoing deletes them. They go out when due, as every held write does (held-work.ts).

/** How long a sender may take back one message to several applications. */
export const UNDO_SECONDS = 10;

export type HeldMessages = HeldWork;

/** One due message out: announced as its sender wrote it, or dropped if its talent closed the conversation meanwhile. */
async function deliverOne(db: AppDatabase, replyAddress: ReplyAddress | null, id: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(message).where(and(eq(message.id, id), isNotNull(message.deliverAt), lte(message.deliverAt, now))).for('update', { skipLocked: true }).limit(1);
    if (!row?.heldBy) return false;
    const thread = await threadIn(tx, companyReader(row.heldBy.userId), eq(messageThread.id, row.threadId), row.threadId);
    if (thread.blockedSide && thread.blockedSide !== (row.fromCompany ? 'company' : 'talent')) {
      await tx.delete(message).where(eq(message.id, row.id));
      return false;
    }
    await tx.update(message).set({ deliverAt: null, heldBy: null, createdAt: now, updatedAt: now }).where(eq(message.id, row.id));
    await announceMessage(tx, { viewer: viewerOfHeld(row.heldBy), replyAddress }, thread, { id: row.id, body: row.body, attachments: row.attachments }, row.fromCompany, now);
    return true;
  });
}

export function createHeldMessages(options: { db: AppDatabase; replyAddress: ReplyAddress | null; listeners: readonly HeldWorkListener[]; log: (message: string) => void; sweepSeconds?: number }): HeldMessages {
  const { db, replyAddress } = options;
  return createHeldWork({
    name: 'messages',
    due: async (now) => {
      const due = await db.select({ id: message.id }).from(message).where(and(isNotNull(message.deliverAt), lte(message.deliverAt, now))).orderBy(asc(message.deliverAt)).limit(500);
      return due.map((row) => row.id);
    },
    deliver: (id, now) => deliverOne(db, replyAddress, id, now),
    listeners: options.listeners,
    log: options.log,
    sweepSeconds: options.sweepSeconds,
  });
}

builder.mutationField('undoCompanyMessages', (t) =>
  t.withAuth({ signedIn: true }).int({
    description: `Takes back messages the caller sent to several applications of the selected company, while they are held (${UNDO_SECONDS} seconds): they are deleted, and nobody was told of them. Answers how many; CONFLICT undoTooLate when none could be. Records messageThread.update (action undo) per conversation`,
    args: { ids: t.arg.idList({ required: true }) },
    resolve: async (_root, args, context) => {
      const { companyId, userId } = requireCompanyPermission(context, 'talentJobApplication', 'read');
      const ids = args.ids.map(String).filter(isUuid);
      if (!ids.length) throw conflict('undoTooLate', MESSAGE_ERRORS);
      return context.db.transaction(async (tx) => {
        const now = new Date();
        const held = await tx
          .select({ id: message.id, threadId: message.threadId })
          .from(message)
          .innerJoin(messageThread, eq(messageThread.id, message.threadId))
          .where(and(inArray(message.id, ids), eq(message.authorUserId, userId), eq(messageThread.companyId, companyId), isNotNull(message.deliverAt), gt(message.deliverAt, now)))
          .for('update', { of: message });
        if (!held.length) throw conflict('undoTooLate', MESSAGE_ERRORS);
        await tx.delete(message).where(inArray(message.id, held.map((row) => row.id)));
        for (const threadId of new Set(held.map((row) => row.threadId))) {
          // A conversation the batch opened, now without a message, is gone with it.
          const [left] = await tx.select({ total: count() }).from(message).where(eq(message.threadId, threadId));
          if ((left?.total ?? 0) === 0) await tx.delete(messageThread).where(eq(messageThread.id, threadId));
          await recordEvent(tx, context.viewer, { type: 'messageThread.update', toId: null, data: { entityId: threadId, companyId, action: 'undo', messages: held.filter((row) => row.threadId === threadId).length } });
        }
        return held.length;
      });
    },
  }),
);
