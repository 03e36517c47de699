import type { Language } from '../i18n/namespaces';
import { displayNames } from '../format/locale';

// The language a job is advertised and worked in (jobAd.language), as an ISO 639-1
// code: the languages of the countries the product serves and the widely used business
// languages. A fixed list, not any two letters: "en" must not also arrive as "EN", "eng"
// or "English", or a filter by language would miss half the ads.
export const LANGUAGE_CODES = [
  'ar', 'bg', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'fi', 'fr', 'ga', 'he', 'hi', 'hr', 'hu', 'id', 'it', 'ja', 'ko',
  'lt', 'lv', 'mt', 'nl', 'no', 'pl', 'pt', 'ro', 'ru', 'sk', 'sl', 'sv', 'th', 'tr', 'uk', 'vi', 'zh',
] as const;

export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** "de" → "German", "allemand"; a code outside the list as it is. */
export function languageName(code: string, language: Language): string {
  try {
    return displayNames(language, 'language').of(code) ?? code;
  } catch {
    return code;
  }
}
