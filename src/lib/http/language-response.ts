import type { Language } from '../i18n/namespaces';
import { DEFAULT_LANGUAGE } from '../i18n/namespaces';
import { localizeHtmlLinks, pathInLanguage } from '../i18n/language-path';

/**
 * A response of a page in a language other than English, with its own addresses in that
 * language: a redirect's Location, and the links, forms and form buttons of an HTML page
 * (lib/i18n/language-path.ts). The page is read whole to do so; the server compresses it
 * afterwards as any page.
 */
export async function responseInLanguage(response: Response, language: Language): Promise<Response> {
  if (language === DEFAULT_LANGUAGE) return response;
  const headers = new Headers(response.headers);
  const location = headers.get('location');
  if (location) headers.set('location', pathInLanguage(location, language));
  headers.set('content-language', language);
  if (!headers.get('content-type')?.startsWith('text/html') || !response.body) return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  headers.delete('content-length');
  return new Response(localizeHtmlLinks(await response.text(), language), { status: response.status, statusText: response.statusText, headers });
}
