import type { InvoiceDetails, InvoiceParty } from '../schema';
import type { SeededAccounts } from './accounts';
import type { SeededCompany } from './companies';

// The invoice details of the parties on the demo invoices: the talent (self-billed), the
// client and the provider, and a party as an issued invoice keeps it.

export function talentDetails(accounts: SeededAccounts): InvoiceDetails {
  return {
    legalName: accounts.talent.name,
    vatNumber: 'PT245678901',
    address: { street: 'Rua da Rosa 45', postalCode: '1200-385', city: 'Lisbon', country: 'PT' },
    paymentTermsDays: 30,
  };
}

export function clientDetails(client: SeededCompany): InvoiceDetails {
  const { definition } = client;
  return {
    legalName: `${definition.name} plc`,
    address: { street: definition.street, postalCode: definition.postalCode, city: definition.city, country: definition.country },
  };
}

export function partyOf(name: string, details: InvoiceDetails): InvoiceParty {
  return { name, legalName: details.legalName, vatNumber: details.vatNumber, registrationNumber: details.registrationNumber, address: details.address, iban: details.iban, bic: details.bic };
}

export function providerDetails(provider: SeededCompany): InvoiceDetails {
  const { definition } = provider;
  return {
    legalName: `${definition.name} Ltd`,
    vatNumber: 'GB123456789',
    registrationNumber: '09876543',
    address: { street: definition.street, postalCode: definition.postalCode, city: definition.city, country: definition.country },
    paymentTermsDays: 30,
  };
}
