import { and, gt, isNull, lte, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { jobAd, jobTitleSuggestion } from '../db/schema';
import type { JobAdIndex } from './job-ad-index';

/** How far back a run looks for ads whose deadline passed: covers a day of missed runs. */
export const EXPIRED_LOOKBACK_MS = 48 * 60 * 60 * 1000;

/**
 * Closing ads whose deadline passed. An ad is closed by time alone:
 * every reader compares `published_until` with now, so nobody sees an expired ad whether
 * this runs or not. What time does not update is the derived data: the title suggestions
 * (kept by triggers, which fire on writes, never on a clock) keep a title whose last ad
 * expired, and a Typesense copy keeps the expired document. This tidies both: the titles
 * whose `open_until` passed are recounted (their row goes when no open ad is left), and
 * each ad that expired within the lookback is followed into the search index (removed
 * there, since it can no longer be found). Running it twice changes nothing the second time.
 */
export async function closeExpiredJobAds(options: { db: AppDatabase; jobAdIndex: JobAdIndex; now?: Date }): Promise<{ titles: number; ads: number }> {
  const { db, jobAdIndex } = options;
  const now = options.now ?? new Date();
  const stale = await db.select({ key: jobTitleSuggestion.titleKey }).from(jobTitleSuggestion).where(lte(jobTitleSuggestion.openUntil, now));
  if (stale.length) {
    const keys = stale.map((row) => row.key);
    await db.execute(sql`select job_title_suggestion_refresh(${sql.param(keys)}::text[])`);
  }
  const expired = await db
    .select({ id: jobAd.id })
    .from(jobAd)
    .where(and(isNull(jobAd.deletedAt), lte(jobAd.publishedUntil, now), gt(jobAd.publishedUntil, new Date(now.getTime() - EXPIRED_LOOKBACK_MS))));
  for (const ad of expired) await jobAdIndex.follow(ad.id);
  return { titles: stale.length, ads: expired.length };
}
