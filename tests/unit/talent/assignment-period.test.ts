import { describe, expect, it } from 'vitest';
import { assignmentPeriod, isoToday } from '../../../src/lib/talent/assignment-period';

describe("a provider's period with a client", () => {
  const today = '2026-05-10';

  it('is ongoing while an assignment has no end date', () => {
    expect(assignmentPeriod('2025-01-01', null, today)).toEqual({ kind: 'ongoing', since: '2025-01-01' });
  });

  it('is ending while the last day is today or later', () => {
    expect(assignmentPeriod('2025-01-01', '2026-08-31', today)).toEqual({ kind: 'ending', since: '2025-01-01', until: '2026-08-31' });
    expect(assignmentPeriod('2025-01-01', today, today).kind).toBe('ending');
  });

  it('has ended once the last day is past', () => {
    expect(assignmentPeriod('2024-06-01', '2026-05-09', today)).toEqual({ kind: 'ended', since: '2024-06-01', until: '2026-05-09' });
  });

  it('takes today in UTC, as the API dates are', () => {
    expect(isoToday(new Date('2026-05-10T23:30:00-02:00'))).toBe('2026-05-11');
    expect(isoToday(new Date('2026-05-10T00:10:00Z'))).toBe('2026-05-10');
  });
});
