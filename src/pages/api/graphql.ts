import type { APIRoute } from 'astro';

export const ALL: APIRoute = ({ request, locals, cookies }) =>
  locals.services.bff.proxy({
    request,
    session: locals.session,
    hadSessionCookie: cookies.has(locals.services.bff.sessionCookieName),
    publicOrigin: locals.services.config.publicOrigin,
  });
