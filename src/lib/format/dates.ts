/** Dates are shown in the en-gb date locale, e.g. 22 Nov 2026. */
export const DATE_LOCALE = 'en-GB';
/** The date picker's range. */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2099-12-31';

const dateFormat = new Intl.DateTimeFormat(DATE_LOCALE, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export function formatDate(date: Date | string): string {
  return dateFormat.format(typeof date === 'string' ? new Date(date) : date);
}

/** True when an ISO date (yyyy-mm-dd) is a real calendar day inside the picker's range. */
export function isDateInRange(isoDate: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return false;
  const parsed = new Date(`${isoDate}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(isoDate) && isoDate >= DATE_MIN && isoDate <= DATE_MAX;
}
