// When an invoice falls due (EN 16931 BT-9): its payment terms after the day it is issued,
// never a date carried over from the billing, which belongs to the month worked and may be
// long past by the time the invoice is issued. The terms are the seller's: the company's
// own invoice details for its sales invoice, the details it keeps with the talent for a
// self-billed one (`paymentTermsDays`). The spec sets no terms, so without them the default
// is the one EU law gives a commercial invoice whose contract names no period: 30 days from
// its receipt (Late Payment Directive 2011/7/EU, article 3(3)(b)).

/** Days an invoice is payable in when the seller's invoice details name no terms. */
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;

/** The longest terms taken from invoice details; anything else falls back to the default. */
const MAX_PAYMENT_TERMS_DAYS = 365;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The seller's terms in days: a whole number from 0 to 365, else the default. */
export function paymentTermsDaysOf(details: { paymentTermsDays?: unknown } | null | undefined): number {
  const days = details?.paymentTermsDays;
  return typeof days === 'number' && Number.isInteger(days) && days >= 0 && days <= MAX_PAYMENT_TERMS_DAYS ? days : DEFAULT_PAYMENT_TERMS_DAYS;
}

/** The due date (yyyy-mm-dd) of an invoice issued at `issuedAt`: its issue day (UTC, as the invoice prints it) plus the terms. */
export function invoiceDueDate(issuedAt: Date, termsDays: number): string {
  const issueDay = Date.UTC(issuedAt.getUTCFullYear(), issuedAt.getUTCMonth(), issuedAt.getUTCDate());
  return new Date(issueDay + termsDays * DAY_MS).toISOString().slice(0, 10);
}
