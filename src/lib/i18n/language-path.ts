import { DEFAULT_LANGUAGE, isLanguage, type Language } from './namespaces';

// The language in the path (docs/french.md): English keeps the spec's paths, French lives
// under /fr (/fr/jobs, /fr/talent/profile). The server takes the prefix off before Astro
// routes the request (src/server/main.ts) and hands the language to the page; a French
// page's own links and redirects get it back (localizeHtmlLinks below), so that pages and
// components build the spec's paths only and never think of the language.

/** The path prefix of each language other than the default. */
const PREFIXES: Readonly<Partial<Record<Language, string>>> = { fr: '/fr' };

/**
 * Addresses that are no page and keep one address in every language: built assets, the
 * API, the identity provider, uploaded files, health checks, and files served as they are.
 */
const LANGUAGE_FREE = /^\/(?:_astro|api|oidc|media|healthz|readyz|auth)(?:[/?#]|$)|^\/[^?#]*\.(?:css|js|mjs|map|png|jpe?g|gif|svg|ico|webp|avif|woff2?|txt|xml|webmanifest|json)(?:[?#]|$)/;

/** A request's language and the path without its language prefix (query and fragment kept). */
export function splitLanguagePath(url: string): { language: Language; path: string } {
  for (const [language, prefix] of Object.entries(PREFIXES)) {
    if (!prefix) continue;
    if (url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`) || url.startsWith(`${prefix}#`)) {
      const rest = url.slice(prefix.length);
      return { language: language as Language, path: rest.startsWith('/') ? rest : `/${rest}` };
    }
  }
  return { language: DEFAULT_LANGUAGE, path: url };
}

/** A path of ours as it reads in a language: '/jobs' is '/fr/jobs' in French; addresses that are no page are left as they are. */
export function pathInLanguage(path: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE || !path.startsWith('/') || path.startsWith('//') || LANGUAGE_FREE.test(path)) return path;
  const prefix = PREFIXES[language];
  if (!prefix || path === prefix || path.startsWith(`${prefix}/`)) return path;
  return path === '/' ? prefix : path.startsWith('/?') || path.startsWith('/#') ? `${prefix}${path.slice(1)}` : `${prefix}${path}`;
}

/** The language a stored or posted value names, else null. */
export const languageOf = (value: unknown): Language | null => (isLanguage(value) ? value : null);

/** The tags whose address attributes lead to another page or post a form. */
const LINKING_TAG = /<(?:a|area|form|button|input)\b[^>]*>/gi;
const ADDRESS_ATTRIBUTE = /(\s(?:href|action|formaction)=)(["'])(\/[^"']*)\2/gi;

/**
 * A page's HTML with its own links, forms and form buttons in its language. A link that
 * names its language (hreflang: the language switcher) is left as it is; so are absolute
 * addresses (canonical and alternate links are written whole) and addresses that are no page.
 */
export function localizeHtmlLinks(html: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return html;
  return html.replace(LINKING_TAG, (tag) => (/\shreflang=/i.test(tag) ? tag : tag.replace(ADDRESS_ATTRIBUTE, (_match, name: string, quote: string, path: string) => `${name}${quote}${pathInLanguage(path, language)}${quote}`)));
}

/** A BCP 47 tag's language when it is one of ours ("fr-CA" → fr, "en_GB" → en), else null. */
export function languageOfTag(tag: string): Language | null {
  return languageOf(tag.trim().toLowerCase().split(/[-_]/)[0]);
}

/** The languages a browser asks for (Accept-Language), best first, as our languages. */
export function preferredLanguage(acceptLanguage: string | null | undefined): Language | null {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { language: languageOfTag(tag), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.find((entry) => entry.language !== null)?.language ?? null;
}
