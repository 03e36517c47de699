export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * MINUTE_MS);
}

/** Never later than `limit`: seeded history must not lie in the future. */
export function notAfter(date: Date, limit: Date): Date {
  return date.getTime() > limit.getTime() ? limit : date;
}

/** Calendar date as `date` columns take it: YYYY-MM-DD (UTC). */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** YYYY-MM (UTC), the precision of CV entries. */
export function isoMonth(date: Date): string {
  return date.toISOString().slice(0, 7);
}

export interface YearMonth {
  year: number;
  /** 1 to 12. */
  month: number;
}

/** The calendar month `monthsBack` months before the one `date` falls in (UTC). */
export function monthBefore(date: Date, monthsBack: number): YearMonth {
  const index = date.getUTCFullYear() * 12 + date.getUTCMonth() - monthsBack;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** A UTC instant inside a calendar month: `day` (1-based, may overflow into the next month). */
export function dayOfMonth({ year, month }: YearMonth, day: number, hour = 9): Date {
  return new Date(Date.UTC(year, month - 1, day, hour));
}
