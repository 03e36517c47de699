import { graphql, type ResultOf } from '../graphql/graphql';

// "Pay for your skills" (behind the feature flag talent-rate-insight, lib/feature-flags):
// on the talent dashboard, what the open job ads asking for at least one of the talent's
// skills pay, in the talent's own currency and rate unit (hourly unless the talent only
// gives a monthly rate), and where the talent's own rate sits. Rates are never converted
// between currencies or units: an ad in another one is not counted.

/** Fewer ads than this tell nothing about a market: the card says so instead of figures. */
export const RATE_INSIGHT_MIN_ADS = 3;

export const RATE_INSIGHT_UNITS = ['HOUR', 'MONTH'] as const;
export type RateInsightUnit = (typeof RATE_INSIGHT_UNITS)[number];

export const RATE_STANDINGS = ['below', 'within', 'above'] as const;
export type RateStanding = (typeof RATE_STANDINGS)[number];

/** The unit the insight compares in: the talent's hourly rate first, else monthly, else hourly. */
export function rateInsightUnit(profile: { hourlyRate: string | null; monthlyRate: string | null }): RateInsightUnit {
  return !profile.hourlyRate && profile.monthlyRate ? 'MONTH' : 'HOUR';
}

/**
 * Where a rate sits against the middle half of the ads' pay (lower to upper quartile, ends
 * included): below, within or above; null without a rate or figures to compare with.
 */
export function rateStanding(rate: string | null, low: string | null, high: string | null): RateStanding | null {
  if (rate === null || low === null || high === null) return null;
  const [value, from, to] = [Number(rate), Number(low), Number(high)];
  if (![value, from, to].every(Number.isFinite)) return null;
  if (value < from) return 'below';
  if (value > to) return 'above';
  return 'within';
}

export const MY_RATE_INSIGHT_QUERY = graphql(`
  query MyRateInsight {
    myRateInsight { currency rateUnit adCount low median high yourRate standing skillCount }
  }
`);

export type RateInsight = ResultOf<typeof MY_RATE_INSIGHT_QUERY>['myRateInsight'];
