import type { APIRoute } from 'astro';
import { SITEMAP_HEADERS, sitemapIndexXml } from '../lib/seo/sitemap-xml';

const COUNT_QUERY = 'query JobAdSitemapCount { jobAdSitemap(chunk: 1) { chunkCount } }';

/** The sitemap index: the public pages, then the open job ads in chunks (robots.txt names it). */
export const GET: APIRoute = async ({ locals, url }) => {
  const { bff, config } = locals.services;
  const answer = await bff.graphql(null, { query: COUNT_QUERY, operationName: 'JobAdSitemapCount' }, url.pathname);
  const chunkCount = (answer.body.data as { jobAdSitemap?: { chunkCount: number } } | undefined)?.jobAdSitemap?.chunkCount;
  // A failing API must not hand crawlers an empty index they would trust.
  if (!chunkCount) return new Response('Sitemap unavailable, try again later', { status: 503, headers: { 'retry-after': '60' } });
  const origin = config.publicOrigin;
  const files = [{ loc: `${origin}/sitemap-pages.xml` }, ...Array.from({ length: chunkCount }, (_, index) => ({ loc: `${origin}/sitemap-jobs/${index + 1}.xml` }))];
  return new Response(sitemapIndexXml(files), { headers: SITEMAP_HEADERS });
};
