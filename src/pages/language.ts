import type { APIRoute } from 'astro';
import { UPDATE_ME_MUTATION } from '../lib/account/account-operations';
import { sendDocument } from '../lib/graphql/send-document';
import { languageCookie, switchedAddress } from '../lib/http/language-choice';
import { pageGraphql } from '../server/bff/page/page-forms';

/**
 * The language switcher (/language?to=fr&returnTo=/jobs): remembers the language chosen
 * and opens the same page in it. An unknown language or a foreign returnTo is refused
 * with 400, never followed. A signed-in user's choice is the account's language too (its
 * mails and notifications), but only when the switch was clicked on one of our pages: a
 * link from another site (Sec-Fetch-Site other than same-origin, or none) changes the
 * browser's cookie alone, and an impersonating admin never changes the user's account.
 */
export const GET: APIRoute = async (context) => {
  const { url, cookies, locals, request } = context;
  const switched = switchedAddress(url.searchParams.get('to'), url.searchParams.get('returnTo'));
  if (!switched) return new Response(locals.t('language.unknown'), { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  const cookie = languageCookie(locals.services.config.secureCookies);
  cookies.set(cookie.name, switched.language, cookie.options);
  const session = locals.session;
  if (session && !session.record.impersonateAs && request.headers.get('sec-fetch-site') === 'same-origin') {
    // The switch itself never fails on it: the page opens in the language chosen all the same.
    await sendDocument(pageGraphql(context), UPDATE_ME_MUTATION, { data: { language: switched.language } }).catch(() => null);
  }
  return new Response(null, { status: 303, headers: { location: switched.location, 'cache-control': 'no-store' } });
};
