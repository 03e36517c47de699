import { DATE_MAX, DATE_MIN } from '../format/dates';

// A transactions period: two calendar days (yyyy-mm-dd), both included, read in UTC as
// every date of the product is shown in UTC (src/lib/format/dates.ts).

export type PeriodField = 'from' | 'to';

/** Where the period's issue codes (and the ledger filter's) are worded: the transactions pages and the API. */
export const TRANSACTION_ERRORS = 'transactions.errors';

/** A day missing, not a day, or out of range, named after its field (`fromRequired`); or an end before the start. */
export type PeriodIssueCode = `${PeriodField}${'Required' | 'NotADate' | 'OutOfRange'}` | 'fromAfterTo';

/** What is wrong with one day of a period: its field and the code worded in `TRANSACTION_ERRORS`. */
export interface PeriodIssue {
  path: PeriodField;
  code: PeriodIssueCode;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when the text is a real calendar day written yyyy-mm-dd (2024-02-30 is not). */
export function isCalendarDay(text: string): boolean {
  const match = ISO_DAY.exec(text);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0..99 onto 1900..1999; set the year explicitly to compare.
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function dayIssue(path: PeriodField, text: string): PeriodIssue | null {
  if (text === '') return { path, code: `${path}Required` };
  if (!isCalendarDay(text)) return { path, code: `${path}NotADate` };
  // ISO days compare as text once both are well-formed.
  if (text < DATE_MIN || text > DATE_MAX) return { path, code: `${path}OutOfRange` };
  return null;
}

/**
 * What is wrong with a period, field by field: each day must be given, be a real day and
 * lie in the date picker's range (1900-01-01 to 2099-12-31), and `from` may not
 * come after `to`. The order is only judged once both days are valid on their own.
 */
export function checkPeriod(from: string, to: string): PeriodIssue[] {
  const issues = [dayIssue('from', from.trim()), dayIssue('to', to.trim())].filter((issue): issue is PeriodIssue => issue !== null);
  if (issues.length === 0 && from.trim() > to.trim()) issues.push({ path: 'to', code: 'fromAfterTo' });
  return issues;
}

/** The instants a valid period covers: [start of `from`, start of the day after `to`) in UTC. */
export function periodBounds(from: string, to: string): { start: Date; endExclusive: Date } {
  const start = new Date(`${from}T00:00:00.000Z`);
  const endExclusive = new Date(`${to}T00:00:00.000Z`);
  endExclusive.setUTCDate(endExclusive.getUTCDate() + 1);
  return { start, endExclusive };
}
