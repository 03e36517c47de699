import { withDefaults, type NotificationChannel, type NotificationPreference } from '../account/notification-preferences';

// Who hears of an event of the log, and through which channel (issue 20; spec §3
// generalEventslog with `read`, userNotificationPreferences). The API, the bell and the
// mail queue all ask these functions, so the three never disagree.

/** What the rules read of one event log row. */
export interface NotifiableEvent {
  type: string;
  toId: string | null;
  fromId: string | null;
  /** eventData.actorUserId: who really acted (the impersonator under impersonation). */
  actorUserId?: string | null;
}

/**
 * An event notifies the user it is addressed to (`toId`), never the person who did it: a
 * row whose actor is its addressee (a talent updating their own profile) tells nobody.
 * Rows addressed to a company or a profile match no user, so they notify no one.
 */
export function recipientOf(event: NotifiableEvent): string | null {
  if (!event.toId) return null;
  const actor = event.actorUserId ?? event.fromId;
  return actor === event.toId ? null : event.toId;
}

/** The event types a user hears of on one channel: their saved choice, else the default. */
export function eventTypesOnChannel(stored: ReadonlyArray<NotificationPreference>, channel: NotificationChannel): string[] {
  return withDefaults(stored)
    .filter((preference) => preference[channel])
    .map((preference) => preference.type);
}

/** True when the user hears of this event type on this channel. */
export function wantsOnChannel(stored: ReadonlyArray<NotificationPreference>, type: string, channel: NotificationChannel): boolean {
  return eventTypesOnChannel(stored, channel).includes(type);
}

/** The billing steps a talent is mailed about (issue 20 item 3): their money moved on. */
export const MAILED_BILLING_STATUSES = ['APPROVED', 'REJECTED', 'INVOICED', 'PAID'] as const;

/** What the mail rule reads beyond the type: the status a billing moved to. */
export interface MailableEvent extends NotifiableEvent {
  status?: string | null;
}

/**
 * Which events are worth an e-mail at all, before anyone's preferences (issue 20 item 3):
 * a move of the talent's application (rejection included), an invitation received, and a
 * billing approved, rejected, invoiced or paid. Everything else stays in the bell: a
 * billing's other edits (attachments, remarks) are not news worth a mail.
 */
export function isMailedEvent(event: MailableEvent): boolean {
  if (event.type === 'talentJobApplication.update' || event.type === 'talentInvitation.create') return true;
  if (event.type === 'billing.update') return (MAILED_BILLING_STATUSES as readonly string[]).includes(event.status ?? '');
  return false;
}

/** The user an event is mailed to, given that user's saved preferences; null for nobody. */
export function mailRecipientOf(event: MailableEvent, stored: ReadonlyArray<NotificationPreference>): string | null {
  const recipient = recipientOf(event);
  if (!recipient || !isMailedEvent(event)) return null;
  return wantsOnChannel(stored, event.type, 'email') ? recipient : null;
}

/** The bell shows at most this many; more reads "99+". */
export const UNREAD_COUNT_CAP = 99;

/** "3", or "99+" past the cap. */
export function unreadCountText(count: number): string {
  return count > UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP}+` : String(count);
}
