import type { APIRoute } from 'astro';
import { languageOf } from '../../lib/i18n/language-path';
import { SIGN_OUT_LANGUAGE_PARAM } from '../../lib/account/account-menu';

/**
 * Logout is a POST carrying the session's anti-forgery token: a cross-site link or
 * image cannot sign anyone out. The browser then visits the provider's end-session page,
 * in the language of the page the form was on (its action names it: /auth has one address
 * in every language).
 */
export const POST: APIRoute = async ({ request, locals, url }) => {
  const { bff } = locals.services;
  const form = await request.formData().catch(() => null);
  const session = locals.session;
  if (session && !bff.verifyCsrf(session, form?.get('csrf'))) {
    return new Response(locals.t('errors.forbidden'), { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  const result = await bff.logout(session, languageOf(url.searchParams.get(SIGN_OUT_LANGUAGE_PARAM)) ?? locals.language);
  const headers = new Headers({ location: result.location, 'cache-control': 'no-store' });
  for (const cookie of result.setCookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
};

export const GET: APIRoute = () => new Response(null, { status: 405, headers: { allow: 'POST' } });
