import { describe, expect, it } from 'vitest';
import { checkPeriod, isCalendarDay, periodBounds, periodProblemMessage } from '../../src/lib/transactions/period';
import { allTimePeriod, periodPresets } from '../../src/lib/transactions/period-presets';

describe('transactions period validation (from ≤ to, days in 1900-01-01..2099-12-31)', () => {
  it('accepts a period of real days in order, one day long too', () => {
    expect(checkPeriod('2025-01-01', '2025-12-31')).toEqual([]);
    expect(checkPeriod('2025-02-28', '2025-02-28')).toEqual([]);
    expect(checkPeriod('1900-01-01', '2099-12-31')).toEqual([]);
    expect(checkPeriod(' 2024-02-29 ', '2024-03-01')).toEqual([]);
  });

  it('asks for both days', () => {
    expect(checkPeriod('', '')).toEqual([{ field: 'from', kind: 'required' }, { field: 'to', kind: 'required' }]);
    expect(checkPeriod('2025-01-01', '  ')).toEqual([{ field: 'to', kind: 'required' }]);
  });

  it('refuses what is not a calendar day written yyyy-mm-dd', () => {
    for (const text of ['2025-02-29', '2025-13-01', '2025-04-31', '31/12/2025', '2025-1-1', 'today', '2025-01-01T00:00']) {
      expect(checkPeriod(text, '2099-01-01'), text).toEqual([{ field: 'from', kind: 'notADate' }]);
    }
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('0099-01-01')).toBe(true);
  });

  it('refuses days outside the date picker range', () => {
    expect(checkPeriod('1899-12-31', '2100-01-01')).toEqual([{ field: 'from', kind: 'outOfRange' }, { field: 'to', kind: 'outOfRange' }]);
  });

  it('refuses an end before the start, on the end field, once both days are valid', () => {
    expect(checkPeriod('2025-06-02', '2025-06-01')).toEqual([{ field: 'to', kind: 'fromAfterTo' }]);
    expect(checkPeriod('2025-06-02', 'junk')).toEqual([{ field: 'to', kind: 'notADate' }]);
  });

  it('explains each problem in a sentence naming the field', () => {
    expect(periodProblemMessage({ field: 'from', kind: 'required' })).toBe('Give the start date of the period');
    expect(periodProblemMessage({ field: 'to', kind: 'notADate' })).toBe('The end date must be a calendar day written yyyy-mm-dd');
    expect(periodProblemMessage({ field: 'to', kind: 'outOfRange' })).toBe('The end date must lie between 1900-01-01 and 2099-12-31');
    expect(periodProblemMessage({ field: 'to', kind: 'fromAfterTo' })).toBe('The end date must be on or after the start date');
  });

  it('covers whole UTC days: from midnight of the first to midnight after the last', () => {
    expect(periodBounds('2025-03-01', '2025-03-31')).toEqual({ start: new Date('2025-03-01T00:00:00Z'), endExclusive: new Date('2025-04-01T00:00:00Z') });
    expect(periodBounds('2099-12-31', '2099-12-31').endExclusive).toEqual(new Date('2100-01-01T00:00:00Z'));
  });
});

describe('transactions period presets', () => {
  const presets = (today: string) => Object.fromEntries(periodPresets(new Date(today)).map(({ key, from, to }) => [key, `${from}..${to}`]));

  it('gives whole months and the calendar year around today (UTC)', () => {
    expect(presets('2025-03-15T23:00:00Z')).toEqual({
      thisMonth: '2025-03-01..2025-03-31',
      lastMonth: '2025-02-01..2025-02-28',
      last3Months: '2025-01-01..2025-03-31',
      thisYear: '2025-01-01..2025-12-31',
      last12Months: '2024-04-01..2025-03-31',
    });
  });

  it('crosses the year boundary in January', () => {
    expect(presets('2024-01-31T00:00:00Z')).toMatchObject({
      lastMonth: '2023-12-01..2023-12-31',
      last3Months: '2023-11-01..2024-01-31',
      last12Months: '2023-02-01..2024-01-31',
    });
  });

  it('shows everything by default: first transaction to the end of this month, or this month when there are none', () => {
    const today = new Date('2025-03-15T12:00:00Z');
    expect(allTimePeriod(today, '2024-10-20T17:00:00Z', '2025-01-23T17:00:00Z')).toEqual({ from: '2024-10-20', to: '2025-03-31' });
    expect(allTimePeriod(today, '2024-10-20T17:00:00Z', '2025-05-02T00:00:00Z')).toEqual({ from: '2024-10-20', to: '2025-05-02' });
    expect(allTimePeriod(today, null, null)).toEqual({ from: '2025-03-01', to: '2025-03-31' });
  });
});
