import { hostCookieName } from './secure-cookies';
import { safeReturnTo } from '../routes/safe-return-to';
import { DEFAULT_LANGUAGE, type Language } from '../i18n/namespaces';
import { languageOf, pathInLanguage, preferredLanguage, splitLanguagePath } from '../i18n/language-path';

// The language a browser chose (docs/french.md): at the first visit of the home page the
// browser's own languages choose, once, with one redirect; from then on the choice is
// remembered in a cookie, and the language switcher changes it (/language). Every other
// address is served in the language it names, as search engines expect of alternates.

/** The address of the language switcher: /language?to=fr&returnTo=/jobs. */
export const LANGUAGE_SWITCH_PATH = '/language';

/** The cookie remembering the language chosen, Secure and `__Host-` like every cookie of the product. A year. */
export function languageCookie(secure: boolean) {
  return { name: hostCookieName('tp-language', secure), options: { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 365 * 24 * 60 * 60, secure } as const };
}

/**
 * Where a visit of the English home page goes instead: the remembered language's home, or
 * at the first visit (nothing remembered) the browser's first language of ours; null to
 * stay. `remember` is the language to keep in the cookie then.
 */
export function homeRedirect(remembered: string | undefined, acceptLanguage: string | null): { location: string; remember: Language | null } | null {
  const kept = languageOf(remembered);
  const language = kept ?? preferredLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
  if (language === DEFAULT_LANGUAGE) return null;
  return { location: pathInLanguage('/', language), remember: kept ? null : language };
}

/** The address the switcher leads to: the same page in the language chosen. `returnTo` must be a path of ours. */
export function switchedAddress(to: string | null, returnTo: string | null): { language: Language; location: string } | null {
  const language = languageOf(to);
  if (!language) return null;
  return { language, location: pathInLanguage(splitLanguagePath(safeReturnTo(returnTo)).path, language) };
}

/** The switcher's link from a page (its address without the language prefix) to its version in `language`. */
export function switcherHref(pagePath: string, language: Language): string {
  return `${LANGUAGE_SWITCH_PATH}?${new URLSearchParams({ to: language, returnTo: pagePath })}`;
}
