/** XML of the sitemap protocol (sitemaps.org 0.9): an index of files, and a file of URLs. */

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);

const HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export interface SitemapUrl {
  loc: string;
  /** W3C datetime; left out when unknown rather than guessed. */
  lastmod?: string;
}

export function sitemapIndexXml(sitemaps: readonly SitemapUrl[]): string {
  const entries = sitemaps.map((entry) => `<sitemap><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</sitemap>`);
  return `${HEADER}<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

export function urlSetXml(urls: readonly SitemapUrl[]): string {
  const entries = urls.map((entry) => `<url><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`);
  return `${HEADER}<urlset xmlns="${NS}">\n${entries.join('\n')}\n</urlset>\n`;
}

export const SITEMAP_HEADERS = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } as const;
