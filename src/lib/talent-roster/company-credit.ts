import { fromCents, toCents } from '../money/decimal-money';
import { sumPerCurrency } from './ledger-rules';

// A company's credit (the companyCredit entity: amount, currency, until) as the transactions
// page shows it. What the credit covers is what the company owes its talents: the
// positive balances of its roster entries in that currency (removed entries included,
// since their balance is still owed). Remaining = current credit − owed; below zero the
// company owes more than its credit.

export interface CreditLine {
  amount: string;
  currency: string;
  /** ISO instant; null never expires. */
  until: string | null;
}

/** A credit counts until its `until` instant (excluded); one without `until` always counts. */
export function isCreditCurrent(credit: Pick<CreditLine, 'until'>, now: Date): boolean {
  return credit.until === null || new Date(credit.until).getTime() > now.getTime();
}

export interface CreditSummary {
  currency: string;
  /** The current (unexpired) credits of the currency, added up. */
  credit: string;
  owed: string;
  remaining: string;
  /** Owed is more than the credit. */
  exceeded: boolean;
}

/**
 * One summary per currency that has a current credit, by currency code. Amounts of two
 * currencies are never added or compared: owed in GBP does not use a EUR credit.
 */
export function creditSummaries(credits: readonly CreditLine[], owed: ReadonlyArray<{ currency: string; amount: string }>, now: Date): CreditSummary[] {
  const current = sumPerCurrency(credits.filter((credit) => isCreditCurrent(credit, now)));
  const owedBy = new Map(sumPerCurrency(owed).map((total) => [total.currency, toCents(total.amount)]));
  return current
    .map(({ currency, amount }) => {
      const owedCents = owedBy.get(currency) ?? 0n;
      const remaining = toCents(amount) - owedCents;
      return { currency, credit: amount, owed: fromCents(owedCents), remaining: fromCents(remaining), exceeded: remaining < 0n };
    })
    .sort((a, b) => a.currency.localeCompare(b.currency));
}
