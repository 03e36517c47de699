import { graphql } from '../graphql/graphql';

/** The sitemap index's count of job ad chunks. */
export const SITEMAP_COUNT_QUERY = graphql(`
  query JobAdSitemapCount { jobAdSitemap(chunk: 1) { chunkCount } }
`);

/** One chunk of open job ads for /sitemap-jobs/<chunk>.xml. */
export const SITEMAP_CHUNK_QUERY = graphql(`
  query JobAdSitemapChunk($chunk: Int!) { jobAdSitemap(chunk: $chunk) { chunkCount entries { id title lastModified } } }
`);
