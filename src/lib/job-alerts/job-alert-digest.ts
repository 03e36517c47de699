import type { JobAlertFrequency } from './job-alert-input';

// What one job alert digest lists, and when it is due. Pure, so the
// rules are unit-tested by name: only ads published after the alert's high-water mark,
// at most 10 per mail and 2 per company.

/** At most this many ads in one mail: a digest is read, not scrolled. */
export const DIGEST_MAX_ADS = 10;
/** At most this many ads of one company in one mail, so one busy company cannot fill it. */
export const DIGEST_MAX_PER_COMPANY = 2;

const HOUR_MS = 60 * 60 * 1000;
export const DIGEST_INTERVAL_MS: Readonly<Record<JobAlertFrequency, number>> = { daily: 24 * HOUR_MS, weekly: 7 * 24 * HOUR_MS };
/**
 * A digest is due a little before its full interval has passed, so that a run at the same
 * hour every day (or week) is never a few seconds too early and skips a whole period.
 */
export const DIGEST_DUE_SLACK_MS = HOUR_MS;

/** True when the alert's last digest (its high-water mark) is at least its interval ago. */
export function isDigestDue(alert: { frequency: JobAlertFrequency; checkedThrough: Date }, now: Date): boolean {
  return now.getTime() - alert.checkedThrough.getTime() >= DIGEST_INTERVAL_MS[alert.frequency] - DIGEST_DUE_SLACK_MS;
}

/** The last moment a digest of this frequency may have run for the alert to be due now. */
export function dueBefore(frequency: JobAlertFrequency, now: Date): Date {
  return new Date(now.getTime() - DIGEST_INTERVAL_MS[frequency] + DIGEST_DUE_SLACK_MS);
}

export interface DigestCandidate {
  id: string;
  /** The publishing company; anonymous ads count for their company too. */
  companyId: string;
  publishedAt: Date;
}

export interface DigestSelection<T extends DigestCandidate> {
  /** The ads the mail lists, newest first. */
  ads: T[];
  /** New ads left out by the limits: the mail says so and links to the whole search. */
  leftOut: number;
}

/**
 * The ads of one digest: those published after `since` (the high-water mark) and not
 * after `now`, newest first, at most DIGEST_MAX_PER_COMPANY per company and
 * DIGEST_MAX_ADS in all. What the limits leave out is counted, not kept for later: the
 * next digest starts from `now`, so an ad is never mailed twice.
 */
export function selectDigestAds<T extends DigestCandidate>(candidates: readonly T[], since: Date, now: Date): DigestSelection<T> {
  const fresh = candidates
    .filter((ad) => ad.publishedAt.getTime() > since.getTime() && ad.publishedAt.getTime() <= now.getTime())
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || a.id.localeCompare(b.id));
  const perCompany = new Map<string, number>();
  const ads: T[] = [];
  for (const ad of fresh) {
    if (ads.length >= DIGEST_MAX_ADS) break;
    const taken = perCompany.get(ad.companyId) ?? 0;
    if (taken >= DIGEST_MAX_PER_COMPANY) continue;
    perCompany.set(ad.companyId, taken + 1);
    ads.push(ad);
  }
  return { ads, leftOut: fresh.length - ads.length };
}
