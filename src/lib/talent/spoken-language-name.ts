import type { Language } from '../i18n/namespaces';
import { DEFAULT_LANGUAGE } from '../i18n/namespaces';
import { LANGUAGE_CODES, languageName } from '../job-ads/job-languages';

// A talent's languages are kept as she picked or typed them, and the catalog offers them in
// English ("French", "Portuguese"). A page in another language names those it knows in its
// own words ("Français", "Portugais"): the rest, a name typed in any language or one the
// product does not know, stays as written.

/** Codes beyond the job ads' list that the language catalog offers. */
const MORE_CODES = ['bn', 'ur', 'yue', 'ms', 'fil', 'sw', 'ca', 'sr'] as const;
/** Names the catalog writes otherwise than Intl does. */
const ALIASES: Record<string, string> = { bengali: 'bn' };

const codeByEnglishName = new Map<string, string>([
  ...[...LANGUAGE_CODES, ...MORE_CODES].map((code): [string, string] => [languageName(code, DEFAULT_LANGUAGE).toLowerCase(), code]),
  ...Object.entries(ALIASES),
]);

/** "French" on a French page → "Français"; "English" stays "English" on an English page; "Breton" as written. */
export function spokenLanguageName(written: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return written;
  const code = codeByEnglishName.get(written.trim().toLowerCase());
  if (!code) return written;
  const name = languageName(code, language);
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}
