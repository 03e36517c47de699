import { FormatFactoryService, InvoiceService, type EInvoiceFormat, type Invoice, type Logger } from '@e-invoice-eu/core';
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
      // One note: the library writes several as one IncludedNote with several contents, which the EN 16931 profile refuses.
      ...(notes.length ? { 'cbc:Note': [notes.join('\n')] } : {}),
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

type CiiNode = Record<string, unknown>;

/** What follows the purchase order reference in the CII header trade agreement (the Factur-X XSD's order). */
const AFTER_BUYER_ORDER = ['ram:ContractReferencedDocument', 'ram:AdditionalReferencedDocument', 'ram:SpecifiedProcuringProject'];

/**
 * The CII data with the purchase order reference (EN 16931 BT-13,
 * BuyerOrderReferencedDocument/IssuerAssignedID) in its place in the header trade
 * agreement, unless it is there already.
 */
export function withBuyerOrderReference(cii: CiiNode, orderId: string): CiiNode {
  const transaction = (cii['rsm:CrossIndustryInvoice'] as CiiNode | undefined)?.['rsm:SupplyChainTradeTransaction'] as CiiNode | undefined;
  const agreement = transaction?.['ram:ApplicableHeaderTradeAgreement'] as CiiNode | undefined;
  if (!transaction || !agreement || 'ram:BuyerOrderReferencedDocument' in agreement) return cii;
  const entries = Object.entries(agreement);
  const at = entries.findIndex(([key]) => AFTER_BUYER_ORDER.includes(key));
  entries.splice(at < 0 ? entries.length : at, 0, ['ram:BuyerOrderReferencedDocument', { 'ram:IssuerAssignedID': orderId }]);
  transaction['ram:ApplicableHeaderTradeAgreement'] = Object.fromEntries(entries);
  return cii;
}

/**
 * The library's formats, except that its Factur-X EN 16931 keeps the purchase order
 * number: @e-invoice-eu/core 2.3 maps cac:OrderReference/cbc:ID to
 * BuyerOrderReferencedDocument in its EXTENDED profile only, though BT-13 belongs to
 * EN 16931 (and its Factur-X XSD declares it). The number is read from the invoice handed
 * to the format and put in the CII data as it is rendered.
 */
class PurchaseOrderFormats extends FormatFactoryService {
  override createFormatService(format: string, logger: Logger): EInvoiceFormat {
    const formatter = super.createFormatService(format, logger) as EInvoiceFormat & { renderXML?: (data: object) => string };
    const render = formatter.renderXML?.bind(formatter);
    if (!render) throw new Error('@e-invoice-eu/core: its formats no longer render through renderXML; the purchase order number (BT-13) would be lost');
    const generate = formatter.generate.bind(formatter);
    let orderId: string | null = null;
    formatter.generate = (invoice, options) => {
      orderId = invoice['ubl:Invoice']['cac:OrderReference']?.['cbc:ID'] ?? null;
      return generate(invoice, options);
    };
    formatter.renderXML = (data) => render(orderId ? withBuyerOrderReference(data as CiiNode, orderId) : data);
    return formatter;
  }
}

/** The library's invoice service, with the formats above. */
function invoiceService(): InvoiceService {
  const service = new InvoiceService(quietLogger);
  // The service keeps its format factory in a private field, set in its constructor.
  if (!Reflect.has(service, 'formatFactoryService')) throw new Error('@e-invoice-eu/core: InvoiceService no longer keeps its formatFactoryService');
  Reflect.set(service, 'formatFactoryService', new PurchaseOrderFormats());
  return service;
}

/** The PDF with the invoice's Factur-X data embedded, as a PDF/A-3 file. */
export async function embedFacturX(pdf: Uint8Array, document: InvoiceDocument): Promise<Uint8Array> {
  const service = invoiceService();
  const result = await service.generate(facturXInvoice(document), {
    format: FACTUR_X_FORMAT,
    lang: 'en',
    pdf: { buffer: pdf, filename: `${document.number}.pdf`, mimetype: 'application/pdf' },
  });
  return typeof result === 'string' ? new TextEncoder().encode(result) : result;
}
