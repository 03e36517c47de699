import type { APIRoute } from 'astro';
import { languageCookie, switchedAddress } from '../lib/http/language-choice';

/**
 * The language switcher (/language?to=fr&returnTo=/jobs): remembers the language chosen
 * and opens the same page in it. An unknown language or a foreign returnTo is refused
 * with 400, never followed.
 */
export const GET: APIRoute = ({ url, cookies, locals }) => {
  const switched = switchedAddress(url.searchParams.get('to'), url.searchParams.get('returnTo'));
  if (!switched) return new Response(locals.t('language.unknown'), { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  const cookie = languageCookie(locals.services.config.secureCookies);
  cookies.set(cookie.name, switched.language, cookie.options);
  return new Response(null, { status: 303, headers: { location: switched.location, 'cache-control': 'no-store' } });
};
