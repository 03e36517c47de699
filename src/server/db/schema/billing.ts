import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { currency, currencyCheck, deletedAt, id, money, timestamps } from './columns';
import { company, type InvoiceDetails } from './companies';
import { balanceTransactionType, billingStatus, invoiceStatus, rateUnit } from './enums';
import { jobAssignment } from './jobs';
import { companyTalentRoster, talentProfile } from './talents';
import { user } from './users';

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
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [
    currencyCheck('billing_currency_iso', t.currency),
    check('billing_month_range', sql`${t.month} between 1 and 12`),
    check('billing_year_range', sql`${t.year} between 1900 and 2099`),
    index('billing_talent_period_idx').on(t.talentProfileId, t.year, t.month),
    index('billing_job_assignment_period_idx').on(t.jobAssignmentId, t.year, t.month),
    index('billing_status_idx').on(t.status),
    index('billing_created_by_id_idx').on(t.createdById),
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
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [
    currencyCheck('invoice_currency_iso', t.currency),
    index('invoice_from_company_id_idx').on(t.fromCompanyId, t.createdAt.desc()),
    index('invoice_to_company_id_idx').on(t.toCompanyId, t.createdAt.desc()),
    index('invoice_talent_profile_id_idx').on(t.talentProfileId, t.createdAt.desc()),
    index('invoice_billing_id_idx').on(t.billingId),
    index('invoice_job_assignment_id_idx').on(t.jobAssignmentId),
  ],
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
    index('talent_balance_transaction_company_id_idx').on(t.companyId),
    index('talent_balance_transaction_job_assignment_id_idx').on(t.jobAssignmentId),
  ],
);
