import { eq } from 'drizzle-orm';
import { company, jobAd } from '../../db/schema';
import { visibleJobAd } from '../../job-ad-search/open-job-ad';
import { isUuid } from '../../../lib/ids';
import { builder } from '../builder';

/**
 * Spec: "an expired or unpublished ad answers 410". jobAd(id) is null for an ad that was
 * unpublished, removed or whose company lost its verification, like for an id that never
 * existed; this tells the two apart (and nothing else about the ad), so its page can
 * answer 410 (gone for good) rather than 404.
 */
builder.queryField('jobAdGone', (t) =>
  t.boolean({
    description: 'True when a job ad with this id existed but is no longer public (public)',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, { db }) => {
      const id = String(args.id);
      if (!isUuid(id)) return false;
      const [row] = await db
        .select({ visible: visibleJobAd(new Date()) })
        .from(jobAd)
        .innerJoin(company, eq(company.id, jobAd.publisherCompanyId))
        .where(eq(jobAd.id, id))
        .limit(1);
      return row !== undefined && !row.visible;
    },
  }),
);
