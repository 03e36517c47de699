import type { AppDatabase } from '../../db/client';
import type { EventData, EventType } from '../../db/schema';
import type { Viewer } from '../auth/viewer';
import { recordEvent } from '../record-event';

/**
 * Writes one audit/notification row (spec §9 event types) in the caller's transaction:
 * from the talent's user to the company that handles the assignment, as the demo data
 * does. recordEvent adds who acted, impersonator included.
 */
export async function logTalentEvent(
  db: AppDatabase,
  viewer: Viewer,
  event: { type: EventType; toId: string | null; data: EventData },
): Promise<void> {
  await recordEvent(db, viewer, event);
}
