import * as fontkit from 'fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';
import { wrapText } from '../pdf/pdf-text';
import { formatQuantity } from '../billing/billing-format';
import { formatMoney } from '../format/money';
import { formatDate } from '../format/dates';
import { INTL_LOCALES } from '../format/locale';
import type { Translate } from '../i18n/i18n';
import type { Language } from '../i18n/namespaces';
import { embedFacturX } from './factur-x';
import type { InvoiceDocument } from './invoice-document';
import type { InvoicePartyValue } from './invoice-parties';

// The invoice as a person reads it: an A4 PDF drawn with pdf-lib in embedded DejaVu fonts
// (PDF/A allows no font that is not embedded, and DejaVu has the letters of every name our
// users write), then made Factur-X by embedding its EN 16931 data (factur-x.ts).

export interface InvoiceFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const GREY = rgb(0.35, 0.35, 0.35);
const LINE_HEIGHT = 13;

function partyLines(party: InvoicePartyValue, t: Translate): string[] {
  const address = party.address ?? {};
  return [
    party.legalName && party.legalName !== party.name ? `${party.name} (${party.legalName})` : party.name,
    address.street,
    [address.postalCode, address.city].filter(Boolean).join(' '),
    [address.region, address.country].filter(Boolean).join(', '),
    party.vatNumber && t('invoices.pdf.vatNumber', { number: party.vatNumber }),
    party.registrationNumber && t('invoices.pdf.registrationNumber', { number: party.registrationNumber }),
  ].filter((line): line is string => Boolean(line));
}

