import type { APIRoute } from 'astro';
import { sendDocument } from '../lib/graphql/send-document';
import { SITEMAP_COUNT_QUERY } from '../lib/seo/sitemap-queries';
import { SITEMAP_HEADERS, sitemapIndexXml } from '../lib/seo/sitemap-xml';

/** The sitemap index: the public pages, then the open job ads in chunks (robots.txt names it). */
export const GET: APIRoute = async ({ locals, url }) => {
  const { bff, config } = locals.services;
  // As a guest: the sitemap lists what anyone may see.
  const answer = await sendDocument((body) => bff.graphql(null, body, url.pathname), SITEMAP_COUNT_QUERY);
  const chunkCount = answer.data?.jobAdSitemap.chunkCount;
  // A failing API must not hand crawlers an empty index they would trust.
  if (!chunkCount) return new Response('Sitemap unavailable, try again later', { status: 503, headers: { 'retry-after': '60' } });
  const origin = config.publicOrigin;
  const files = [{ loc: `${origin}/sitemap-pages.xml` }, ...Array.from({ length: chunkCount }, (_, index) => ({ loc: `${origin}/sitemap-jobs/${index + 1}.xml` }))];
  return new Response(sitemapIndexXml(files), { headers: SITEMAP_HEADERS });
};
