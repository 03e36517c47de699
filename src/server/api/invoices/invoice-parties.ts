import { and, desc, eq, isNull } from 'drizzle-orm';
import { invoicePartyOf, talentDetailsFromBankAccount, type InvoicePartyValue } from '../../../lib/invoices/invoice-parties';
import { paymentTermsDaysOf } from '../../../lib/invoices/payment-terms';
import { company, companyInvoiceDetail, talentPaymentProfile, type InvoiceDetails } from '../../db/schema';
import type { Writer } from '../../db/client';
import type { InvoiceRow } from './invoice-rows';

// Who sells and who buys on an invoice: a company with the invoice details it keeps, or the
// talent (self-billed) with the details the company keeps for them or their payment profile.
// A draft has no parties; issuing copies them as they are then (invoice-mutations.ts).

/** The invoice details a company keeps for itself (no talent) or for one of its talents. */
export async function invoiceDetailsOf(db: Writer, companyId: string, talentProfileId: string | null): Promise<InvoiceDetails | null> {
  const [row] = await db
    .select({ details: companyInvoiceDetail.details })
    .from(companyInvoiceDetail)
    .where(and(eq(companyInvoiceDetail.companyId, companyId), talentProfileId ? eq(companyInvoiceDetail.talentId, talentProfileId) : isNull(companyInvoiceDetail.talentId)))
    .orderBy(desc(companyInvoiceDetail.updatedAt))
    .limit(1);
  return row?.details ?? null;
}

/** A company as a party of an invoice, with its own invoice details (their payment terms are the invoice's). */
export async function companyParty(db: Writer, companyId: string): Promise<{ party: InvoicePartyValue; details: InvoiceDetails | null }> {
  const [row] = await db.select({ name: company.name, address: company.address, country: company.country }).from(company).where(eq(company.id, companyId));
  const details = await invoiceDetailsOf(db, companyId, null);
  return { party: invoicePartyOf(row?.name ?? '', details, { address: row?.address, country: row?.country }), details };
}

/** Who sells and who buys on an invoice of this company, as they are now, and the seller's payment terms in days. */
export async function partiesOf(tx: Writer, row: InvoiceRow): Promise<{ seller: InvoicePartyValue; buyer: InvoicePartyValue; paymentTermsDays: number }> {
  const issuer = await companyParty(tx, row.issuerCompanyId!);
  if (!row.selfBilled) return { seller: issuer.party, buyer: (await companyParty(tx, row.toCompanyId!)).party, paymentTermsDays: paymentTermsDaysOf(issuer.details) };
  // The details the company keeps for the talent, else what their payment profile says.
  const kept = await invoiceDetailsOf(tx, row.issuerCompanyId!, row.talentProfileId);
  const [payment] = kept || !row.talentProfileId ? [] : await tx.select({ bank: talentPaymentProfile.bankInformation }).from(talentPaymentProfile).where(eq(talentPaymentProfile.talentProfileId, row.talentProfileId)).orderBy(desc(talentPaymentProfile.updatedAt)).limit(1);
  return { seller: invoicePartyOf(row.talentName ?? '', kept ?? talentDetailsFromBankAccount(payment?.bank)), buyer: issuer.party, paymentTermsDays: paymentTermsDaysOf(kept) };
}
