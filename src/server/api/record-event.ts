import type { AppDatabase } from '../db/client';
import { generalEventslog, type EventData, type EventType } from '../db/schema';
import type { Viewer } from './auth/viewer';

type Writer = Pick<AppDatabase, 'insert'>;

/**
 * One audit row for a write (spec §9 event types), in the write's own transaction. Who
 * acted is always recorded; under impersonation both the impersonated user (fromId) and
 * the impersonator (actorUserId, impersonator*) are (checklist G39).
 */
export async function recordEvent(
  db: Writer,
  viewer: Viewer,
  event: { type: EventType; toId: string | null; data?: Omit<EventData, 'actorUserId' | 'impersonatorUserId'> },
): Promise<void> {
  await db.insert(generalEventslog).values({
    fromId: viewer.userId,
    toId: event.toId,
    type: event.type,
    eventData: {
      ...event.data,
      // The person who really acted; fromId stays the user the write was made as.
      actorUserId: viewer.actor?.userId ?? viewer.userId,
      ...(viewer.actor ? { impersonatorUserId: viewer.actor.userId, impersonatorExternalId: viewer.actor.externalId } : {}),
    },
  });
}
