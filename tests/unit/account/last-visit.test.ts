import { describe, expect, it } from 'vitest';
import { LAST_VISIT_INTERVAL_MS, lastVisitIsDue } from '../../../src/lib/account/last-visit';

describe('last visit: recorded at most once an hour', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  it('is due for a user never seen, and once an hour has passed', () => {
    expect(lastVisitIsDue(null, now)).toBe(true);
    expect(lastVisitIsDue(new Date(now.getTime() - LAST_VISIT_INTERVAL_MS), now)).toBe(true);
  });
  it('is not due within the hour', () => {
    expect(lastVisitIsDue(new Date(now.getTime() - LAST_VISIT_INTERVAL_MS + 1000), now)).toBe(false);
    expect(lastVisitIsDue(now, now)).toBe(false);
  });
});
