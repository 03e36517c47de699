import type { Translate } from '../i18n/i18n';
import type { Language } from '../i18n/namespaces';
import { displayDate } from '../forms/date-input';

/** The role's title, or a fallback that still says which assignment this is. */
export function assignmentTitle(assignment: { role: { title: string } | null; clientCompany: { name: string } | null }, t: Translate): string {
  if (assignment.role?.title) return assignment.role.title;
  return assignment.clientCompany ? t('assignments.untitledAt', { company: assignment.clientCompany.name }) : t('assignments.untitled');
}

/** "1 Mar 2026 – 31 May 2026", "From 1 Mar 2026", "Until 31 May 2026" or "No dates", in the language. */
export function assignmentPeriod(assignment: { startDate: string | null; endDate: string | null }, t: Translate, language: Language): string {
  const from = displayDate(assignment.startDate, language);
  const to = displayDate(assignment.endDate, language);
  if (from && to) return t('assignments.period.range', { from, to });
  if (from) return t('assignments.period.from', { from });
  if (to) return t('assignments.period.until', { to });
  return t('assignments.period.none');
}
