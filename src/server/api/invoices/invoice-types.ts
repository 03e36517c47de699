import { canCreditInvoice, canDeleteInvoice, canMarkInvoicePaid, INVOICE_KINDS, INVOICE_STATUSES } from '../../../lib/invoices/invoice-kinds';
import type { InvoiceLineValue } from '../../../lib/invoices/invoice-document';
import type { InvoicePartyValue } from '../../../lib/invoices/invoice-parties';
import { builder } from '../builder';
import { concernsCaller } from '../auth/company-access';
import type { ApiContext } from '../context';
import { cappedPageOf } from '../pagination';
import { creditedInvoiceOf, invoiceFigures, invoicePeriod, type InvoiceRow } from './invoice-rows';

// The GraphQL types of an invoice or credit note: its lines, its parties as issued, and
// what the selected company may do with it (separation of duties decides that here too).

export const InvoiceKindEnum = builder.enumType('InvoiceKind', { values: INVOICE_KINDS });
export const InvoiceStatusEnum = builder.enumType('InvoiceStatus', { description: 'Whether it was paid (the invoice states)', values: INVOICE_STATUSES });

const InvoiceLineRef = builder.objectRef<InvoiceLineValue>('InvoiceLine').implement({
  fields: (t) => ({
    description: t.exposeString('description'),
    quantity: t.field({ type: 'Decimal', resolve: (row) => row.quantity }),
    unitCode: t.exposeString('unitCode', { description: 'UN/ECE rec 20: HUR, DAY, MON or C62' }),
    price: t.field({ type: 'Decimal', resolve: (row) => row.price }),
    amount: t.field({ type: 'Decimal', resolve: (row) => row.amount }),
  }),
});

const InvoiceAddressRef = builder.objectRef<NonNullable<InvoicePartyValue['address']>>('InvoiceAddress').implement({
  fields: (t) => ({
    street: t.string({ nullable: true, resolve: (row) => row.street ?? null }),
    postalCode: t.string({ nullable: true, resolve: (row) => row.postalCode ?? null }),
    city: t.string({ nullable: true, resolve: (row) => row.city ?? null }),
    region: t.string({ nullable: true, resolve: (row) => row.region ?? null }),
    country: t.string({ nullable: true, resolve: (row) => row.country ?? null }),
  }),
});

const InvoicePartyRef = builder.objectRef<InvoicePartyValue>('InvoiceParty').implement({
  description: 'A party as it was when the invoice was issued',
  fields: (t) => ({
    name: t.exposeString('name'),
    legalName: t.string({ nullable: true, resolve: (row) => row.legalName ?? null }),
    vatNumber: t.string({ nullable: true, resolve: (row) => row.vatNumber ?? null }),
    registrationNumber: t.string({ nullable: true, resolve: (row) => row.registrationNumber ?? null }),
    address: t.field({ type: InvoiceAddressRef, nullable: true, resolve: (row) => row.address ?? null }),
    iban: t.string({ nullable: true, resolve: (row) => row.iban ?? null }),
    bic: t.string({ nullable: true, resolve: (row) => row.bic ?? null }),
  }),
});

/** The selected company issues it, and it is not for the caller's own work (separation of duties). */
const mayActOn = (context: ApiContext, row: InvoiceRow) => row.viewerIsIssuer && !concernsCaller(context, row.talentUserId);

export const Invoice = builder.objectRef<InvoiceRow>('Invoice');
Invoice.implement({
  description: 'An invoice or credit note the selected company issues, or one addressed to it',
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.field({ type: InvoiceKindEnum, resolve: (row) => row.kind }),
    selfBilled: t.exposeBoolean('selfBilled', { description: 'Issued by the buyer in the seller\'s (the talent\'s) name' }),
    number: t.exposeString('number', { nullable: true, description: 'Given when issued; null for a draft' }),
    issuedAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.issuedAt }),
    dueDate: t.exposeString('dueDate', { nullable: true, description: 'yyyy-mm-dd' }),
    currency: t.exposeString('currency'),
    netTotal: t.field({ type: 'Decimal', resolve: (row) => invoiceFigures(row).netTotal }),
    vatRate: t.field({ type: 'Decimal', resolve: (row) => invoiceFigures(row).vatRate }),
    vatTotal: t.field({ type: 'Decimal', resolve: (row) => invoiceFigures(row).vatTotal }),
    total: t.field({ type: 'Decimal', description: 'Net plus VAT; negative on a credit note', resolve: (row) => row.total }),
    vatExemptionReason: t.string({ nullable: true, resolve: (row) => row.invoiceDetails.vatExemptionReason ?? null }),
    note: t.exposeString('description', { nullable: true }),
    lines: t.field({ type: [InvoiceLineRef], resolve: (row) => row.lines }),
    seller: t.field({ type: InvoicePartyRef, nullable: true, description: 'Null on a draft: copied when issued', resolve: (row) => row.seller }),
    buyer: t.field({ type: InvoicePartyRef, nullable: true, resolve: (row) => row.buyer }),
    status: t.field({ type: InvoiceStatusEnum, resolve: (row) => row.status }),
    paidAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.paidAt }),
    paidByName: t.exposeString('paidByName', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    talentName: t.exposeString('talentName', { nullable: true }),
    fromName: t.string({ nullable: true, description: 'The seller: a company, or the talent when self-billed', resolve: (row) => row.fromName ?? (row.selfBilled ? row.talentName : null) }),
    toName: t.exposeString('toName', { nullable: true }),
    billingId: t.exposeID('billingId', { nullable: true }),
    period: t.string({ nullable: true, description: 'yyyy-mm: the month billed', resolve: invoicePeriod }),
    purchaseOrderNumber: t.exposeString('purchaseOrderNumber', { nullable: true }),
    creditedInvoice: t.field({
      type: builder.objectRef<{ id: string; number: string | null; issuedAt: Date | null }>('CreditedInvoice').implement({
        fields: (f) => ({ id: f.exposeID('id'), number: f.exposeString('number', { nullable: true }), issuedAt: f.field({ type: 'DateTime', nullable: true, resolve: (row) => row.issuedAt }) }),
      }),
      nullable: true,
      description: 'What a credit note cancels',
      resolve: creditedInvoiceOf,
    }),
    creditedById: t.exposeID('creditedById', { nullable: true, description: 'The credit note that cancels this invoice' }),
    isIssuer: t.boolean({ description: 'The selected company issues it (and may act on it)', resolve: (row) => row.viewerIsIssuer }),
    concernsYou: t.boolean({
      description: "The invoice is for your own work (or, while impersonating, the impersonator's): separation of duties leaves every action on it to another member",
      resolve: (row, _args, context) => concernsCaller(context, row.talentUserId),
    }),
    canIssue: t.boolean({ resolve: (row, _args, context) => mayActOn(context, row) && row.issuedAt === null }),
    canDelete: t.boolean({ resolve: (row, _args, context) => mayActOn(context, row) && canDeleteInvoice(row.issuedAt) }),
    canMarkPaid: t.boolean({ resolve: (row, _args, context) => mayActOn(context, row) && canMarkInvoicePaid({ ...row, creditedBy: row.creditedById }) }),
    canCredit: t.boolean({ resolve: (row, _args, context) => mayActOn(context, row) && canCreditInvoice({ ...row, creditedBy: row.creditedById }) }),
  }),
});

/** A text searched is counted up to this many invoices (a year or a common first name may match most of a company's). */
export const INVOICE_SEARCH_COUNT_CAP = 1_000;

export const InvoicePage = cappedPageOf(Invoice, 'Invoice', INVOICE_SEARCH_COUNT_CAP, 'with a text searched (q)');
