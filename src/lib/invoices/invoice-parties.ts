// The parties of an invoice: who sells and who buys, as printed and as sent in
// the Factur-X data. A company is its name and address, completed by its own invoice
// details (companyInvoiceDetail without a talent); a talent is the details they keep for
// the company that pays them (companyInvoiceDetail of that talent and company).

export interface PartyAddress {
  street?: string;
  postalCode?: string;
  city?: string;
  region?: string;
  /** ISO 3166-1 alpha-2. */
  country?: string;
}

export interface PartyDetails {
  legalName?: string;
  vatNumber?: string;
  registrationNumber?: string;
  address?: PartyAddress;
  iban?: string;
  bic?: string;
  paymentTermsDays?: number;
}

/** A party as the invoice names it: its name and its details, but for the payment terms (the invoice's own). */
export interface InvoicePartyValue extends Omit<PartyDetails, 'paymentTermsDays'> {
  name: string;
}

const COUNTRY = /^[A-Z]{2}$/;

/** The party from its name and details; the address falls back to the one given (a company's own). */
export function invoicePartyOf(name: string, details: PartyDetails | null | undefined, fallback: { address?: PartyAddress | null; country?: string | null } = {}): InvoicePartyValue {
  const address = { ...(fallback.address ?? {}), ...(details?.address ?? {}) };
  const country = (address.country ?? fallback.country ?? '').trim().toUpperCase();
  const party: InvoicePartyValue = { name: name.trim() || (details?.legalName ?? '').trim() };
  if (details?.legalName?.trim()) party.legalName = details.legalName.trim();
  if (details?.vatNumber?.trim()) party.vatNumber = details.vatNumber.trim();
  if (details?.registrationNumber?.trim()) party.registrationNumber = details.registrationNumber.trim();
  if (details?.iban?.trim()) party.iban = details.iban.replace(/\s+/g, '').toUpperCase();
  if (details?.bic?.trim()) party.bic = details.bic.trim().toUpperCase();
  party.address = { ...address, ...(country ? { country } : {}) };
  return party;
}

/**
 * What an invoice cannot be issued without (EN 16931: the seller's and buyer's names and
 * countries, BT-27/40 and BT-44/55): the missing fields by name, empty when complete.
 */
export function missingPartyFields(party: InvoicePartyValue): Array<'name' | 'country'> {
  const missing: Array<'name' | 'country'> = [];
  if (!party.name && !party.legalName) missing.push('name');
  if (!party.address?.country || !COUNTRY.test(party.address.country)) missing.push('country');
  return missing;
}

/**
 * A talent's details when the company keeps none for them: what their payment profile
 * says (the account holder as legal name, the account, and the IBAN's country, where the
 * talent is paid, as their country). Null without a bank account.
 */
export function talentDetailsFromBankAccount(bank: { accountHolder?: string; iban?: string; bic?: string; country?: string } | null | undefined): PartyDetails | null {
  const iban = bank?.iban?.replace(/\s+/g, '').toUpperCase();
  if (!iban) return null;
  const country = (bank?.country ?? iban.slice(0, 2)).toUpperCase();
  return { legalName: bank?.accountHolder, iban, bic: bank?.bic, address: COUNTRY.test(country) ? { country } : {} };
}
