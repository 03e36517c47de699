import type { Language } from '../i18n/namespaces';

/**
 * The Intl locale each language writes its dates, numbers and money in (docs/french.md):
 * British usage in English ("1 Mar 2026", "€1,234.56"), France's in French ("1 mars 2026",
 * "1 234,56 €", with the no-break spaces Intl puts in).
 */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-GB', fr: 'fr-FR' };

// Making an Intl formatter costs far more than using one: each is made once per language
// and options, and the handful of shapes the product uses keeps these maps small.
const MAX_REMEMBERED = 500;
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const displayNamesByKey = new Map<string, Intl.DisplayNames>();

function remembered<F>(cache: Map<string, F>, key: string, make: () => F): F {
  let format = cache.get(key);
  if (!format) {
    format = make();
    if (cache.size < MAX_REMEMBERED) cache.set(key, format);
  }
  return format;
}

/** A number formatter in the language; throws as Intl does on options it refuses (an unknown currency). */
export function numberFormat(language: Language, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return remembered(numberFormats, `${language}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(INTL_LOCALES[language], options));
}

/** A date and time formatter in the language (give a timeZone: the server's own must never show). */
export function dateTimeFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return remembered(dateTimeFormats, `${language}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(INTL_LOCALES[language], options));
}

/** Names of regions or languages in the language ("PT" → "Portugal", "de" → "allemand"); codes it does not know stay codes. */
export function displayNames(language: Language, type: 'region' | 'language'): Intl.DisplayNames {
  return remembered(displayNamesByKey, `${language}|${type}`, () => new Intl.DisplayNames([INTL_LOCALES[language]], { type, fallback: 'code' }));
}

/** A count or a plain number as the language writes it: "12,480" / "12 480". */
export function formatNumber(value: number, language: Language): string {
  return numberFormat(language).format(value);
}
