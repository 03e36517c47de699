import type { IncomingMessage } from 'node:http';
import { getTranslator, type Translate } from '../../lib/i18n/i18n';
import { pathInLanguage } from '../../lib/i18n/language-path';
import { LANGUAGES, type Language } from '../../lib/i18n/namespaces';
import { cookieValue, pageLanguage } from './page-language';
import { PSEUDO_LOCALE_COOKIE, pseudoTranslator } from '../../lib/i18n/pseudo-locale';

// Every page of the provider is written in the language of its request (page-language.ts).
// Handlers hold the provider-wide SiteBranding and render with the Branding of the request,
// so a page cannot be rendered without a language, and its words come from its language.

/** What every page of the provider names, whatever its language. */
export interface SiteBranding {
  productName: string;
  /** Where "back to the product" links go: the public origin. */
  homeUrl: string;
  /** The product's sign-in address (it starts a fresh sign-in at the provider). */
  signInUrl: string;
}

/** The branding of one page: the product's addresses in the page's language. */
export interface Branding extends SiteBranding {
  /** The language this page is written in. */
  language: Language;
  /** Its every text marked (the pseudo-locale crawl's requests, where the server allows it: lib/i18n/pseudo-locale.ts). */
  pseudo?: boolean;
}

/** The Branding of a request: its query, the authorization request it belongs to (if any), its cookies. */
export type BrandingFor = (req: IncomingMessage, query: URLSearchParams | null, authorization?: Readonly<Record<string, unknown>> | null) => Branding;

/**
 * A page of the product in a language (/sign-in is /fr/sign-in in French). Only addresses
 * of the product's own origin have language paths; any other is left as it is.
 */
function addressIn(href: string, language: Language, productOrigin: string): string {
  const url = URL.parse(href);
  if (!url || url.origin !== productOrigin) return href;
  return new URL(pathInLanguage(`${url.pathname}${url.search}`, language), productOrigin).href;
}

/** A page of the product (its account page) in the language of the provider's page linking to it. */
export const productPageIn = (branding: Branding, href: string): string => addressIn(href, branding.language, new URL(branding.homeUrl).origin);

export function brandingIn(site: SiteBranding, language: Language): Branding {
  const origin = new URL(site.homeUrl).origin;
  return { ...site, language, homeUrl: addressIn(site.homeUrl, language, origin), signInUrl: addressIn(site.signInUrl, language, origin) };
}

/** The one way handlers get a request's branding; one Branding per language (and per pseudo-locale, where allowed), made once. */
export function createBrandingFor(site: SiteBranding, secureCookies: boolean, pseudoLocale = false): BrandingFor {
  const byLanguage = new Map(LANGUAGES.map((language) => [language, brandingIn(site, language)]));
  const pseudoByLanguage = new Map(LANGUAGES.map((language) => [language, { ...brandingIn(site, language), pseudo: true }]));
  return (req, query, authorization) => {
    const language = pageLanguage({ query, authorization, cookieHeader: req.headers.cookie, secureCookies });
    const pseudo = pseudoLocale && cookieValue(req.headers.cookie, PSEUDO_LOCALE_COOKIE) === '1';
    return (pseudo ? pseudoByLanguage : byLanguage).get(language)!;
  };
}

/** The words of a page, and of the messages and mails sent from it, in its language. */
export const wordsOf = (branding: Branding): Translate => {
  const t = getTranslator(['common'], branding.language);
  return branding.pseudo ? pseudoTranslator(t) : t;
};
