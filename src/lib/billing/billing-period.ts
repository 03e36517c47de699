import type { Language } from '../i18n/namespaces';
import { formatMonth } from '../format/dates';
import type { BillingIssue } from './billing-issues';

// A billing covers one calendar month of an assignment (the billing's year and month).
// Months are counted in UTC, the same calendar the server and the database use.

export interface BillingPeriod {
  year: number;
  month: number;
}

/** The database's range for a billing year (billing_year_range). */
export const PERIOD_YEARS = { min: 1900, max: 2099 } as const;

/** How many months back the billing form offers, newest first. */
export const SELECTABLE_MONTHS = 36;

/** The day of the following month a billing is due by default (the demo data uses the same). */
export const DUE_DAY_OF_NEXT_MONTH = 15;

export function isValidPeriod(period: BillingPeriod): boolean {
  const { year, month } = period;
  return Number.isInteger(year) && Number.isInteger(month) && year >= PERIOD_YEARS.min && year <= PERIOD_YEARS.max && month >= 1 && month <= 12;
}

/** Months since year 0: periods compare as numbers. */
export function periodIndex({ year, month }: BillingPeriod): number {
  return year * 12 + (month - 1);
}

function periodAt(index: number): BillingPeriod {
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The UTC month a moment falls in. */
export function periodOf(date: Date): BillingPeriod {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

/** The month of an ISO day (yyyy-mm-dd), or null for anything else. */
export function periodOfIsoDate(isoDate: string | null | undefined): BillingPeriod | null {
  const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(isoDate ?? '');
  if (!match) return null;
  const period = { year: Number(match[1]), month: Number(match[2]) };
  return isValidPeriod(period) ? period : null;
}

/** "2026-03": the value of a period in forms and addresses. */
export function periodValue({ year, month }: BillingPeriod): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

export function parsePeriodValue(text: string | null | undefined): BillingPeriod | null {
  const match = /^(\d{4})-(\d{2})$/.exec(text?.trim() ?? '');
  if (!match) return null;
  const period = { year: Number(match[1]), month: Number(match[2]) };
  return isValidPeriod(period) ? period : null;
}

/** "March 2026", "mars 2026". */
export function formatPeriod({ year, month }: BillingPeriod, language: Language): string {
  return formatMonth(year, month, language);
}

/** Newest first; the same month keeps its order. */
export function comparePeriodsNewestFirst(a: BillingPeriod, b: BillingPeriod): number {
  return periodIndex(b) - periodIndex(a);
}

/** The assignment's dates as stored (yyyy-mm-dd or null). */
export interface AssignmentDates {
  startDate: string | null;
  endDate: string | null;
}

/**
 * Why this month cannot be billed on this assignment, or null when it can: a real month,
 * not after the current one (work is billed once done or under way), and inside the
 * assignment's months when its dates are known. Reported on `month`.
 */
export function periodIssue(period: BillingPeriod, now: Date, assignment: AssignmentDates, language: Language): BillingIssue | null {
  if (!isValidPeriod(period)) return { path: 'month', code: 'periodInvalid' };
  if (periodIndex(period) > periodIndex(periodOf(now))) return { path: 'month', code: 'periodInFuture' };
  const start = periodOfIsoDate(assignment.startDate);
  if (start && periodIndex(period) < periodIndex(start)) return { path: 'month', code: 'periodBeforeAssignment', params: { start: formatPeriod(start, language) } };
  const end = periodOfIsoDate(assignment.endDate);
  if (end && periodIndex(period) > periodIndex(end)) return { path: 'month', code: 'periodAfterAssignment', params: { end: formatPeriod(end, language) } };
  return null;
}

/** The months the billing form offers for an assignment: those periodIssue accepts, newest first, at most `limit`. */
export function selectablePeriods(now: Date, assignment: AssignmentDates, limit = SELECTABLE_MONTHS): BillingPeriod[] {
  const end = periodOfIsoDate(assignment.endDate);
  const start = periodOfIsoDate(assignment.startDate);
  const newest = Math.min(periodIndex(periodOf(now)), end ? periodIndex(end) : Number.POSITIVE_INFINITY);
  const oldest = Math.max(newest - limit + 1, start ? periodIndex(start) : Number.NEGATIVE_INFINITY, periodIndex({ year: PERIOD_YEARS.min, month: 1 }));
  const periods: BillingPeriod[] = [];
  for (let index = newest; index >= oldest; index -= 1) periods.push(periodAt(index));
  return periods;
}

/** The default due date of a billing: the 15th of the month after its period (yyyy-mm-dd). */
export function defaultDueDate(period: BillingPeriod): string {
  const next = periodAt(periodIndex(period) + 1);
  return `${next.year}-${String(next.month).padStart(2, '0')}-${String(DUE_DAY_OF_NEXT_MONTH).padStart(2, '0')}`;
}
