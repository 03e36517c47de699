/**
 * How a provider's work for a client reads: still open-ended, ending on a known day, or
 * over. Dates are ISO days (yyyy-mm-dd), which compare correctly as strings.
 */
export type AssignmentPeriod =
  | { kind: 'ongoing'; since: string }
  | { kind: 'ending'; since: string; until: string }
  | { kind: 'ended'; since: string; until: string };

export function assignmentPeriod(since: string, until: string | null, today: string): AssignmentPeriod {
  if (until === null) return { kind: 'ongoing', since };
  // The last day is still a working day.
  return until >= today ? { kind: 'ending', since, until } : { kind: 'ended', since, until };
}

/** Today as an ISO day in UTC, the time zone the API's dates are in. */
export function isoToday(now: Date): string {
  return now.toISOString().slice(0, 10);
}
