import type { APIRoute } from 'astro';
import { ROUTES } from '../lib/routes/route-table';
import { inEveryLanguage, SITEMAP_HEADERS, urlSetXml } from '../lib/seo/sitemap-xml';

// The job page needs an ad id and the apply/sign-in pages are not content: only pages a
// guest can open as they are belong here.
const CONTENT_GROUPS = new Set(['public', 'legal']);
const NOT_CONTENT = new Set(['jobApply', 'signIn', 'signUp']);

export const GET: APIRoute = ({ locals }) => {
  const origin = locals.services.config.publicOrigin;
  const urls = ROUTES.filter((route) => route.live && route.access === 'guest' && CONTENT_GROUPS.has(route.group) && !NOT_CONTENT.has(route.key)).flatMap((route) => inEveryLanguage(origin, route.path));
  return new Response(urlSetXml(urls), { headers: SITEMAP_HEADERS });
};
