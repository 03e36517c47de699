import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../src/lib/talent-jobs/date-time';

describe('date and time of an event (en-GB, UTC)', () => {
  it('shows the day, the time to the minute and the zone', () => {
    expect(formatDateTime(new Date('2026-11-22T14:05:59Z'), 'en')).toBe('22 Nov 2026, 14:05 UTC');
  });

  it('reads the API\'s ISO strings, whatever the server\'s own time zone', () => {
    expect(formatDateTime('2026-01-03T23:30:00-02:00', 'en')).toBe('4 Jan 2026, 01:30 UTC');
  });
});
