import type { MailThreading } from '../mail/mailer';
import type { AppDatabase } from '../db/client';
import { generalEventslog, type EventData, type EventType } from '../db/schema';
import type { Viewer } from './auth/viewer';
import { noteRecordedEvent, type CalendarMails } from './recorded-events';

/**
 * One audit row for a write (one of the event types), in the write's own transaction. Who
 * acted is always recorded; under impersonation both the impersonated user (fromId) and
 * the impersonator (actorUserId, impersonator*) are (checklist G39).
 */
export async function recordEvent(
  db: Pick<AppDatabase, 'insert'>,
  viewer: Viewer,
  event: { type: EventType; toId: string | null; data?: Omit<EventData, 'actorUserId' | 'impersonatorUserId' | 'impersonationId'> },
  /** What only the mail of this event carries (recorded-events.ts): never written to the log. */
  mail: { link?: string; text?: string; threading?: MailThreading; calendar?: CalendarMails } = {},
): Promise<void> {
  const actorUserId = viewer.actor?.userId ?? viewer.userId;
  const [row] = await db
    .insert(generalEventslog)
    .values({
      fromId: viewer.userId,
      toId: event.toId,
      type: event.type,
      eventData: {
        ...event.data,
        // The person who really acted; fromId stays the user the write was made as.
        actorUserId,
        ...(viewer.actor
          ? { impersonatorUserId: viewer.actor.userId, impersonatorExternalId: viewer.actor.externalId, impersonationId: viewer.actor.impersonationId }
          : {}),
      },
    })
    .returning({ id: generalEventslog.id });
  // Mailed after the operation, if its transaction commits (notifications/event-mail.ts).
  // `data` is loosely typed (Omit over EventData's index signature): read `after.status` with care.
  const after: unknown = event.data?.after;
  const status = after && typeof after === 'object' && 'status' in after && typeof after.status === 'string' ? after.status : null;
  const action = typeof event.data?.action === 'string' ? event.data.action : null;
  noteRecordedEvent({
    id: row!.id,
    type: event.type,
    toId: event.toId,
    fromId: viewer.userId,
    actorUserId,
    status,
    action,
    invitation: event.data?.invitation === true,
    invitee: event.data?.invitee === true,
    removed: event.data?.removed === true,
    ...(mail.link ? { mailLink: mail.link } : {}),
    ...(mail.text ? { mailText: mail.text } : {}),
    ...(mail.threading ? { mailThreading: mail.threading } : {}),
    ...(mail.calendar ? { calendarMails: mail.calendar } : {}),
  });
}
