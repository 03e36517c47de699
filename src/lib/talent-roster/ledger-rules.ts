import { z } from 'zod';
import { fitsMoneyColumn, readDecimal } from '../billing/billing-arithmetic';
import { addMoney, fromCents, negateMoney, toCents } from '../money/decimal-money';
import { BALANCE_TRANSACTION_TYPES, isBalanceTransactionType, type BalanceTransactionTypeValue } from '../transactions/balance-transaction-types';

// The rules of a roster entry's ledger (the talentBalanceTransaction entity): the
// ledger is append-only, a roster entry's balance is the running sum of its entries, and
// an entry is always in its roster entry's currency. Codes are worded in
// `talentRoster.errors.<code>`, like the roster's own.

/** Which way a type moves money: a salary is paid in, a commission and a withdrawal go out, misc either way. */
export const LEDGER_DIRECTION: Readonly<Record<BalanceTransactionTypeValue, 'in' | 'out' | 'either'>> = {
  SALARY: 'in',
  COMISSION: 'out',
  MISC: 'either',
  WITHDRAWAL: 'out',
};

/** The change as typed: a signed decimal with at most 2 places, never zero, that a money column holds. */
const change = z
  .string()
  .nullish()
  .transform((raw, ctx) => {
    const read = readDecimal(raw ?? '');
    if (!read.ok) {
      ctx.addIssue({ code: 'custom', message: { required: 'changeRequired', format: 'changeFormat', decimals: 'changeDecimals' }[read.problem] });
      return '0.00';
    }
    const value = fromCents(read.cents);
    if (read.cents === 0n) ctx.addIssue({ code: 'custom', message: 'changeZero' });
    else if (!fitsMoneyColumn(value)) ctx.addIssue({ code: 'custom', message: 'changeTooLarge' });
    return value;
  });

const type = z
  .string()
  .nullish()
  .transform((raw, ctx) => {
    const value = (raw ?? '').trim();
    if (!isBalanceTransactionType(value)) {
      ctx.addIssue({ code: 'custom', message: value === '' ? 'typeRequired' : 'typeUnknown' });
      return BALANCE_TRANSACTION_TYPES[0];
    }
    return value;
  });

/**
 * A new ledger entry (the currency is the roster entry's, never chosen): its type and its
 * signed change, whose sign must agree with the type (`changeMustBeIn`, `changeMustBeOut`).
 * A reversal is not checked here: it is made by `reversalOf`, whose sign is the opposite.
 */
export const ledgerEntrySchema = z.object({ type, change }).transform((values, ctx) => {
  const direction = LEDGER_DIRECTION[values.type];
  const cents = toCents(values.change);
  if (direction === 'in' && cents < 0n) ctx.addIssue({ code: 'custom', path: ['change'], message: 'changeMustBeIn' });
  if (direction === 'out' && cents > 0n) ctx.addIssue({ code: 'custom', path: ['change'], message: 'changeMustBeOut' });
  return values;
});

export type LedgerEntryValues = z.output<typeof ledgerEntrySchema>;

export interface LedgerEntry {
  type: BalanceTransactionTypeValue;
  change: string;
  currency: string;
}

/**
 * The ledger is append-only: a booked entry is never changed or deleted. A correction is
 * a new entry of the same type and currency with the opposite change, so the two cancel
 * out in the balance and both stay readable.
 */
export function reversalOf(entry: LedgerEntry): LedgerEntry {
  return { type: entry.type, change: negateMoney(entry.change), currency: entry.currency };
}

/**
 * The roster entry's balance after one more entry, or null when the entry is in another
 * currency (currencies are never mixed in a balance) or the sum would not fit the column.
 */
export function balanceAfterEntry(balance: { amount: string; currency: string }, entry: LedgerEntry): string | null {
  if (entry.currency !== balance.currency) return null;
  const next = addMoney(balance.amount, entry.change);
  return fitsMoneyColumn(next) ? next : null;
}

/** A roster entry's currency may change only while its ledger is empty: past entries keep theirs. */
export function mayChangeCurrency(ledgerEntries: number): boolean {
  return ledgerEntries === 0;
}

/** Sums amounts per currency, never across two: one total per currency, in the order first met. */
export function sumPerCurrency(amounts: ReadonlyArray<{ currency: string; amount: string }>): Array<{ currency: string; amount: string }> {
  const totals = new Map<string, bigint>();
  for (const { currency, amount } of amounts) totals.set(currency, (totals.get(currency) ?? 0n) + toCents(amount));
  return [...totals].map(([currency, cents]) => ({ currency, amount: fromCents(cents) }));
}
