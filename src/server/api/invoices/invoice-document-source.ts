import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { InvoiceDocumentSource } from '../../../lib/invoices/invoicing-pages';
import type { AppDatabase } from '../../db/client';
import { invoice } from '../../db/schema';
import { creditedInvoiceOf, invoiceFigures, invoicePeriod, NO_COMPANY, selectInvoices, type InvoiceRow } from './invoice-rows';

// An invoice's PDF source made from its stored row, for what draws PDFs without a page (the
// personal data archive). It answers what the Invoice type answers for the same fields
// (invoice-types.ts), from the same figures, period and credited invoice (invoice-rows.ts); an
// integration test draws both and compares the documents.

/** The source of an invoice's PDF, as the Invoice type would answer its fields. */
export function invoiceDocumentSourceOf(row: InvoiceRow): InvoiceDocumentSource {
  const party = (value: InvoiceRow['seller']) =>
    value
      ? {
          name: value.name,
          legalName: value.legalName ?? null,
          vatNumber: value.vatNumber ?? null,
          registrationNumber: value.registrationNumber ?? null,
          iban: value.iban ?? null,
          bic: value.bic ?? null,
          address: value.address
            ? { street: value.address.street ?? null, postalCode: value.address.postalCode ?? null, city: value.address.city ?? null, region: value.address.region ?? null, country: value.address.country ?? null }
            : null,
        }
      : null;
  const credited = creditedInvoiceOf(row);
  return {
    number: row.number,
    kind: row.kind,
    selfBilled: row.selfBilled,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    dueDate: row.dueDate,
    currency: row.currency,
    seller: party(row.seller),
    buyer: party(row.buyer),
    lines: row.lines.map((line) => ({ description: line.description, quantity: line.quantity, unitCode: line.unitCode, price: line.price, amount: line.amount })),
    ...invoiceFigures(row),
    total: row.total,
    vatExemptionReason: row.invoiceDetails.vatExemptionReason ?? null,
    purchaseOrderNumber: row.purchaseOrderNumber,
    period: invoicePeriod(row),
    creditedInvoice: credited ? { ...credited, issuedAt: credited.issuedAt?.toISOString() ?? null } : null,
    note: row.description,
    status: row.status,
  };
}

/** The issued self-billed invoices and credit notes in these talent profiles' names: the copies self-billing owes them (myInvoice reads one of them). */
export const talentsInvoiceCopies = (talentProfileIds: readonly string[]) =>
  and(inArray(invoice.talentProfileId, [...talentProfileIds]), eq(invoice.selfBilled, true), isNotNull(invoice.issuedAt), isNull(invoice.deletedAt))!;

/** Every copy of talentsInvoiceCopies, oldest issued first. */
export async function issuedSelfBilledInvoices(db: AppDatabase, talentProfileIds: readonly string[]): Promise<InvoiceRow[]> {
  if (talentProfileIds.length === 0) return [];
  const rows = await selectInvoices(db, NO_COMPANY).where(talentsInvoiceCopies(talentProfileIds)).orderBy(invoice.issuedAt, invoice.id);
  return rows as InvoiceRow[];
}
