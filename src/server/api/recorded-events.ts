import { AsyncLocalStorage } from 'node:async_hooks';
import type { MailableEvent } from '../../lib/notifications/notification-rules';
import type { MailMessage, MailThreading } from '../mail/mailer';

/** Mails made once the site's address is known (the API alone does not know it). */
export type CalendarMails = (site: { origin: string; productName: string }) => readonly MailMessage[];

/** One event row an operation wrote, as the mail rule reads it. */
export interface RecordedEvent extends MailableEvent {
  id: string;
  /**
   * The link its mail carries instead of the notification's page, when the link holds a
   * secret that must never be written to the log (a member invitation's single-use token):
   * kept in memory for the mail only.
   */
  mailLink?: string;
  /** Text its mail carries before the notification's words (a message's body), never written to the log. */
  mailText?: string;
  /** Its mail's reply address and threading headers (a message). */
  mailThreading?: MailThreading;
  /**
   * Calendar invitations this write sends whatever anyone's notification settings (an
   * interview booked, moved or cancelled: calendar-invitation.ts), addressed, made with the
   * site's address for their links.
   */
  calendarMails?: CalendarMails;
}

// The events one GraphQL operation records, gathered while it runs (recordEvent notes each
// row here) so that they can be mailed once the operation is over and its transactions
// have committed or rolled back. Outside an operation (seeds, scripts) nothing is gathered.
const gathered = new AsyncLocalStorage<RecordedEvent[]>();

/** Runs one operation, gathering the events it records into `into`. */
export function gatherRecordedEvents<T>(into: RecordedEvent[], run: () => T): T {
  return gathered.run(into, run);
}

/** Called by recordEvent for every row it writes. */
export function noteRecordedEvent(event: RecordedEvent): void {
  gathered.getStore()?.push(event);
}
