// What kind of document an invoice is, and how EN 16931 names it (UNTDID 1001 codes):
// an invoice 380, a credit note 381; issued by the buyer in the seller's name under a
// billing mandate (self-billing), 389 and 261.

export const INVOICE_KINDS = ['INVOICE', 'CREDIT_NOTE'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** Whether an invoice was paid, in the order of the database enum built from it (a reorder would be a migration). */
export const INVOICE_STATUSES = ['PAID', 'UNPAID'] as const;
export type InvoicePaymentStatus = (typeof INVOICE_STATUSES)[number];

export function invoiceTypeCode(kind: InvoiceKind, selfBilled: boolean): '380' | '381' | '389' | '261' {
  if (kind === 'CREDIT_NOTE') return selfBilled ? '261' : '381';
  return selfBilled ? '389' : '380';
}

/** Sent as a self-billed document's note in its Factur-X data, in English, as the seeds store it; the page and the PDF say it in their language (invoices.selfBillingMention). */
export const SELF_BILLING_MENTION = 'Self-billing: issued by the buyer in the name and on behalf of the seller';

/** A draft has no number and may be deleted; once issued, only a credit note corrects it. */
export function canDeleteInvoice(issuedAt: Date | string | null): boolean {
  return issuedAt === null;
}

/** Only an issued, unpaid invoice that no credit note cancelled is marked paid. */
export function canMarkInvoicePaid(invoice: { issuedAt: Date | string | null; kind: InvoiceKind; status: InvoicePaymentStatus; creditedBy: string | null }): boolean {
  return invoice.issuedAt !== null && invoice.kind === 'INVOICE' && invoice.status === 'UNPAID' && invoice.creditedBy === null;
}

/** An issued, unpaid invoice that no credit note has cancelled yet may be credited, once. */
export function canCreditInvoice(invoice: { issuedAt: Date | string | null; kind: InvoiceKind; status: InvoicePaymentStatus; creditedBy: string | null }): boolean {
  return invoice.issuedAt !== null && invoice.kind === 'INVOICE' && invoice.status === 'UNPAID' && invoice.creditedBy === null;
}

/** UN/ECE recommendation 20 unit of a billing line's rate unit (C62, "one", without a unit). */
export function unitCodeOf(unit: 'HOUR' | 'DAY' | 'MONTH' | null): string {
  return unit === 'HOUR' ? 'HUR' : unit === 'DAY' ? 'DAY' : unit === 'MONTH' ? 'MON' : 'C62';
}

/**
 * An approved billing is invoiced once: an invoice may be prepared for it while it is
 * APPROVED, or INVOICED with its invoice cancelled by a credit note, and no draft or
 * invoice of it is still standing.
 */
export function canPrepareInvoice(billingStatus: string, hasStandingInvoice: boolean): boolean {
  return (billingStatus === 'APPROVED' || billingStatus === 'INVOICED') && !hasStandingInvoice;
}
