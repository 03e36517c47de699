import { addMoney, fromCents, multiplyMoney, toCents } from '../money/decimal-money';

// Billing arithmetic (the billing and billingLineItem entities). Every amount is a decimal
// string and every calculation runs on integer hundredths (decimal-money), so no value
// ever passes through a float: 0.15 × 0.10 is 0.02 here, where a float gives 0.01.

export const BILLING_AMOUNT_LIMITS = {
  /** More hours than a year has: a larger quantity is a typing mistake, not a claim. */
  maxQuantity: '10000.00',
  maxPrice: '1000000.00',
  /** The largest value of a numeric(14, 2) money column. */
  maxAmount: '999999999999.99',
} as const;

/** Longer text is refused as it is before any digit is read. */
const MAX_NUMBER_TEXT = 20;
const DECIMAL_TEXT = /^([+-])?(\d+)(?:\.(\d+))?$/;

export type DecimalProblem = 'required' | 'format' | 'decimals';

/** Reads "7.5", " 7.50 ", "-2" as hundredths; refuses commas, exponents, spaces inside and more than 2 decimals. */
export function readDecimal(text: string): { ok: true; cents: bigint } | { ok: false; problem: DecimalProblem } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'required' };
  const match = trimmed.length <= MAX_NUMBER_TEXT ? DECIMAL_TEXT.exec(trimmed) : null;
  if (!match) return { ok: false, problem: 'format' };
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > 2) return { ok: false, problem: 'decimals' };
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return { ok: true, cents: sign === '-' ? -cents : cents };
}

export type QuantityProblem = DecimalProblem | 'notPositive' | 'tooLarge';
export type PriceProblem = DecimalProblem | 'negative' | 'tooLarge';

/** A line's quantity: more than zero, at most 2 decimals, at most maxQuantity; as "7.50". */
export function readQuantity(text: string): { ok: true; value: string } | { ok: false; problem: QuantityProblem } {
  const read = readDecimal(text);
  if (!read.ok) return read;
  if (read.cents <= 0n) return { ok: false, problem: 'notPositive' };
  if (read.cents > toCents(BILLING_AMOUNT_LIMITS.maxQuantity)) return { ok: false, problem: 'tooLarge' };
  return { ok: true, value: fromCents(read.cents) };
}

/** A line's unit price: zero or more (a free line is allowed), at most 2 decimals, at most maxPrice. */
export function readPrice(text: string): { ok: true; value: string } | { ok: false; problem: PriceProblem } {
  const read = readDecimal(text);
  if (!read.ok) return read;
  if (read.cents < 0n) return { ok: false, problem: 'negative' };
  if (read.cents > toCents(BILLING_AMOUNT_LIMITS.maxPrice)) return { ok: false, problem: 'tooLarge' };
  return { ok: true, value: fromCents(read.cents) };
}

/** A line's amount: quantity × price, rounded half away from zero to cents (0.025 → 0.03). */
export function lineAmount(quantity: string, price: string): string {
  return multiplyMoney(quantity, price);
}

/** A billing's amount: the exact sum of its lines' amounts ("0.00" without lines). */
export function billingAmount(lineAmounts: readonly string[]): string {
  return addMoney('0.00', ...lineAmounts);
}

/** True when an amount fits the money columns (numeric(14, 2)). */
export function fitsMoneyColumn(amount: string): boolean {
  const cents = toCents(amount);
  const max = toCents(BILLING_AMOUNT_LIMITS.maxAmount);
  return cents <= max && cents >= -max;
}
