import { pathInLanguage } from '../i18n/language-path';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../i18n/namespaces';

/** XML of the sitemap protocol (sitemaps.org 0.9): an index of files, and a file of URLs, each with its language versions. */

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);

const HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

export interface SitemapUrl {
  loc: string;
  /** W3C datetime; left out when unknown rather than guessed. */
  lastmod?: string;
  /** The page's versions in every language, itself included (xhtml:link alternates). */
  alternates?: ReadonlyArray<{ hreflang: string; href: string }>;
}

/** A page of ours once per language, each entry naming every version (lib/i18n/language-path.ts). */
export function inEveryLanguage(origin: string, path: string, lastmod?: string): SitemapUrl[] {
  const alternates = [...LANGUAGES.map((language) => ({ hreflang: language, href: `${origin}${pathInLanguage(path, language)}` })), { hreflang: 'x-default', href: `${origin}${pathInLanguage(path, DEFAULT_LANGUAGE)}` }];
  return LANGUAGES.map((language) => ({ loc: `${origin}${pathInLanguage(path, language)}`, ...(lastmod ? { lastmod } : {}), alternates }));
}

export function sitemapIndexXml(sitemaps: readonly SitemapUrl[]): string {
  const entries = sitemaps.map((entry) => `<sitemap><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</sitemap>`);
  return `${HEADER}<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

export function urlSetXml(urls: readonly SitemapUrl[]): string {
  const alternatesOf = (entry: SitemapUrl) => (entry.alternates ?? []).map((alternate) => `<xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${escapeXml(alternate.href)}"/>`).join('');
  const entries = urls.map((entry) => `<url><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}${alternatesOf(entry)}</url>`);
  const xhtml = urls.some((entry) => entry.alternates?.length) ? ` xmlns:xhtml="${XHTML_NS}"` : '';
  return `${HEADER}<urlset xmlns="${NS}"${xhtml}>\n${entries.join('\n')}\n</urlset>\n`;
}

export const SITEMAP_HEADERS = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } as const;
