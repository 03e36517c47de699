import type { APIRoute } from 'astro';
import { jobAdPath } from '../../lib/jobs/job-ad-path';
import { SITEMAP_HEADERS, urlSetXml } from '../../lib/seo/sitemap-xml';

const CHUNK_QUERY = 'query JobAdSitemapChunk($chunk: Int!) { jobAdSitemap(chunk: $chunk) { chunkCount entries { id title lastModified } } }';

interface ChunkAnswer {
  jobAdSitemap?: { chunkCount: number; entries: Array<{ id: string; title: string; lastModified: string }> };
}

/** One chunk of open job ads; a chunk number past the end is a 404, not an empty file. */
export const GET: APIRoute = async ({ locals, params, url }) => {
  const chunk = Number(params.chunk);
  if (!Number.isInteger(chunk) || chunk < 1 || String(chunk) !== params.chunk) return new Response('Not found', { status: 404 });
  const { bff, config } = locals.services;
  const answer = await bff.graphql(null, { query: CHUNK_QUERY, variables: { chunk }, operationName: 'JobAdSitemapChunk' }, url.pathname);
  const sitemap = (answer.body.data as ChunkAnswer | undefined)?.jobAdSitemap;
  if (!sitemap) return new Response('Sitemap unavailable, try again later', { status: 503, headers: { 'retry-after': '60' } });
  if (chunk > sitemap.chunkCount) return new Response('Not found', { status: 404 });
  const urls = sitemap.entries.map((entry) => ({
    loc: `${config.publicOrigin}${jobAdPath(entry)}`,
    lastmod: entry.lastModified,
  }));
  return new Response(urlSetXml(urls), { headers: SITEMAP_HEADERS });
};
