import { DATE_MAX, DATE_MIN } from '../format/dates';

// A transactions period: two calendar days (yyyy-mm-dd), both included, read in UTC as
// every date of the product is shown in UTC (src/lib/format/dates.ts).

export type PeriodField = 'from' | 'to';
export type PeriodProblemKind = 'required' | 'notADate' | 'outOfRange' | 'fromAfterTo';

export interface PeriodProblem {
  field: PeriodField;
  kind: PeriodProblemKind;
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

function dayProblem(field: PeriodField, text: string): PeriodProblem | null {
  if (text === '') return { field, kind: 'required' };
  if (!isCalendarDay(text)) return { field, kind: 'notADate' };
  // ISO days compare as text once both are well-formed.
  if (text < DATE_MIN || text > DATE_MAX) return { field, kind: 'outOfRange' };
  return null;
}

/**
 * What is wrong with a period, field by field: each day must be given, be a real day and
 * lie in the date picker's range (spec §9: 1900-01-01 to 2099-12-31), and `from` may not
 * come after `to`. The order is only judged once both days are valid on their own.
 */
export function checkPeriod(from: string, to: string): PeriodProblem[] {
  const problems = [dayProblem('from', from.trim()), dayProblem('to', to.trim())].filter((problem): problem is PeriodProblem => problem !== null);
  if (problems.length === 0 && from.trim() > to.trim()) problems.push({ field: 'to', kind: 'fromAfterTo' });
  return problems;
}

/** The API's English message for a problem (pages show their own translated text). */
export function periodProblemMessage(problem: PeriodProblem): string {
  const name = problem.field === 'from' ? 'start' : 'end';
  switch (problem.kind) {
    case 'required':
      return `Give the ${name} date of the period`;
    case 'notADate':
      return `The ${name} date must be a calendar day written yyyy-mm-dd`;
    case 'outOfRange':
      return `The ${name} date must lie between ${DATE_MIN} and ${DATE_MAX}`;
    case 'fromAfterTo':
      return 'The end date must be on or after the start date';
  }
}

/** The instants a valid period covers: [start of `from`, start of the day after `to`) in UTC. */
export function periodBounds(from: string, to: string): { start: Date; endExclusive: Date } {
  const start = new Date(`${from}T00:00:00.000Z`);
  const endExclusive = new Date(`${to}T00:00:00.000Z`);
  endExclusive.setUTCDate(endExclusive.getUTCDate() + 1);
  return { start, endExclusive };
}
