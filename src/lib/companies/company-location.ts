import type { Language } from '../i18n/namespaces';
import { countryName } from '../places/country-name';

/** "Lisbon, Portugal" from the company's address; null when it has neither part. */
export function companyLocation(city: string | null | undefined, country: string | null | undefined, language: Language): string | null {
  const parts = [city?.trim(), country?.trim() ? countryName(country, language) : null].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join(', ') : null;
}
