import { describe, expect, it } from 'vitest';
import { DATE_MAX, DATE_MIN, formatDate, formatMonth, isDateInRange } from '../../../src/lib/format/dates';

describe('dates (en-GB in English, fr-FR in French; date picker range)', () => {
  it('formats in the en-gb locale', () => {
    expect(formatDate(new Date('2026-11-22T10:00:00Z'), 'en')).toBe('22 Nov 2026');
    expect(formatDate('2023-01-05', 'en')).toBe('5 Jan 2023');
  });

  it('writes a day in French as 1 mars 2026 (the French locale rule)', () => {
    expect(formatDate('2026-03-01', 'fr')).toBe('1 mars 2026');
    expect(formatDate(new Date('2026-11-22T10:00:00Z'), 'fr')).toBe('22 nov. 2026');
  });

  it('writes a month as March 2026 in English and mars 2026 in French (the French locale rule)', () => {
    expect(formatMonth(2026, 3, 'en')).toBe('March 2026');
    expect(formatMonth(2026, 3, 'fr')).toBe('mars 2026');
  });

  it('accepts dates from 1900-01-01 to 2099-12-31 only', () => {
    expect([DATE_MIN, DATE_MAX]).toEqual(['1900-01-01', '2099-12-31']);
    expect(isDateInRange('1900-01-01')).toBe(true);
    expect(isDateInRange('2099-12-31')).toBe(true);
    expect(isDateInRange('1899-12-31')).toBe(false);
    expect(isDateInRange('2100-01-01')).toBe(false);
  });

  it('rejects malformed and impossible dates', () => {
    expect(isDateInRange('2023-02-30')).toBe(false);
    expect(isDateInRange('22/11/2026')).toBe(false);
  });
});
