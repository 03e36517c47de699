import { describe, expect, it } from 'vitest';
import { barShares, fillWeeks, weekStartsUtc } from '../../../src/lib/companies/dashboard-charts';

describe('dashboard chart: applications per week over the last 12 weeks', () => {
  it('starts each week on Monday (UTC), the current week last', () => {
    // 2026-11-24 is a Tuesday.
    const weeks = weekStartsUtc(new Date('2026-11-24T10:00:00Z'));
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toBe('2026-11-23');
    expect(weeks[0]).toBe('2026-09-07');
    expect(new Set(weeks.map((day) => new Date(`${day}T00:00:00Z`).getUTCDay()))).toEqual(new Set([1]));
  });

  it('puts a Sunday in the week that started the Monday before, and a Monday in its own week', () => {
    expect(weekStartsUtc(new Date('2026-11-29T23:59:59Z'), 1)).toEqual(['2026-11-23']);
    expect(weekStartsUtc(new Date('2026-11-30T00:00:00Z'), 1)).toEqual(['2026-11-30']);
  });

  it('counts a week without applications as 0 and drops rows outside the weeks', () => {
    const filled = fillWeeks(['2026-11-16', '2026-11-23'], [{ weekStart: '2026-11-23', count: 4 }, { weekStart: '2026-01-05', count: 9 }]);
    expect(filled).toEqual([{ weekStart: '2026-11-16', count: 0 }, { weekStart: '2026-11-23', count: 4 }]);
  });
});

describe('dashboard chart: bar lengths', () => {
  it('draws each bar as a share of the largest, a small count still visible, zero as nothing', () => {
    expect(barShares([10, 5, 0])).toEqual([1, 0.5, 0]);
    expect(barShares([1000, 1])[1]).toBe(0.02);
    expect(barShares([0, 0])).toEqual([0, 0]);
    expect(barShares([])).toEqual([]);
  });
});
