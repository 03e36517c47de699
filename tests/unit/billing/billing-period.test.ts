import { describe, expect, it } from 'vitest';
import {
  defaultDueDate,
  formatPeriod,
  parsePeriodValue,
  periodIssue,
  periodOf,
  periodValue,
  selectablePeriods,
} from '../../../src/lib/billing/billing-period';

const NOW = new Date('2026-03-10T12:00:00Z');
const OPEN = { startDate: null, endDate: null };

describe('billing period: one calendar month, not after the current one, inside the assignment', () => {
  it('formats a period the en-GB way', () => {
    expect(formatPeriod({ year: 2026, month: 3 }, 'en')).toBe('March 2026');
    expect(formatPeriod({ year: 2025, month: 12 }, 'en')).toBe('December 2025');
  });

  it('counts months in UTC', () => {
    expect(periodOf(new Date('2026-03-31T23:30:00-02:00'))).toEqual({ year: 2026, month: 4 });
  });

  it('accepts the current month and earlier, refuses a month still to come', () => {
    expect(periodIssue({ year: 2026, month: 3 }, NOW, OPEN, 'en')).toBeNull();
    expect(periodIssue({ year: 2025, month: 12 }, NOW, OPEN, 'en')).toBeNull();
    expect(periodIssue({ year: 2026, month: 4 }, NOW, OPEN, 'en')).toEqual({ path: 'month', code: 'periodInFuture' });
    expect(periodIssue({ year: 2027, month: 1 }, NOW, OPEN, 'en')?.code).toBe('periodInFuture');
  });

  it('refuses months that do not exist or lie outside the database range', () => {
    for (const period of [{ year: 2026, month: 0 }, { year: 2026, month: 13 }, { year: 1899, month: 12 }, { year: 2026.5, month: 1 }]) {
      expect(periodIssue(period, NOW, OPEN, 'en')?.code).toBe('periodInvalid');
    }
  });

  it('refuses months before the assignment started or after it ended', () => {
    const assignment = { startDate: '2025-06-20', endDate: '2025-11-03' };
    expect(periodIssue({ year: 2025, month: 6 }, NOW, assignment, 'en')).toBeNull();
    expect(periodIssue({ year: 2025, month: 11 }, NOW, assignment, 'en')).toBeNull();
    expect(periodIssue({ year: 2025, month: 5 }, NOW, assignment, 'en')).toEqual({ path: 'month', code: 'periodBeforeAssignment', params: { start: 'June 2025' } });
    expect(periodIssue({ year: 2025, month: 12 }, NOW, assignment, 'en')).toEqual({ path: 'month', code: 'periodAfterAssignment', params: { end: 'November 2025' } });
  });

  it('offers the months it accepts, newest first, at most 36', () => {
    expect(selectablePeriods(NOW, { startDate: '2025-12-01', endDate: null }).map(periodValue)).toEqual(['2026-03', '2026-02', '2026-01', '2025-12']);
    expect(selectablePeriods(NOW, { startDate: '2025-10-01', endDate: '2025-11-30' }).map(periodValue)).toEqual(['2025-11', '2025-10']);
    expect(selectablePeriods(NOW, { startDate: '2026-05-01', endDate: null })).toEqual([]);
    const open = selectablePeriods(NOW, OPEN);
    expect(open).toHaveLength(36);
    expect(periodValue(open.at(-1)!)).toBe('2023-04');
    for (const period of open) expect(periodIssue(period, NOW, OPEN, 'en')).toBeNull();
  });

  it('reads and writes the form value yyyy-mm', () => {
    expect(parsePeriodValue('2026-03')).toEqual({ year: 2026, month: 3 });
    expect(parsePeriodValue('2026-13')).toBeNull();
    expect(parsePeriodValue('March 2026')).toBeNull();
    expect(periodValue({ year: 2026, month: 3 })).toBe('2026-03');
  });

  it('is due on the 15th of the following month by default', () => {
    expect(defaultDueDate({ year: 2026, month: 3 })).toBe('2026-04-15');
    expect(defaultDueDate({ year: 2025, month: 12 })).toBe('2026-01-15');
  });
});
