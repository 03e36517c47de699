import { DATE_LOCALE } from '../format/dates';

// UTC like formatDate, so server-rendered times do not depend on the server's time zone;
// the zone is written out so nobody reads it as their local time.
const dateTimeFormat = new Intl.DateTimeFormat(DATE_LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/** "22 Nov 2026, 14:05 UTC": when something happened to the minute (e.g. an invitation ignored). */
export function formatDateTime(date: Date | string): string {
  return dateTimeFormat.format(typeof date === 'string' ? new Date(date) : date);
}
