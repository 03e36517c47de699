// A user's last visit (the user entity's lastVisit), which platform admins see in their user
// list: written when the user's request reaches the API, at most once an hour, so using the
// product costs one small write an hour rather than one a request.

/** How stale the recorded last visit may be before a request records a new one. */
export const LAST_VISIT_INTERVAL_MS = 60 * 60 * 1000;

/** Whether a request at `now` records a new last visit over `recorded` (null: never). */
export function lastVisitIsDue(recorded: Date | null, now: Date): boolean {
  return recorded === null || now.getTime() - recorded.getTime() >= LAST_VISIT_INTERVAL_MS;
}
