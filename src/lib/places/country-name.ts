import { DATE_LOCALE } from '../format/dates';

const regionNames = new Intl.DisplayNames([DATE_LOCALE], { type: 'region', fallback: 'code' });

/** An ISO 3166-1 alpha-2 code as its English name ("PT" → "Portugal"); other text as it is. */
export function countryName(code: string): string {
  const trimmed = code.trim();
  if (!/^[A-Za-z]{2}$/.test(trimmed)) return trimmed;
  try {
    return regionNames.of(trimmed.toUpperCase()) ?? trimmed;
  } catch {
    return trimmed;
  }
}