/** The drawn PDF, before its e-invoice data is embedded. */
export async function drawInvoicePdf(document: InvoiceDocument, fonts: InvoiceFonts, t: Translate, language: Language): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const regular = await pdf.embedFont(fonts.regular, { subset: true });
  const bold = await pdf.embedFont(fonts.bold, { subset: true });
  const title = t(`invoices.pdf.titles.${document.kind}${document.selfBilled ? '_SELF_BILLED' : ''}`);
  pdf.setTitle(`${title} ${document.number}`);
  pdf.setAuthor(document.seller.name);
  pdf.setLanguage(INTL_LOCALES[language]);
  const money = (amount: string) => formatMoney(amount, document.currency, language);

  let page: PDFPage = pdf.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const text = (value: string, x: number, options: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; right?: boolean } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const drawX = options.right ? x - font.widthOfTextAtSize(value, size) : x;
    page.drawText(value, { x: drawX, y, font, size, color: options.color ?? rgb(0, 0, 0) });
  };
  /** Draws one line of text and moves down to the next. */
  const writeLine = (value: string, x: number, options: Parameters<typeof text>[2] = {}) => {
    text(value, x, options);
    y -= LINE_HEIGHT;
  };
  const newPageIfBelow = (needed: number) => {
    if (y - needed >= MARGIN) return;
    page = pdf.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
  };

  text(title, MARGIN, { font: bold, size: 18 });
  text(document.number, A4.width - MARGIN, { font: bold, size: 12, right: true });
  y -= 22;
  text(t('invoices.pdf.issued', { date: formatDate(document.issueDate, language) }), MARGIN, { color: GREY });
  if (document.dueDate) text(t('invoices.pdf.due', { date: formatDate(document.dueDate, language) }), A4.width - MARGIN, { color: GREY, right: true });
  y -= 28;

  const column = (A4.width - 2 * MARGIN) / 2;
  const top = y;
  text(t('invoices.pdf.seller'), MARGIN, { font: bold });
  y -= LINE_HEIGHT;
  for (const line of partyLines(document.seller, t)) for (const part of wrapText(line, regular, 10, column - 10)) writeLine(part, MARGIN);
  const sellerBottom = y;
  y = top;
  text(t('invoices.pdf.buyer'), MARGIN + column, { font: bold });
  y -= LINE_HEIGHT;
  for (const line of partyLines(document.buyer, t)) for (const part of wrapText(line, regular, 10, column - 10)) writeLine(part, MARGIN + column);
  y = Math.min(y, sellerBottom) - 12;

  const references = [
    document.period && t('invoices.pdf.period', { start: formatDate(document.period.start, language), end: formatDate(document.period.end, language) }),
    document.purchaseOrderNumber && t('invoices.pdf.purchaseOrder', { number: document.purchaseOrderNumber }),
    document.credited && t('invoices.pdf.credits', { number: document.credited.number, date: formatDate(document.credited.issueDate, language) }),
  ].filter((line): line is string => Boolean(line));
  for (const line of references) writeLine(line, MARGIN);
  if (document.selfBilled) {
    for (const part of wrapText(t('invoices.selfBillingMention'), bold, 10, A4.width - 2 * MARGIN)) writeLine(part, MARGIN, { font: bold });
  }
  y -= 10;

  // Lines: description, quantity and unit, price, amount.
  const columns = { quantity: A4.width - MARGIN - 230, price: A4.width - MARGIN - 100, amount: A4.width - MARGIN };
  const descriptionWidth = columns.quantity - MARGIN - 70;
  const header = () => {
    text(t('invoices.pdf.description'), MARGIN, { font: bold });
    text(t('invoices.pdf.quantity'), columns.quantity, { font: bold, right: true });
    text(t('invoices.pdf.price'), columns.price, { font: bold, right: true });
    text(t('invoices.pdf.amount'), columns.amount, { font: bold, right: true });
    y -= 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, thickness: 0.5, color: GREY });
    y -= LINE_HEIGHT;
  };
  header();
  for (const line of document.lines) {
    const parts = wrapText(line.description, regular, 10, descriptionWidth);
    if (y - parts.length * LINE_HEIGHT < MARGIN) {
      newPageIfBelow(A4.height);
      header();
    }
    text(`${formatQuantity(line.quantity, language)} ${t(`invoices.pdf.units.${line.unitCode}`, { defaultValue: line.unitCode })}`, columns.quantity, { right: true });
    text(money(line.price), columns.price, { right: true });
    text(money(line.amount), columns.amount, { right: true });
    for (const part of parts) writeLine(part, MARGIN);
    y -= 4;
  }
  newPageIfBelow(120);
  page.drawLine({ start: { x: columns.quantity - 40, y: y + 8 }, end: { x: A4.width - MARGIN, y: y + 8 }, thickness: 0.5, color: GREY });
  const total = (label: string, amount: string, font = regular) => {
    text(label, columns.price, { font, right: true });
    text(money(amount), columns.amount, { font, right: true });
    y -= LINE_HEIGHT + 2;
  };
  total(t('invoices.pdf.net'), document.netTotal);
  total(t('invoices.pdf.vat', { rate: document.vatRate }), document.vatTotal);
  total(t('invoices.pdf.total'), document.total, bold);
  y -= 8;
  if (Number(document.vatRate) === 0 && document.vatExemptionReason) writeLine(t('invoices.pdf.vatExempt', { reason: document.vatExemptionReason }), MARGIN);
  if (document.seller.iban) {
    newPageIfBelow(40);
    writeLine(t('invoices.pdf.payTo', { iban: document.seller.iban, bic: document.seller.bic ?? '' }).trim(), MARGIN);
  }
  for (const part of document.note ? wrapText(document.note, regular, 10, A4.width - 2 * MARGIN) : []) {
    newPageIfBelow(LINE_HEIGHT);
    writeLine(part, MARGIN, { color: GREY });
  }
  return pdf.save();
}

/** The invoice's PDF with its Factur-X data: what a company downloads and sends. */
export async function renderInvoicePdf(document: InvoiceDocument, fonts: InvoiceFonts, t: Translate, language: Language): Promise<Uint8Array> {
  return embedFacturX(await drawInvoicePdf(document, fonts, t, language), document);
}
