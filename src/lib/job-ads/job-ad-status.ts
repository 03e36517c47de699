// Where a job ad stands, from its publish window alone, so the list, the
// detail page and the API say the same: a draft was never put up (or was taken down), a
// scheduled ad goes up later by itself, a published ad is seen by guests, a closed ad
// passed its deadline (its page answers 410 and search drops it).

export const JOB_AD_STATUSES = ['DRAFT', 'SCHEDULED', 'PUBLISHED', 'CLOSED'] as const;
export type JobAdStatus = (typeof JOB_AD_STATUSES)[number];

export interface PublishWindow {
  publishedAt: Date | string | null;
  publishedUntil: Date | string | null;
}

const time = (value: Date | string) => (value instanceof Date ? value : new Date(value)).getTime();

export function jobAdStatus(ad: PublishWindow, now: Date): JobAdStatus {
  if (ad.publishedUntil !== null && time(ad.publishedUntil) <= now.getTime()) return ad.publishedAt === null ? 'DRAFT' : 'CLOSED';
  if (ad.publishedAt === null) return 'DRAFT';
  return time(ad.publishedAt) > now.getTime() ? 'SCHEDULED' : 'PUBLISHED';
}

/** How long an ad published without a deadline of its own stays up: Google asks for validThrough, and a month is what boards offer. */
export const DEFAULT_PUBLISH_DAYS = 30;
/** The longest window a deadline may set: a year-old ad is stale, whatever its date says. */
export const MAX_PUBLISH_DAYS = 365;
const DAY_MS = 86_400_000;

/**
 * Publish now (or again): up from now, until the ad's own deadline when that is still
 * ahead, else for the default month. Republishing a closed ad opens a fresh window.
 */
export function publishWindowFrom(ad: PublishWindow, now: Date): { publishedAt: Date; publishedUntil: Date } {
  const until = ad.publishedUntil === null ? null : new Date(time(ad.publishedUntil));
  return { publishedAt: now, publishedUntil: until && until.getTime() > now.getTime() ? until : new Date(now.getTime() + DEFAULT_PUBLISH_DAYS * DAY_MS) };
}

/**
 * The rules of a publish window as written in the form: the deadline after the start, not
 * already past, and at most a year after the start (or after now for a draft).
 */
export function publishWindowIssues(window: { publishedAt: Date | null; publishedUntil: Date | null }, now: Date): { path: string; code: string }[] {
  const { publishedAt, publishedUntil } = window;
  if (!publishedUntil) return [];
  if (publishedAt && publishedUntil.getTime() <= publishedAt.getTime()) return [{ path: 'publishedUntil', code: 'publishWindowOrder' }];
  if (publishedUntil.getTime() <= now.getTime()) return [{ path: 'publishedUntil', code: 'publishedUntilPast' }];
  const start = publishedAt && publishedAt.getTime() > now.getTime() ? publishedAt : now;
  if (publishedUntil.getTime() - start.getTime() > MAX_PUBLISH_DAYS * DAY_MS) return [{ path: 'publishedUntil', code: 'publishWindowTooLong' }];
  return [];
}
