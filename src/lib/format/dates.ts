import type { Language } from '../i18n/namespaces';
import { dateTimeFormat } from './locale';

/** The date picker's range. */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2099-12-31';

/** A day in the language, in UTC so that it never depends on the server's zone: "22 Nov 2026", "22 nov. 2026". */
export function formatDate(date: Date | string, language: Language): string {
  return dateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(typeof date === 'string' ? new Date(date) : date);
}

/** A month in the language: "March 2026", "mars 2026" (a billing's period, a stored month). */
export function formatMonth(year: number, month: number, language: Language): string {
  return dateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 1)));
}

/** True when an ISO date (yyyy-mm-dd) is a real calendar day inside the picker's range. */
export function isDateInRange(isoDate: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return false;
  const parsed = new Date(`${isoDate}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(isoDate) && isoDate >= DATE_MIN && isoDate <= DATE_MAX;
}
