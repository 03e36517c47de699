import { InvoiceService, type Invoice } from '@e-invoice-eu/core';
import type { InvoiceDocument } from './invoice-document';
import { invoiceTypeCode, SELF_BILLING_MENTION } from './invoice-kinds';
import type { InvoicePartyValue } from './invoice-parties';

// The EN 16931 data of an invoice, embedded in its PDF as Factur-X (profile EN 16931,
// CII syntax) by @e-invoice-eu/core, which also makes the PDF a PDF/A-3. The library
// takes the semantic model in its UBL-shaped JSON; it writes the CII itself.

export const FACTUR_X_FORMAT = 'Factur-X-EN16931';
/** The file name Factur-X gives the embedded data. */
export const FACTUR_X_FILENAME = 'factur-x.xml';

type Currency = Invoice['ubl:Invoice']['cbc:DocumentCurrencyCode'];
type Country = Invoice['ubl:Invoice']['cac:AccountingSupplierParty']['cac:Party']['cac:PostalAddress']['cac:Country']['cbc:IdentificationCode'];

function postalAddress(party: InvoicePartyValue) {
  const address = party.address ?? {};
  return {
    ...(address.street ? { 'cbc:StreetName': address.street } : {}),
    ...(address.city ? { 'cbc:CityName': address.city } : {}),
    ...(address.postalCode ? { 'cbc:PostalZone': address.postalCode } : {}),
    ...(address.region ? { 'cbc:CountrySubentity': address.region } : {}),
    'cac:Country': { 'cbc:IdentificationCode': (address.country ?? '') as Country },
  };
}

function legalEntity(party: InvoicePartyValue) {
  return {
    'cbc:RegistrationName': party.legalName ?? party.name,
    ...(party.registrationNumber ? { 'cbc:CompanyID': party.registrationNumber } : {}),
  };
}

/** The invoice in the library's model: what EN 16931 asks of our invoices, nothing invented. */
export function facturXInvoice(document: InvoiceDocument): Invoice {
  const currency = document.currency as Currency;
  const money = (name: string, value: string) => ({ [`cbc:${name}`]: value, [`cbc:${name}@currencyID`]: currency });
  const exempt = Number(document.vatRate) === 0;
  const category = exempt ? 'E' : 'S';
  const notes = [...(document.selfBilled ? [SELF_BILLING_MENTION] : []), ...(document.note ? [document.note] : [])];
  const seller = document.seller;
  const buyer = document.buyer;
  const invoice = {
    'ubl:Invoice': {
      'cbc:CustomizationID': 'urn:cen.eu:en16931:2017',
      'cbc:ID': document.number,
      'cbc:IssueDate': document.issueDate,
      ...(document.dueDate ? { 'cbc:DueDate': document.dueDate } : {}),
      'cbc:InvoiceTypeCode': invoiceTypeCode(document.kind, document.selfBilled),
      ...(notes.length ? { 'cbc:Note': notes } : {}),
      'cbc:DocumentCurrencyCode': currency,
      ...(document.period ? { 'cac:InvoicePeriod': { 'cbc:StartDate': document.period.start, 'cbc:EndDate': document.period.end } } : {}),
      ...(document.purchaseOrderNumber ? { 'cac:OrderReference': { 'cbc:ID': document.purchaseOrderNumber } } : {}),
      ...(document.credited ? { 'cac:BillingReference': [{ 'cac:InvoiceDocumentReference': { 'cbc:ID': document.credited.number, 'cbc:IssueDate': document.credited.issueDate } }] } : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cac:PartyName': { 'cbc:Name': seller.name },
          'cac:PostalAddress': postalAddress(seller),
          ...(seller.vatNumber ? { 'cac:PartyTaxScheme': [{ 'cbc:CompanyID': seller.vatNumber, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }] } : {}),
          'cac:PartyLegalEntity': legalEntity(seller),
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          'cac:PartyName': { 'cbc:Name': buyer.name },
          'cac:PostalAddress': postalAddress(buyer),
          ...(buyer.vatNumber ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': buyer.vatNumber, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } } : {}),
          'cac:PartyLegalEntity': legalEntity(buyer),
        },
      },
      // The work was delivered over the month billed; CII needs the delivery block.
      'cac:Delivery': document.period ? { 'cbc:ActualDeliveryDate': document.period.end } : {},
      // 58: SEPA credit transfer, to the seller's account when it is known.
      ...(seller.iban ? { 'cac:PaymentMeans': [{ 'cbc:PaymentMeansCode': '58', 'cbc:PaymentID': document.number, 'cac:PayeeFinancialAccount': { 'cbc:ID': seller.iban } }] } : {}),
      'cac:TaxTotal': [
        {
          ...money('TaxAmount', document.vatTotal),
          'cac:TaxSubtotal': [
            {
              ...money('TaxableAmount', document.netTotal),
              ...money('TaxAmount', document.vatTotal),
              'cac:TaxCategory': {
                'cbc:ID': category,
                'cbc:Percent': document.vatRate,
                ...(exempt ? { 'cbc:TaxExemptionReason': document.vatExemptionReason ?? 'Exempt from VAT' } : {}),
                'cac:TaxScheme': { 'cbc:ID': 'VAT' },
              },
            },
          ],
        },
      ],
      'cac:LegalMonetaryTotal': {
        ...money('LineExtensionAmount', document.netTotal),
        ...money('TaxExclusiveAmount', document.netTotal),
        ...money('TaxInclusiveAmount', document.total),
        ...money('PayableAmount', document.total),
      },
      'cac:InvoiceLine': document.lines.map((line, index) => ({
        'cbc:ID': String(index + 1),
        'cbc:InvoicedQuantity': line.quantity,
        'cbc:InvoicedQuantity@unitCode': line.unitCode,
        ...money('LineExtensionAmount', line.amount),
        'cac:Item': {
          'cbc:Name': line.description || `Line ${index + 1}`,
          'cac:ClassifiedTaxCategory': { 'cbc:ID': category, 'cbc:Percent': document.vatRate, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
        },
        'cac:Price': money('PriceAmount', line.price),
      })),
    },
  };
  return invoice as unknown as Invoice;
}

const quietLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** The PDF with the invoice's Factur-X data embedded, as a PDF/A-3 file. */
export async function embedFacturX(pdf: Uint8Array, document: InvoiceDocument): Promise<Uint8Array> {
  const service = new InvoiceService(quietLogger);
  const result = await service.generate(facturXInvoice(document), {
    format: FACTUR_X_FORMAT,
    lang: 'en',
    pdf: { buffer: pdf, filename: `${document.number}.pdf`, mimetype: 'application/pdf' },
  });
  return typeof result === 'string' ? new TextEncoder().encode(result) : result;
}
