import { describe, expect, it } from 'vitest';
import { firstUiLocale, withUiLocales } from '../../../src/lib/i18n/ui-locales';
import { brandingIn } from '../../../src/server/idp/page-branding';
import { pageLanguage, type PageLanguageSources } from '../../../src/server/idp/page-language';

const nothing: PageLanguageSources = { query: null, authorization: null, cookieHeader: undefined, secureCookies: false };
const query = (search: string) => new URLSearchParams(search);

describe("the provider's page language rule", () => {
  it('is the default language when nothing names one', () => {
    expect(pageLanguage(nothing)).toBe('en');
    expect(pageLanguage({ ...nothing, query: query('screen=login'), authorization: { client_id: 'web' }, cookieHeader: 'other=fr' })).toBe('en');
  });

  it("takes the request's own ui_locales first, over the authorization request and the cookie", () => {
    expect(pageLanguage({ ...nothing, query: query('ui_locales=fr'), authorization: { ui_locales: 'en' }, cookieHeader: 'tp-language=en' })).toBe('fr');
    expect(pageLanguage({ ...nothing, query: query('ui_locales=en'), authorization: { ui_locales: 'fr' }, cookieHeader: 'tp-language=fr' })).toBe('en');
  });

  it("then the authorization request's ui_locales, over the cookie", () => {
    expect(pageLanguage({ ...nothing, authorization: { ui_locales: 'fr' }, cookieHeader: 'tp-language=en' })).toBe('fr');
    expect(pageLanguage({ ...nothing, query: query('screen=signup'), authorization: { ui_locales: 'en' }, cookieHeader: 'tp-language=fr' })).toBe('en');
  });

  it('then the language remembered by the product, under the name its cookies have', () => {
    expect(pageLanguage({ ...nothing, cookieHeader: 'a=1; tp-language=fr; b=2' })).toBe('fr');
    expect(pageLanguage({ ...nothing, cookieHeader: '__Host-tp-language=fr', secureCookies: true })).toBe('fr');
    // With Secure cookies the product never sets the plain name: one set anyway is not believed.
    expect(pageLanguage({ ...nothing, cookieHeader: 'tp-language=fr', secureCookies: true })).toBe('en');
    expect(pageLanguage({ ...nothing, cookieHeader: 'tp-language=de' })).toBe('en');
    expect(pageLanguage({ ...nothing, cookieHeader: 'tp-language=%E0%A4%A' })).toBe('en');
  });

  it('reads ui_locales as OIDC writes it: a list, best first, whose first language we write in wins', () => {
    expect(pageLanguage({ ...nothing, query: query('ui_locales=de fr-CA en') })).toBe('fr');
    expect(pageLanguage({ ...nothing, authorization: { ui_locales: 'FR-fr' } })).toBe('fr');
    // A list naming none of our languages leaves the choice to the next source.
    expect(pageLanguage({ ...nothing, query: query('ui_locales=de it'), authorization: { ui_locales: 'fr' } })).toBe('fr');
    expect(pageLanguage({ ...nothing, query: query('ui_locales='), cookieHeader: 'tp-language=fr' })).toBe('fr');
    expect(pageLanguage({ ...nothing, authorization: { ui_locales: ['fr'] } })).toBe('en');
    expect(firstUiLocale('  en   fr ')).toBe('en');
    expect(firstUiLocale(undefined)).toBeNull();
  });
});

describe("links between the provider's pages keep the language", () => {
  it('name a language other than the default, and only then', () => {
    expect(withUiLocales('/oidc/password-reset', 'fr')).toBe('/oidc/password-reset?ui_locales=fr');
    expect(withUiLocales('https://talentplace.test/oidc/password-reset?token=abc', 'fr')).toBe('https://talentplace.test/oidc/password-reset?token=abc&ui_locales=fr');
    expect(withUiLocales('/oidc/password-reset', 'en')).toBe('/oidc/password-reset');
  });

  it("lead to the product's pages in the language: its own origin only", () => {
    const site = { productName: 'Talentplace', homeUrl: 'https://talentplace.test/', signInUrl: 'https://talentplace.test/sign-in' };
    expect(brandingIn(site, 'fr')).toEqual({ ...site, language: 'fr', homeUrl: 'https://talentplace.test/fr', signInUrl: 'https://talentplace.test/fr/sign-in' });
    expect(brandingIn(site, 'en')).toEqual({ ...site, language: 'en' });
    const elsewhere = { ...site, signInUrl: 'https://login.example.test/sign-in' };
    expect(brandingIn(elsewhere, 'fr').signInUrl).toBe('https://login.example.test/sign-in');
  });
});
