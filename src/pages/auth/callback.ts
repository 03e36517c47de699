import type { APIRoute } from 'astro';

/** The provider's redirect back: finish the login and land where the user was going. */
export const GET: APIRoute = async ({ url, cookies, locals }) => {
  const { bff } = locals.services;
  const transactionCookie = cookies.get(bff.transactionCookieName)?.value;
  const result = await bff.completeLogin(url, transactionCookie, cookies.get(bff.sessionCookieName)?.value);
  const headers = new Headers({ location: result.location, 'cache-control': 'no-store' });
  for (const cookie of result.setCookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
};
