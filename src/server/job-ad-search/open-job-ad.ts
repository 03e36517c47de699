import { and, eq, gt, isNotNull, isNull, lte, or, type Placeholder, type SQL } from 'drizzle-orm';
import { company, jobAd } from '../db/schema';

/** The time the conditions compare with: a value, or a prepared query's placeholder for it. */
type Now = Date | Placeholder;

/**
 * A job ad a guest may see at all: published by now, not deleted, from a verified
 * company that is not deleted. It may be past its deadline (its page says so). Needs
 * `company` joined on the publisher.
 */
export function visibleJobAd(now: Now): SQL {
  return and(
    isNotNull(jobAd.publishedAt),
    lte(jobAd.publishedAt, now),
    isNull(jobAd.deletedAt),
    eq(company.verificationStatus, 'verified'),
    isNull(company.deletedAt),
  )!;
}

/** Still taking applications: no deadline, or a deadline after now. */
export function beforeDeadline(now: Now): SQL {
  return or(isNull(jobAd.publishedUntil), gt(jobAd.publishedUntil, now))!;
}

/** What search and suggestions may return: visible and before its deadline. */
export function openJobAd(now: Now): SQL {
  return and(visibleJobAd(now), beforeDeadline(now))!;
}

export function isOpenAt(row: { publishedUntil: Date | null }, now: Date): boolean {
  return row.publishedUntil === null || row.publishedUntil.getTime() > now.getTime();
}
