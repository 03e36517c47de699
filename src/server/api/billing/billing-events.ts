import type { AppDatabase } from '../../db/client';
import { generalEventslog, type EventData, type EventType } from '../../db/schema';
import type { Viewer } from '../auth/viewer';

/**
 * Writes one audit/notification row (spec §9 event types) in the caller's transaction:
 * from the talent's user to the company that handles the assignment, as the demo data
 * does. An impersonating support agent is recorded as well as the user acted for.
 */
export async function logTalentEvent(
  db: AppDatabase,
  viewer: Viewer,
  event: { type: EventType; toId: string | null; data: EventData },
): Promise<void> {
  const { userId, actor } = viewer;
  await db.insert(generalEventslog).values({
    fromId: userId,
    toId: event.toId,
    type: event.type,
    eventData: {
      ...event.data,
      actorUserId: actor?.userId ?? userId,
      ...(actor ? { impersonatorUserId: actor.userId, impersonatorExternalId: actor.externalId } : {}),
    },
  });
}
