import type { Language } from '../i18n/namespaces';
import { formatDate } from '../format/dates';
import { dateTimeFormat } from '../format/locale';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MONTH = /^\d{4}-\d{2}$/;
/** en-GB order, as people type it where the browser offers no date picker: 31/12/2024. */
const EN_GB_DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/**
 * A date field's text as the API takes it (yyyy-mm-dd). Picker values pass through; an
 * en-GB day typed by hand is turned around; anything else is returned as typed, so that
 * the API can say what is wrong with it and the field keeps the input.
 */
export function parseDateInput(text: string): string {
  const trimmed = text.trim();
  const gb = EN_GB_DAY.exec(trimmed);
  if (!gb) return trimmed;
  const [, day = '', month = '', year = ''] = gb;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** A stored date as a date input's value: month-only dates (yyyy-mm) open on the 1st. */
export function toDateInputValue(stored: string | null | undefined): string {
  if (!stored) return '';
  if (ISO_MONTH.test(stored)) return `${stored}-01`;
  return stored;
}

/**
 * A stored date in the language (1 Mar 2024; Mar 2024 when only the month is known;
 * 1 mars 2024, mars 2024), or the text itself when it is no date.
 */
export function displayDate(stored: string | null | undefined, language: Language): string {
  if (!stored) return '';
  const month = ISO_MONTH.test(stored);
  const instant = new Date(`${month ? `${stored}-01` : stored}T00:00:00Z`);
  if ((!month && !ISO_DAY.test(stored)) || Number.isNaN(instant.getTime())) return stored;
  return month ? dateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(instant) : formatDate(instant, language);
}
