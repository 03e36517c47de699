// Invoice numbers: one gapless sequence per issuing company and calendar year
// (UTC), given only when an invoice is issued. Credit notes share the sequence, so the
// issuer's numbers for a year never skip one, whatever kind each document is.

export const INVOICE_NUMBER_PREFIX = 'INV';

/** 2026, 7 → "INV-2026-0007"; wider sequences keep all their digits. */
export function formatInvoiceNumber(year: number, sequence: number): string {
  if (!Number.isInteger(year) || !Number.isInteger(sequence) || sequence < 1) throw new Error(`Not an invoice sequence: ${year}/${sequence}`);
  return `${INVOICE_NUMBER_PREFIX}-${year}-${String(sequence).padStart(4, '0')}`;
}

/** The numbering year of an issue date: its UTC year, like every day the product stores. */
export function numberingYear(issuedAt: Date): number {
  return issuedAt.getUTCFullYear();
}
