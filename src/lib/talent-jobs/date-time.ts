import type { Language } from '../i18n/namespaces';
import { dateTimeFormat } from '../format/locale';

// UTC like formatDate, so server-rendered times do not depend on the server's time zone;
// the zone is written out so nobody reads it as their local time.
const DATE_TIME: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
};

/** "22 Nov 2026, 14:05 UTC": when something happened to the minute (e.g. an invitation ignored). */
export function formatDateTime(date: Date | string, language: Language): string {
  return dateTimeFormat(language, DATE_TIME).format(typeof date === 'string' ? new Date(date) : date);
}
