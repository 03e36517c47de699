import type { APIRoute } from 'astro';
import { languageOf, pathInLanguage } from '../../lib/i18n/language-path';
import { SIGNED_OUT_LANGUAGE_PARAM } from '../../lib/i18n/ui-locales';

/**
 * Where the provider returns the browser after sign-out: the home page in the language
 * the person signed out in (the sign-out's state). Clear-Site-Data wipes local storage
 * (the items logout clears: user, mySkillsSearch and personalizedSearch) and caches.
 */
export const GET: APIRoute = ({ url, locals }) =>
  new Response(null, {
    status: 303,
    headers: {
      location: pathInLanguage('/', languageOf(url.searchParams.get(SIGNED_OUT_LANGUAGE_PARAM)) ?? locals.language),
      'clear-site-data': '"cache", "storage"',
      'cache-control': 'no-store',
    },
  });
