// The company dashboard's charts (issue: 'counts plus charts where people would rather
// look than read'): which weeks the applications chart covers, and how long each bar is.
// Pure, so the API (which buckets the rows) and the page (which draws them) agree.

/** Applications per week cover this many weeks, the current one last. */
export const DASHBOARD_WEEKS = 12;

/** At most this many open ads are charted with their applications (the newest). */
export const DASHBOARD_OPEN_ADS = 8;

const DAY_MS = 86_400_000;

/**
 * The Mondays (UTC, as YYYY-MM-DD) that start the last `weeks` weeks, oldest first; the
 * last is the Monday of the week `now` falls in. PostgreSQL's date_trunc('week') starts
 * weeks on Monday too, so the database's buckets carry these same labels.
 */
export function weekStartsUtc(now: Date, weeks = DASHBOARD_WEEKS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (new Date(today).getUTCDay() + 6) % 7;
  const thisMonday = today - sinceMonday * DAY_MS;
  return Array.from({ length: weeks }, (_, index) => new Date(thisMonday - (weeks - 1 - index) * 7 * DAY_MS).toISOString().slice(0, 10));
}

/** Every week of `starts` with its count; a week without rows counts 0, rows outside the weeks are dropped. */
export function fillWeeks(starts: readonly string[], rows: ReadonlyArray<{ weekStart: string; count: number }>): Array<{ weekStart: string; count: number }> {
  const counts = new Map(rows.map((row) => [row.weekStart, row.count]));
  return starts.map((weekStart) => ({ weekStart, count: counts.get(weekStart) ?? 0 }));
}

/**
 * Each value's bar as a share of the largest (0 to 1). All zero (or nothing) gives no
 * bars; a small non-zero value still gets a visible sliver, so 1 is never drawn as 0.
 */
export function barShares(values: readonly number[], minimumShare = 0.02): number[] {
  const largest = Math.max(0, ...values);
  if (largest <= 0) return values.map(() => 0);
  return values.map((value) => (value <= 0 ? 0 : Math.max(minimumShare, value / largest)));
}
