import { asc, count, eq } from 'drizzle-orm';
import { company, jobAd } from '../../db/schema';
import { openJobAd } from '../../job-ad-search/open-job-ad';
import { builder } from '../builder';
import { invalidFields } from '../errors';

/** Well under the sitemap protocol's 50,000 URLs and 50 MB per file. */
export const SITEMAP_CHUNK_SIZE = 10_000;
/** Where the locale files word the sitemap's issue codes (jobs namespace). */
const SITEMAP_ERRORS = 'jobs:sitemap.errors';

interface SitemapEntry {
  id: string;
  title: string;
  lastModified: Date;
}

/** Entries and total load only when asked: the sitemap index needs the count alone. */
interface SitemapChunk {
  entries: () => Promise<SitemapEntry[]>;
  total: () => Promise<number>;
}

const JobAdSitemapEntry = builder.objectRef<SitemapEntry>('JobAdSitemapEntry').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title', { description: "The ad's title, for the readable part of its page address" }),
    lastModified: t.field({ type: 'DateTime', resolve: (entry) => entry.lastModified }),
  }),
});

const JobAdSitemapChunk = builder.objectRef<SitemapChunk>('JobAdSitemapChunk').implement({
  fields: (t) => ({
    entries: t.field({ type: [JobAdSitemapEntry], resolve: (chunk) => chunk.entries() }),
    total: t.int({ description: 'Open job ads over all chunks', resolve: (chunk) => chunk.total() }),
    chunkSize: t.int({ resolve: () => SITEMAP_CHUNK_SIZE }),
    chunkCount: t.int({ resolve: async (chunk) => Math.max(1, Math.ceil((await chunk.total()) / SITEMAP_CHUNK_SIZE)) }),
  }),
});

builder.queryField('jobAdSitemap', (t) =>
  t.field({
    type: JobAdSitemapChunk,
    description: `Open job ads for crawlers (public): chunk n (from 1) of ${SITEMAP_CHUNK_SIZE} ads in a stable order`,
    args: { chunk: t.arg.int({ required: true }) },
    resolve: (_root, args, { db }) => {
      if (!Number.isInteger(args.chunk) || args.chunk < 1) {
        throw invalidFields([{ path: 'chunk', code: 'chunkOutOfRange', params: { min: 1 } }], SITEMAP_ERRORS, null);
      }
      const now = new Date();
      const open = openJobAd(now);
      let total: Promise<number> | undefined;
      return {
        total: () =>
          (total ??= db
            .select({ total: count() })
            .from(jobAd)
            .innerJoin(company, eq(company.id, jobAd.publisherCompanyId))
            .where(open)
            .then(([row]) => row?.total ?? 0)),
        // Ordered by id, so an ad stays in its chunk while others are published or closed
        // around it (crawlers revisit chunks, not positions).
        entries: () =>
          db
            .select({ id: jobAd.id, title: jobAd.title, lastModified: jobAd.updatedAt })
            .from(jobAd)
            .innerJoin(company, eq(company.id, jobAd.publisherCompanyId))
            .where(open)
            .orderBy(asc(jobAd.id))
            .limit(SITEMAP_CHUNK_SIZE)
            .offset((args.chunk - 1) * SITEMAP_CHUNK_SIZE),
      };
    },
  }),
);
