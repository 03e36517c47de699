import type { APIRoute } from 'astro';
import { sendDocument } from '../../lib/graphql/send-document';
import { jobAdPath } from '../../lib/job-ads/job-ad-path';
import { SITEMAP_CHUNK_QUERY } from '../../lib/seo/sitemap-queries';
import { inEveryLanguage, SITEMAP_HEADERS, urlSetXml } from '../../lib/seo/sitemap-xml';

/** One chunk of open job ads; a chunk number past the end is a 404, not an empty file. */
export const GET: APIRoute = async ({ locals, params, url }) => {
  const chunk = Number(params.chunk);
  if (!Number.isInteger(chunk) || chunk < 1 || String(chunk) !== params.chunk) return new Response('Not found', { status: 404 });
  const { bff, config } = locals.services;
  // As a guest: the sitemap lists what anyone may see.
  const answer = await sendDocument((body) => bff.graphql(null, body, url.pathname), SITEMAP_CHUNK_QUERY, { chunk });
  const sitemap = answer.data?.jobAdSitemap;
  if (!sitemap) return new Response('Sitemap unavailable, try again later', { status: 503, headers: { 'retry-after': '60' } });
  if (chunk > sitemap.chunkCount) return new Response('Not found', { status: 404 });
  const urls = sitemap.entries.flatMap((entry) => inEveryLanguage(config.publicOrigin, jobAdPath(entry), entry.lastModified ?? undefined));
  return new Response(urlSetXml(urls), { headers: SITEMAP_HEADERS });
};
