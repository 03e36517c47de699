import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { checkPeriod, isCalendarDay, periodBounds, TRANSACTION_ERRORS, type PeriodIssueCode } from '../../../src/lib/transactions/period';
import { allTimePeriod, periodPresets } from '../../../src/lib/transactions/period-presets';

describe('transactions period validation (from ≤ to, days in 1900-01-01..2099-12-31)', () => {
  it('accepts a period of real days in order, one day long too', () => {
    expect(checkPeriod('2025-01-01', '2025-12-31')).toEqual([]);
    expect(checkPeriod('2025-02-28', '2025-02-28')).toEqual([]);
    expect(checkPeriod('1900-01-01', '2099-12-31')).toEqual([]);
    expect(checkPeriod(' 2024-02-29 ', '2024-03-01')).toEqual([]);
  });

  it('asks for both days', () => {
    expect(checkPeriod('', '')).toEqual([{ path: 'from', code: 'fromRequired' }, { path: 'to', code: 'toRequired' }]);
    expect(checkPeriod('2025-01-01', '  ')).toEqual([{ path: 'to', code: 'toRequired' }]);
  });

  it('refuses what is not a calendar day written yyyy-mm-dd', () => {
    for (const text of ['2025-02-29', '2025-13-01', '2025-04-31', '31/12/2025', '2025-1-1', 'today', '2025-01-01T00:00']) {
      expect(checkPeriod(text, '2099-01-01'), text).toEqual([{ path: 'from', code: 'fromNotADate' }]);
    }
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('0099-01-01')).toBe(true);
  });

  it('refuses days outside the date picker range', () => {
    expect(checkPeriod('1899-12-31', '2100-01-01')).toEqual([{ path: 'from', code: 'fromOutOfRange' }, { path: 'to', code: 'toOutOfRange' }]);
  });

  it('refuses an end before the start, on the end field, once both days are valid', () => {
    expect(checkPeriod('2025-06-02', '2025-06-01')).toEqual([{ path: 'to', code: 'fromAfterTo' }]);
    expect(checkPeriod('2025-06-02', 'junk')).toEqual([{ path: 'to', code: 'toNotADate' }]);
  });

  it('words each problem from the locale file, in a sentence naming the field', () => {
    const t = getTranslator();
    const codes: PeriodIssueCode[] = ['fromRequired', 'fromNotADate', 'fromOutOfRange', 'toRequired', 'toNotADate', 'toOutOfRange', 'fromAfterTo'];
    for (const code of codes) expect(t(`${TRANSACTION_ERRORS}.${code}`, { defaultValue: '' }), code).toMatch(code.startsWith('from') && code !== 'fromAfterTo' ? /start date/ : /end date/);
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
