import type { Translate } from '../i18n/i18n';
import { DATE_LOCALE } from '../format/dates';
import { displayDate } from '../forms/date-input';

/** The role's title, or a fallback that still says which assignment this is. */
export function assignmentTitle(assignment: { role: { title: string } | null; clientCompany: { name: string } | null }, t: Translate): string {
  if (assignment.role?.title) return assignment.role.title;
  return assignment.clientCompany ? t('assignments.untitledAt', { company: assignment.clientCompany.name }) : t('assignments.untitled');
}

/** "1 Mar 2026 – 31 May 2026", "From 1 Mar 2026", "Until 31 May 2026" or "No dates" (en-GB). */
export function assignmentPeriod(assignment: { startDate: string | null; endDate: string | null }, t: Translate): string {
  const from = displayDate(assignment.startDate);
  const to = displayDate(assignment.endDate);
  if (from && to) return t('assignments.period.range', { from, to });
  if (from) return t('assignments.period.from', { from });
  if (to) return t('assignments.period.until', { to });
  return t('assignments.period.none');
}

const periodFormat = new Intl.DateTimeFormat(DATE_LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A billing's month as en-GB text: "March 2026". */
export function billingPeriod(year: number, month: number): string {
  return periodFormat.format(new Date(Date.UTC(year, month - 1, 1)));
}
