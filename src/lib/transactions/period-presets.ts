// Ready-made periods for the transactions filter, relative to today (UTC). Every preset
// ends on the last day of the current month (or year), so it reads as whole months.

export type PeriodPresetKey = 'thisMonth' | 'lastMonth' | 'last3Months' | 'thisYear' | 'last12Months';

export interface Period {
  from: string;
  to: string;
}

export interface PeriodPreset extends Period {
  key: PeriodPresetKey;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** First day of the month `monthsBack` months before the month of `today`. */
function monthStart(today: Date, monthsBack: number): Date {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - monthsBack, 1));
}

/** Last day of the month `monthsBack` months before the month of `today`. */
function monthEnd(today: Date, monthsBack: number): Date {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - monthsBack + 1, 0));
}

export function periodPresets(today: Date): PeriodPreset[] {
  const year = today.getUTCFullYear();
  return [
    { key: 'thisMonth', from: isoDay(monthStart(today, 0)), to: isoDay(monthEnd(today, 0)) },
    { key: 'lastMonth', from: isoDay(monthStart(today, 1)), to: isoDay(monthEnd(today, 1)) },
    { key: 'last3Months', from: isoDay(monthStart(today, 2)), to: isoDay(monthEnd(today, 0)) },
    { key: 'thisYear', from: `${year}-01-01`, to: `${year}-12-31` },
    { key: 'last12Months', from: isoDay(monthStart(today, 11)), to: isoDay(monthEnd(today, 0)) },
  ];
}

/**
 * The period a bare /talent/transactions shows: everything, i.e. from the day of the
 * first transaction to the end of this month (or the last transaction, if later). With no
 * transactions yet it is this month.
 */
export function allTimePeriod(today: Date, first: Date | string | null, last: Date | string | null): Period {
  const thisMonthEnd = isoDay(monthEnd(today, 0));
  if (!first) return { from: isoDay(monthStart(today, 0)), to: thisMonthEnd };
  const lastDay = last ? isoDay(new Date(last)) : thisMonthEnd;
  return { from: isoDay(new Date(first)), to: lastDay > thisMonthEnd ? lastDay : thisMonthEnd };
}
