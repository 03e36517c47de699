import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { currency, currencyCheck, deletedAt, id, money, timestamps, timestamptz } from './columns';
import { company, type InvoiceDetails } from './companies';
import { balanceTransactionType, billingStatus, invoiceStatus, rateUnit } from './enums';
import { jobAssignment } from './jobs';
import { companyTalentRoster, talentProfile } from './talents';
import { user } from './users';

// The shapes of an issued invoice's lines and parties are the invoice rules' own.
export type { InvoiceLineValue as InvoiceLine } from '../../../lib/invoices/invoice-document';
export type { InvoicePartyValue as InvoiceParty } from '../../../lib/invoices/invoice-parties';
import type { InvoiceLineValue as InvoiceLine } from '../../../lib/invoices/invoice-document';
import type { InvoicePartyValue as InvoiceParty } from '../../../lib/invoices/invoice-parties';

export interface Attachment {
  url: string;
  name: string;
  contentType?: string;
  size?: number;
}

// Money rows are history: their parents are soft-deleted, never removed from under them
// (ON DELETE RESTRICT), and the people who wrote them may leave (SET NULL).

/** A talent's timesheet/claim for one month of an assignment. */
export const billing = pgTable(
  'billing',
  {
    id: id(),
    externalId: text('external_id'),
    talentProfileId: uuid('talent_profile_id')
      .notNull()
      .references(() => talentProfile.id, { onDelete: 'restrict' }),
    jobAssignmentId: uuid('job_assignment_id').references(() => jobAssignment.id, { onDelete: 'restrict' }),
    createdById: uuid('created_by_id').references(() => user.id, { onDelete: 'set null' }),
    amount: money('amount').notNull(),
    message: text('message'),
    salesAmount: money('sales_amount'),
    currency: currency('currency').notNull(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    status: billingStatus('status').notNull().default('DRAFT'),
    dueDate: date('due_date', { mode: 'string' }),
    // Who moved it and when, for each step after the talent sent it: the
    // talent's page and the company's both show the trail; the event log keeps the rest.
    sentAt: timestamptz('sent_at'),
    approvedAt: timestamptz('approved_at'),
    approvedById: uuid('approved_by_id').references(() => user.id, { onDelete: 'set null' }),
    purchaseOrderNumber: text('purchase_order_number'),
    rejectedAt: timestamptz('rejected_at'),
    rejectedById: uuid('rejected_by_id').references(() => user.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
    invoicedAt: timestamptz('invoiced_at'),
    invoicedById: uuid('invoiced_by_id').references(() => user.id, { onDelete: 'set null' }),
    paidAt: timestamptz('paid_at'),
    paidById: uuid('paid_by_id').references(() => user.id, { onDelete: 'set null' }),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [
    currencyCheck('billing_currency_iso', t.currency),
    check('billing_month_range', sql`${t.month} between 1 and 12`),
    check('billing_year_range', sql`${t.year} between 1900 and 2099`),
    index('billing_talent_period_idx').on(t.talentProfileId, t.year, t.month),
    index('billing_job_assignment_period_idx').on(t.jobAssignmentId, t.year, t.month),
    // A company's sales and the sales filter's options (api/sales/company-sales.ts): the
    // billings of each assignment it sells or provides, read from the index alone.
    index('billing_sales_idx').on(t.jobAssignmentId, t.year, t.month, t.status, t.currency, t.amount, t.salesAmount).where(sql`${t.deletedAt} is null`),
    index('billing_status_idx').on(t.status),
    index('billing_created_by_id_idx').on(t.createdById),
    // The billings a company reviews, newest month first (reviewed-billing-rows.ts): the
    // page's rows read in the list's order instead of sorting every billing of the company.
    index('billing_review_order_idx')
      .on(t.year.desc().nullsFirst(), t.month.desc().nullsFirst(), t.jobAssignmentId, t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.deletedAt} is null and ${t.status} <> 'DRAFT'`),
  ],
);

export const billingLineItem = pgTable(
  'billing_line_item',
  {
    id: id(),
    description: text('description'),
    amount: money('amount').notNull(),
    unit: rateUnit('unit'),
    quantity: numeric('quantity', { precision: 12, scale: 2, mode: 'string' }),
    price: money('price'),
    currency: currency('currency').notNull(),
    // Lines are part of their billing document, not history of their own.
    billingId: uuid('billing_id')
      .notNull()
      .references(() => billing.id, { onDelete: 'cascade' }),
    createdById: uuid('created_by_id').references(() => user.id, { onDelete: 'set null' }),
    attachments: jsonb('attachments').$type<Attachment[]>().notNull().default([]),
    /** The reviewing company's remark on this line, written when it approves or rejects. */
    companyComment: text('company_comment'),
    ...timestamps(),
  },
  (t) => [currencyCheck('billing_line_item_currency_iso', t.currency), index('billing_line_item_billing_id_idx').on(t.billingId)],
);

export const invoice = pgTable(
  'invoice',
  {
    id: id(),
    externalId: text('external_id'),
    createdById: uuid('created_by_id').references(() => user.id, { onDelete: 'set null' }),
    fromCompanyId: uuid('from_company_id').references(() => company.id, { onDelete: 'restrict' }),
    toCompanyId: uuid('to_company_id').references(() => company.id, { onDelete: 'restrict' }),
    jobAssignmentId: uuid('job_assignment_id').references(() => jobAssignment.id, { onDelete: 'restrict' }),
    talentProfileId: uuid('talent_profile_id').references(() => talentProfile.id, { onDelete: 'restrict' }),
    billingId: uuid('billing_id').references(() => billing.id, { onDelete: 'restrict' }),
    total: money('total').notNull(),
    currency: currency('currency').notNull(),
    description: text('description'),
    status: invoiceStatus('status').notNull().default('UNPAID'),
    invoiceDetails: jsonb('invoice_details').$type<InvoiceDetails>().notNull().default({}),
    dueDate: date('due_date', { mode: 'string' }),
    // Issuing. The issuer numbers the invoice: its own sales invoice, or, under a
    // billing mandate, a self-billed one in the talent's name. A number is given only when
    // the invoice is issued, from invoice_number_counter in the same transaction, so the
    // sequence per issuer and year has no gaps; a draft has none.
    issuerCompanyId: uuid('issuer_company_id').references(() => company.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull().default('INVOICE'),
    selfBilled: boolean('self_billed').notNull().default(false),
    creditedInvoiceId: uuid('credited_invoice_id').references((): AnyPgColumn => invoice.id, { onDelete: 'restrict' }),
    number: text('number'),
    year: integer('year'),
    sequence: integer('sequence'),
    issuedAt: timestamptz('issued_at'),
    netTotal: money('net_total'),
    vatTotal: money('vat_total'),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'string' }),
    /** The parties and lines as they were when issued: an issued invoice never changes. */
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull().default([]),
    seller: jsonb('seller').$type<InvoiceParty>(),
    buyer: jsonb('buyer').$type<InvoiceParty>(),
    paidAt: timestamptz('paid_at'),
    paidById: uuid('paid_by_id').references(() => user.id, { onDelete: 'set null' }),
    /**
     * What the invoice search tests on the invoice itself, in lower case: its number and its
     * talent's name, apart (the unit separator). The database sets it (migration 0055) on
     * every insert and number, and when the talent renames herself or her name is erased.
     */
    searchText: text('search_text'),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [
    currencyCheck('invoice_currency_iso', t.currency),
    check('invoice_kind', sql`${t.kind} in ('INVOICE', 'CREDIT_NOTE')`),
    check('invoice_numbered_when_issued', sql`(${t.issuedAt} is null) = (${t.number} is null)`),
    uniqueIndex('invoice_issuer_year_sequence_unique').on(t.issuerCompanyId, t.year, t.sequence),
    index('invoice_issuer_company_id_idx').on(t.issuerCompanyId, t.createdAt.desc()),
    // A company's invoices in the list's order (invoice-rows.ts): those it issues, and the
    // issued ones addressed to it, each walked to the page's end and merged, and counted. Each
    // key ends with what the list's filters and the invoice search test (the id, the issuer,
    // the search text, the parties, status and kind), so that a walk, a count and a search
    // read the index alone, never the wide invoice rows.
    index('invoice_issuer_list_idx')
      .on(t.issuerCompanyId, sql`${t.issuedAt} desc nulls first`, t.sequence.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id, t.searchText, t.fromCompanyId, t.toCompanyId, t.status, t.kind)
      .where(sql`${t.deletedAt} is null`),
    index('invoice_recipient_list_idx')
      .on(t.toCompanyId, sql`${t.issuedAt} desc nulls first`, t.sequence.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id, t.issuerCompanyId, t.searchText, t.fromCompanyId, t.status, t.kind)
      .where(sql`${t.deletedAt} is null and ${t.issuedAt} is not null`),
    index('invoice_credited_invoice_id_idx').on(t.creditedInvoiceId),
    index('invoice_from_company_id_idx').on(t.fromCompanyId, t.createdAt.desc()),
    index('invoice_to_company_id_idx').on(t.toCompanyId, t.createdAt.desc()),
    index('invoice_talent_profile_id_idx').on(t.talentProfileId, t.createdAt.desc()),
    index('invoice_billing_id_idx').on(t.billingId),
    index('invoice_job_assignment_id_idx').on(t.jobAssignmentId),
  ],
);

/** The last number an issuer gave in a year; the row lock serialises issuing. */
export const invoiceNumberCounter = pgTable(
  'invoice_number_counter',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.year] })],
);

/** One movement of a roster talent's balance; the balance is their running sum. */
export const talentBalanceTransaction = pgTable(
  'talent_balance_transaction',
  {
    id: id(),
    companyTalentRosterId: uuid('company_talent_roster_id')
      .notNull()
      .references(() => companyTalentRoster.id, { onDelete: 'restrict' }),
    change: money('change').notNull(),
    currency: currency('currency').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'restrict' }),
    jobAssignmentId: uuid('job_assignment_id').references(() => jobAssignment.id, { onDelete: 'restrict' }),
    createdById: uuid('created_by_id').references(() => user.id, { onDelete: 'set null' }),
    type: balanceTransactionType('type').notNull(),
    ...timestamps(),
  },
  (t) => [
    currencyCheck('talent_balance_transaction_currency_iso', t.currency),
    index('talent_balance_transaction_roster_idx').on(t.companyTalentRosterId, t.createdAt.desc()),
    // A company's ledger page by page, newest first, and a row's balance as the sum of its
    // roster entry's rows up to it (api/transactions), without reading the whole ledger.
    index('talent_balance_transaction_company_date_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('talent_balance_transaction_roster_date_idx').on(t.companyTalentRosterId, t.createdAt, t.id),
    index('talent_balance_transaction_job_assignment_id_idx').on(t.jobAssignmentId),
  ],
);

/**
 * A company's ledger summed by day (UTC), currency and kind of movement, kept in step by a
 * trigger on every write statement to talent_balance_transaction (migration 0048), whoever writes it:
 * the dashboard's roster balances read these few thousand rows instead of a ledger of
 * hundreds of thousands. Money in is the positive changes, money out the negative ones.
 */
export const talentBalanceDay = pgTable(
  'talent_balance_day',
  {
    companyId: uuid('company_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    currency: currency('currency').notNull(),
    type: balanceTransactionType('type').notNull(),
    moneyIn: numeric('money_in', { precision: 18, scale: 2, mode: 'string' }).notNull().default('0'),
    moneyOut: numeric('money_out', { precision: 18, scale: 2, mode: 'string' }).notNull().default('0'),
    entries: integer('entries').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.currency, t.type] })],
);
