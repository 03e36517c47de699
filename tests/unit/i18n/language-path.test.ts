import { describe, expect, it } from 'vitest';
import { localizeHtmlLinks, pathInLanguage, preferredLanguage, splitLanguagePath } from '../../../src/lib/i18n/language-path';

describe('the language in the path', () => {
  it('English keeps the spec paths; French lives under /fr', () => {
    expect(splitLanguagePath('/jobs?q=developer')).toEqual({ language: 'en', path: '/jobs?q=developer' });
    expect(splitLanguagePath('/fr/jobs?q=developpeur')).toEqual({ language: 'fr', path: '/jobs?q=developpeur' });
    expect(splitLanguagePath('/fr')).toEqual({ language: 'fr', path: '/' });
    expect(splitLanguagePath('/fr?x=1')).toEqual({ language: 'fr', path: '/?x=1' });
    expect(splitLanguagePath('/fr/')).toEqual({ language: 'fr', path: '/' });
    // A path that only starts with the letters is English.
    expect(splitLanguagePath('/freelancers')).toEqual({ language: 'en', path: '/freelancers' });
  });

  it('gives a page its French address, and leaves addresses that are no page alone', () => {
    expect(pathInLanguage('/jobs?q=a#job-1', 'fr')).toBe('/fr/jobs?q=a#job-1');
    expect(pathInLanguage('/', 'fr')).toBe('/fr');
    expect(pathInLanguage('/?welcome=1', 'fr')).toBe('/fr?welcome=1');
    expect(pathInLanguage('/fr/jobs', 'fr')).toBe('/fr/jobs');
    expect(pathInLanguage('/jobs', 'en')).toBe('/jobs');
    for (const path of ['/_astro/shell.js', '/api/graphql', '/oidc/auth', '/media/ab/cd.webp', '/favicon.svg', '/robots.txt', '/sitemap.xml', '/auth/callback?code=1', '//evil.test/x', 'https://talentplace.test/jobs', '#main']) {
      expect(pathInLanguage(path, 'fr')).toBe(path);
    }
    // Pages that answer a file are pages: their texts are in the language too.
    expect(pathInLanguage('/company/job-application.pdf?id=1', 'fr')).toBe('/fr/company/job-application.pdf?id=1');
  });

  it("puts a French page's own links, forms and form buttons in French, never the language switcher's", () => {
    const html = [
      '<a href="/jobs" class="x">Offres</a>',
      '<form method="post" action="/talent/profile?edit=basics">',
      '<button formaction="/company/job-ads" type="submit">',
      "<a href='/talent/dashboard'>",
      '<a href="/jobs" hreflang="en" lang="en">English</a>',
      '<link rel="stylesheet" href="/_astro/global.css">',
      '<a href="https://example.test/jobs">',
      '<img src="/media/a.webp">',
      '<a href="#main">',
    ].join('');
    expect(localizeHtmlLinks(html, 'fr')).toBe(
      [
        '<a href="/fr/jobs" class="x">Offres</a>',
        '<form method="post" action="/fr/talent/profile?edit=basics">',
        '<button formaction="/fr/company/job-ads" type="submit">',
        "<a href='/fr/talent/dashboard'>",
        '<a href="/jobs" hreflang="en" lang="en">English</a>',
        '<link rel="stylesheet" href="/_astro/global.css">',
        '<a href="https://example.test/jobs">',
        '<img src="/media/a.webp">',
        '<a href="#main">',
      ].join(''),
    );
    expect(localizeHtmlLinks(html, 'en')).toBe(html);
  });

  it("reads the browser's languages best first, ours only", () => {
    expect(preferredLanguage('fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(preferredLanguage('de-DE, en;q=0.5, fr;q=0.7')).toBe('fr');
    expect(preferredLanguage('en-GB,en;q=0.9')).toBe('en');
    expect(preferredLanguage('de, es')).toBeNull();
    expect(preferredLanguage('fr;q=0, en')).toBe('en');
    expect(preferredLanguage(undefined)).toBeNull();
    expect(preferredLanguage('*')).toBeNull();
  });
});
