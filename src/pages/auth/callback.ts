import type { APIRoute } from 'astro';
import { homeAreaCookie } from '../../lib/account/home-landing';

/** The provider's redirect back: finish the login and land where the user was going. */
export const GET: APIRoute = async ({ url, cookies, locals }) => {
  const { bff } = locals.services;
  const transactionCookie = cookies.get(bff.transactionCookieName)?.value;
  const rememberedArea = cookies.get(homeAreaCookie(locals.services.config.secureCookies).name)?.value ?? null;
  const result = await bff.completeLogin(url, transactionCookie, cookies.get(bff.sessionCookieName)?.value, rememberedArea);
  const headers = new Headers({ location: result.location, 'cache-control': 'no-store' });
  for (const cookie of result.setCookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
};
