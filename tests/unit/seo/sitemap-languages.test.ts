import { describe, expect, it } from 'vitest';
import { inEveryLanguage, urlSetXml } from '../../../src/lib/seo/sitemap-xml';

describe('sitemap entries per language', () => {
  it('lists a page once per language, each entry naming every version and x-default', () => {
    const entries = inEveryLanguage('https://talentplace.test', '/jobs', '2026-11-29T10:00:00.000Z');
    expect(entries.map((entry) => entry.loc)).toEqual(['https://talentplace.test/jobs', 'https://talentplace.test/fr/jobs']);
    const xml = urlSetXml(entries);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml.match(/<url>/g)).toHaveLength(2);
    for (const alternate of ['hreflang="en" href="https://talentplace.test/jobs"', 'hreflang="fr" href="https://talentplace.test/fr/jobs"', 'hreflang="x-default" href="https://talentplace.test/jobs"']) {
      expect(xml.match(new RegExp(alternate.replace(/[.?]/g, '\\$&'), 'g'))).toHaveLength(2);
    }
    expect(xml).toContain('<lastmod>2026-11-29T10:00:00.000Z</lastmod>');
  });

  it('the home page is /fr in French', () => {
    expect(inEveryLanguage('https://talentplace.test', '/').map((entry) => entry.loc)).toEqual(['https://talentplace.test/', 'https://talentplace.test/fr']);
  });

  it('a file without alternates keeps the plain namespace', () => {
    expect(urlSetXml([{ loc: 'https://talentplace.test/a' }])).not.toContain('xhtml');
  });
});
