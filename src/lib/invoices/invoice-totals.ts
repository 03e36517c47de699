import { addMoney, fromCents, negateMoney, toCents } from '../money/decimal-money';

// The sums of an invoice: net (the lines), VAT at one rate for the whole invoice, gross.
// VAT is computed on the net total, not per line, and rounded half away from zero to the
// cent (EN 16931 BR-CO-17 wants the category's VAT = taxable amount × rate, rounded).

/** A VAT rate in percent with at most two decimals, 0 to 100. */
const RATE_PATTERN = /^\d{1,3}(?:\.\d{1,2})?$/;

export function isVatRate(text: string): boolean {
  if (!RATE_PATTERN.test(text)) return false;
  return toCents(text) <= 10_000n;
}

export interface InvoiceTotals {
  net: string;
  vat: string;
  gross: string;
}

export function invoiceTotals(lineAmounts: readonly string[], vatRate: string): InvoiceTotals {
  const net = lineAmounts.length ? addMoney(...lineAmounts) : '0.00';
  // cents × (rate × 100) / 10 000, rounded half away from zero.
  const product = toCents(net) * toCents(vatRate);
  const negative = product < 0n;
  const absolute = negative ? -product : product;
  const rounded = (absolute + 5_000n) / 10_000n;
  const vat = fromCents(negative ? -rounded : rounded);
  return { net, vat, gross: addMoney(net, vat) };
}

/** A credit note's sums: the credited invoice's, negated. */
export function creditTotals(totals: InvoiceTotals): InvoiceTotals {
  return { net: negateMoney(totals.net), vat: negateMoney(totals.vat), gross: negateMoney(totals.gross) };
}
