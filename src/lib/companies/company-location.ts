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

/** "Lisbon, Portugal" from the company's address; null when it has neither part. */
export function companyLocation(city: string | null | undefined, country: string | null | undefined): string | null {
  const parts = [city?.trim(), country?.trim() ? countryName(country) : null].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join(', ') : null;
}
