import type { Language } from '../i18n/namespaces';
import { dateTimeFormat } from '../format/locale';

// An interview's time as people read it: in a named zone (the reader's, else the
// organiser's), with the zone said, so that nobody reads another zone's clock as their own.

function formatIn(timeZone: string, options: Intl.DateTimeFormatOptions, language: Language): Intl.DateTimeFormat {
  return dateTimeFormat(language, { ...options, timeZone });
}

/** "Monday, 30 March 2026 at 10:00" in the zone. */
export function formatInterviewTime(date: Date | string, timeZone: string, language: Language): string {
  return formatIn(timeZone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, language).format(new Date(date));
}

/** "Mon 30 Mar, 10:00" in the zone: a slot in a list. */
export function formatSlotTime(date: Date | string, timeZone: string, language: Language): string {
  return formatIn(timeZone, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, language).format(new Date(date));
}

/** "10:45": an end time in the zone. */
export function formatClock(date: Date | string, timeZone: string, language: Language): string {
  return formatIn(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, language).format(new Date(date));
}

/** The calendar day of an instant in a zone, YYYY-MM-DD: slots are grouped by it. */
export function dayIn(date: Date | string, timeZone: string): string {
  const parts = Object.fromEntries(formatIn(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }, 'en').formatToParts(new Date(date)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** "Monday 30 March": a day heading in a list of slots. */
export function formatDay(date: Date | string, timeZone: string, language: Language): string {
  return formatIn(timeZone, { weekday: 'long', day: 'numeric', month: 'long' }, language).format(new Date(date));
}
