import { describe, expect, it } from 'vitest';
import { canCreditInvoice, canDeleteInvoice, canMarkInvoicePaid, invoiceTypeCode, unitCodeOf } from '../../../src/lib/invoices/invoice-kinds';
import { formatInvoiceNumber, numberingYear } from '../../../src/lib/invoices/invoice-numbering';
import { invoicePartyOf, missingPartyFields, talentDetailsFromBankAccount } from '../../../src/lib/invoices/invoice-parties';
import { creditTotals, invoiceTotals, isVatRate } from '../../../src/lib/invoices/invoice-totals';

describe('invoice numbers are sequential per issuer and year', () => {
  it('formats the year and a four-digit sequence', () => {
    expect(formatInvoiceNumber(2026, 7)).toBe('INV-2026-0007');
    expect(formatInvoiceNumber(2026, 12345)).toBe('INV-2026-12345');
  });
  it('refuses a sequence that is not a positive whole number', () => {
    expect(() => formatInvoiceNumber(2026, 0)).toThrow();
    expect(() => formatInvoiceNumber(2026, 1.5)).toThrow();
  });
  it('numbers by the UTC year of the issue date', () => {
    expect(numberingYear(new Date('2026-12-31T23:30:00-02:00'))).toBe(2027);
    expect(numberingYear(new Date('2026-12-31T23:30:00Z'))).toBe(2026);
  });
});

describe('invoice totals: VAT on the net total, rounded half away from zero', () => {
  it('adds the lines and the VAT', () => {
    expect(invoiceTotals(['100.00', '23.45'], '20')).toEqual({ net: '123.45', vat: '24.69', gross: '148.14' });
  });
  it('rounds half a cent away from zero', () => {
    expect(invoiceTotals(['0.25'], '10').vat).toBe('0.03');
    expect(invoiceTotals(['-0.25'], '10').vat).toBe('-0.03');
  });
  it('has no VAT at rate 0 and sums nothing to zero', () => {
    expect(invoiceTotals(['10.00'], '0')).toEqual({ net: '10.00', vat: '0.00', gross: '10.00' });
    expect(invoiceTotals([], '20')).toEqual({ net: '0.00', vat: '0.00', gross: '0.00' });
  });
  it('a credit note negates every sum', () => {
    expect(creditTotals({ net: '10.00', vat: '2.00', gross: '12.00' })).toEqual({ net: '-10.00', vat: '-2.00', gross: '-12.00' });
  });
  it('accepts VAT rates from 0 to 100 with two decimals at most', () => {
    for (const rate of ['0', '5.5', '20', '20.00', '100']) expect(isVatRate(rate), rate).toBe(true);
    for (const rate of ['', '-1', '100.01', '5.555', 'abc', '1e2', '1000']) expect(isVatRate(rate), rate).toBe(false);
  });
});

describe('invoice kinds: self-billed invoices and credit notes carry their EN 16931 type', () => {
  it('uses 380, 381, 389 and 261', () => {
    expect(invoiceTypeCode('INVOICE', false)).toBe('380');
    expect(invoiceTypeCode('CREDIT_NOTE', false)).toBe('381');
    expect(invoiceTypeCode('INVOICE', true)).toBe('389');
    expect(invoiceTypeCode('CREDIT_NOTE', true)).toBe('261');
  });
  it('maps rate units to UN/ECE rec 20 codes', () => {
    expect([unitCodeOf('HOUR'), unitCodeOf('DAY'), unitCodeOf('MONTH'), unitCodeOf(null)]).toEqual(['HUR', 'DAY', 'MON', 'C62']);
  });
});

describe('corrections are credit notes, never deletion', () => {
  const issued = { issuedAt: new Date(), kind: 'INVOICE' as const, status: 'UNPAID' as const, creditedBy: null };
  it('deletes only a draft', () => {
    expect(canDeleteInvoice(null)).toBe(true);
    expect(canDeleteInvoice(new Date())).toBe(false);
  });
  it('credits an issued unpaid invoice once, never a draft or a credit note', () => {
    expect(canCreditInvoice(issued)).toBe(true);
    expect(canCreditInvoice({ ...issued, creditedBy: 'x' })).toBe(false);
    expect(canCreditInvoice({ ...issued, issuedAt: null })).toBe(false);
    expect(canCreditInvoice({ ...issued, kind: 'CREDIT_NOTE' })).toBe(false);
    expect(canCreditInvoice({ ...issued, status: 'PAID' })).toBe(false);
  });
  it('marks paid only an issued, unpaid, uncredited invoice', () => {
    expect(canMarkInvoicePaid(issued)).toBe(true);
    expect(canMarkInvoicePaid({ ...issued, status: 'PAID' })).toBe(false);
    expect(canMarkInvoicePaid({ ...issued, issuedAt: null })).toBe(false);
    expect(canMarkInvoicePaid({ ...issued, creditedBy: 'x' })).toBe(false);
    expect(canMarkInvoicePaid({ ...issued, kind: 'CREDIT_NOTE' })).toBe(false);
  });
});

describe('invoice parties: EN 16931 needs each party named with its country', () => {
  it('a party is complete with a name and an ISO country', () => {
    expect(missingPartyFields(invoicePartyOf('Northwind Labs', null, { country: 'gb' }))).toEqual([]);
    expect(missingPartyFields(invoicePartyOf('Northwind Labs', null, {}))).toEqual(['country']);
    expect(missingPartyFields(invoicePartyOf('', null, { country: 'GB' }))).toEqual(['name']);
  });
  it("the company's own details win over its profile address", () => {
    const party = invoicePartyOf('Northwind', { legalName: 'Northwind Labs plc', address: { city: 'London', country: 'GB' } }, { address: { city: 'Leeds', country: 'GB' } });
    expect(party).toMatchObject({ name: 'Northwind', legalName: 'Northwind Labs plc', address: { city: 'London', country: 'GB' } });
  });
  it("a talent without kept details is named from their bank account, the IBAN's country as theirs", () => {
    expect(talentDetailsFromBankAccount({ accountHolder: 'Tara Talent', iban: 'pt50 0002 0123 1234 5678 9015 4' })).toEqual({ legalName: 'Tara Talent', iban: 'PT50000201231234567890154', bic: undefined, address: { country: 'PT' } });
    expect(talentDetailsFromBankAccount({ accountHolder: 'No account' })).toBeNull();
    expect(talentDetailsFromBankAccount(null)).toBeNull();
  });
});
