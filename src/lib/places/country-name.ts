import type { Language } from '../i18n/namespaces';
import { displayNames } from '../format/locale';

/** An ISO 3166-1 alpha-2 code as its name in the language ("DE" → "Germany", "Allemagne"); other text as it is. */
export function countryName(code: string, language: Language): string {
  const trimmed = code.trim();
  if (!/^[A-Za-z]{2}$/.test(trimmed)) return trimmed;
  try {
    return displayNames(language, 'region').of(trimmed.toUpperCase()) ?? trimmed;
  } catch {
    return trimmed;
  }
}
