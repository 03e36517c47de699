import { languageOfTag } from './language-path';
import { DEFAULT_LANGUAGE, type Language } from './namespaces';

// OpenID Connect's ui_locales (Core 1.0, 3.1.2.1): the languages a relying party asks the
// provider's pages to be written in, BCP 47 tags separated by spaces, best first. The
// product sends the language of the page a sign-in started from; the provider's own links
// carry it from page to page (src/server/idp/page-language.ts).

export const UI_LOCALES_PARAM = 'ui_locales';

/** The first tag of a ui_locales value that names one of our languages ("de fr-CA en" → fr), else null. */
export function firstUiLocale(value: unknown): Language | null {
  if (typeof value !== 'string') return null;
  for (const tag of value.trim().split(/\s+/)) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return null;
}

/**
 * An address of the identity provider's pages that keeps the language of the page linking
 * to it: ui_locales is added unless the language is the default, which needs no naming.
 */
export function withUiLocales(href: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return href;
  return `${href}${href.includes('?') ? '&' : '?'}${UI_LOCALES_PARAM}=${encodeURIComponent(language)}`;
}

/**
 * The sign-out's `state` (OpenID Connect RP-Initiated Logout 1.0, 2): the provider hands it
 * back to the signed-out address, which holds the language of the page the person signed
 * out from, so that they land on the home page in it.
 */
export const SIGNED_OUT_LANGUAGE_PARAM = 'state';
