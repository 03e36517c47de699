import type { APIRoute } from 'astro';

/**
 * Logout is a POST carrying the session's anti-forgery token: a cross-site link or
 * image cannot sign anyone out. The browser then visits the provider's end-session page.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const { bff } = locals.services;
  const form = await request.formData().catch(() => null);
  const session = locals.session;
  if (session && !bff.verifyCsrf(session, form?.get('csrf'))) {
    return new Response(locals.t('errors.forbidden'), { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  const result = await bff.logout(session);
  const headers = new Headers({ location: result.location, 'cache-control': 'no-store' });
  for (const cookie of result.setCookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
};

export const GET: APIRoute = () => new Response(null, { status: 405, headers: { allow: 'POST' } });
