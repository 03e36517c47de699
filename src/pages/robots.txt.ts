import type { APIRoute } from 'astro';

/**
 * Crawlers may read the public pages (home, job search, job ads, legal texts); the
 * signed-in areas, the provider and the API are of no use to them.
 */
export const GET: APIRoute = ({ locals }) =>
  new Response(
    [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /auth/',
      'Disallow: /oidc/',
      'Disallow: /talent/',
      'Disallow: /company/',
      'Disallow: /admin/',
      'Disallow: /job-apply-form',
      'Disallow: /language',
      'Disallow: /fr/talent/',
      'Disallow: /fr/company/',
      'Disallow: /fr/admin/',
      'Disallow: /fr/job-apply-form',
      'Allow: /',
      '',
      `Sitemap: ${locals.services.config.publicOrigin}/sitemap.xml`,
      '',
    ].join('\n'),
    { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } },
  );
