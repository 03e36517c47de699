export type DeadlineTextKey = 'deadline.tomorrow' | 'deadline.inDays' | 'deadline.today';

export interface DeadlineText {
  /** A key of the jobs namespace; i18next picks inDays_one or inDays_other from count. */
  key: DeadlineTextKey;
  count?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC of the instant's day, in days since the epoch. */
const utcDay = (instant: Date) => Math.floor(instant.getTime() / DAY_MS);

/**
 * How long a job ad stays open, in calendar days (UTC, so that server and browser
 * agree whatever their time zones): "today", "tomorrow", "in N days". Null when the ad
 * has no deadline or it has passed.
 */
export function deadlineText(publishedUntil: Date | string | null, now: Date): DeadlineText | null {
  if (publishedUntil === null) return null;
  const deadline = typeof publishedUntil === 'string' ? new Date(publishedUntil) : publishedUntil;
  if (Number.isNaN(deadline.getTime()) || deadline.getTime() <= now.getTime()) return null;
  const days = utcDay(deadline) - utcDay(now);
  if (days <= 0) return { key: 'deadline.today' };
  if (days === 1) return { key: 'deadline.tomorrow' };
  return { key: 'deadline.inDays', count: days };
}
