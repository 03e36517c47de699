import { languageCookie } from '../../lib/http/language-choice';
import { languageOf } from '../../lib/i18n/language-path';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/i18n/namespaces';
import { firstUiLocale, UI_LOCALES_PARAM } from '../../lib/i18n/ui-locales';

/** What a request of the provider's pages tells of the language its person uses. */
export interface PageLanguageSources {
  /** The request's own query: the provider's links between its pages, and its forms' actions, carry ui_locales. */
  query: URLSearchParams | null;
  /** The parameters of the authorization request the page belongs to (oidc-provider's `interaction.params`), if any. */
  authorization?: Readonly<Record<string, unknown>> | null;
  /** The request's Cookie header, with the language chosen on the product's pages. */
  cookieHeader: string | undefined;
  /** Whether the product's cookies are Secure: their names then start with `__Host-`. */
  secureCookies: boolean;
}

/** One cookie's value in a Cookie header, or null (a value that cannot be decoded counts as none). */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const pair of (header ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(separator + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The language of a provider page (the provider's page language rule): the request's own
 * ui_locales first (a link from another page of the provider, which leaves the interaction),
 * then the ui_locales of the authorization request (the page the sign-in started from),
 * then the language remembered by the product (cookie `tp-language`), then the default.
 * In each list the first language we write in wins; one we do not leaves the choice to the next.
 */
export function pageLanguage(sources: PageLanguageSources): Language {
  return (
    firstUiLocale(sources.query?.get(UI_LOCALES_PARAM)) ??
    firstUiLocale(sources.authorization?.[UI_LOCALES_PARAM]) ??
    languageOf(cookieValue(sources.cookieHeader, languageCookie(sources.secureCookies).name)) ??
    DEFAULT_LANGUAGE
  );
}
