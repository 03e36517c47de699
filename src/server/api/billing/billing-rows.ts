import { asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { billingReviewer } from '../../../lib/billing/billing-review';
import type { BillingStatusValue } from '../../../lib/billing/billing-status';
import type { RateUnitValue } from '../../../lib/job-ads/job-enums';
import type { AppDatabase } from '../../db/client';
import { billing, billingLineItem, company, jobAssignment, jobDescription, talentProfile, user, type Attachment } from '../../db/schema';
import type { Page, PageWindow } from '../pagination';

// How billings are read: one query for a page of billings with their assignment (role
// title, client, provider) and review trail, one batched query for all their lines. The
// talent's side (my-billing-rows.ts) and the reviewing company's (reviewed-billing-rows.ts)
// read through it, each with the condition that scopes it.

export interface BillingAssignmentRow {
  id: string;
  roleTitle: string | null;
  clientName: string | null;
  providerName: string | null;
  /** The company its billings are sent to, which reviews them (billingReviewer: the provider, else the client). */
  companyId: string | null;
  reviewerName: string | null;
  currency: string | null;
  startDate: string | null;
  endDate: string | null;
  deletedAt: Date | null;
}

export interface BillingLineRow {
  id: string;
  billingId: string;
  description: string | null;
  unit: RateUnitValue | null;
  quantity: string | null;
  price: string | null;
  amount: string;
  currency: string;
  attachments: Attachment[];
  /** The reviewing company's remark on the line. */
  companyComment: string | null;
  createdAt: Date;
}

/** Who moved a billing on and when, for each step after it was sent. */
export interface BillingReviewTrail {
  sentAt: Date | null;
  approvedAt: Date | null;
  approvedByName: string | null;
  purchaseOrderNumber: string | null;
  rejectedAt: Date | null;
  rejectedByName: string | null;
  rejectionReason: string | null;
  invoicedAt: Date | null;
  invoicedByName: string | null;
  paidAt: Date | null;
  paidByName: string | null;
}

export interface BillingRow {
  id: string;
  externalId: string | null;
  status: BillingStatusValue;
  year: number;
  month: number;
  currency: string;
  amount: string;
  message: string | null;
  dueDate: string | null;
  createdAt: Date;
  updatedAt: Date;
  jobAssignmentId: string | null;
  talentProfileId: string;
  talentName: string | null;
  talentUserId: string | null;
  /** Whether the platform verified the talent's bank details (their newest payment profile): payment is safe. */
  talentPaymentVerified: boolean;
  /** What the client is charged, when a provider sits in between. */
  salesAmount: string | null;
  trail: BillingReviewTrail;
  /** The invoice issued for it that no credit note cancelled, if any. */
  invoice: { id: string; number: string | null; selfBilled: boolean } | null;
  assignment: BillingAssignmentRow | null;
  lines: BillingLineRow[];
}

export const client = alias(company, 'billing_client');
export const provider = alias(company, 'billing_provider');
const approver = alias(user, 'billing_approver');
const rejecter = alias(user, 'billing_rejecter');
const invoicer = alias(user, 'billing_invoicer');
const payer = alias(user, 'billing_payer');
const nameOf = (person: { displayName: AnyPgColumn; email: AnyPgColumn }) => sql<string | null>`coalesce(${person.displayName}, ${person.email})`;

export const assignmentColumns = {
  id: jobAssignment.id,
  roleTitle: jobDescription.title,
  clientName: client.name,
  providerName: provider.name,
  clientCompanyId: jobAssignment.clientCompanyId,
  providerCompanyId: jobAssignment.providerCompanyId,
  currency: jobAssignment.assignmentCurrency,
  startDate: jobAssignment.startDate,
  endDate: jobAssignment.endDate,
  deletedAt: jobAssignment.deletedAt,
};

type AssignmentSelection = { [K in keyof typeof assignmentColumns]: unknown };

export function toAssignment(row: AssignmentSelection): BillingAssignmentRow {
  const r = row as {
    id: string;
    roleTitle: string | null;
    clientName: string | null;
    providerName: string | null;
    clientCompanyId: string | null;
    providerCompanyId: string | null;
    currency: string | null;
    startDate: string | null;
    endDate: string | null;
    deletedAt: Date | null;
  };
  return {
    id: r.id,
    roleTitle: r.roleTitle,
    clientName: r.clientName,
    providerName: r.providerName,
    companyId: billingReviewer({ provider: r.providerCompanyId, client: r.clientCompanyId }),
    reviewerName: billingReviewer({ provider: r.providerName, client: r.clientName }),
    currency: r.currency,
    startDate: r.startDate,
    endDate: r.endDate,
    deletedAt: r.deletedAt,
  };
}

/** The lines of these billings in the order they were written, grouped by billing id. */
export async function loadLines(db: AppDatabase, billingIds: readonly string[]): Promise<Map<string, BillingLineRow[]>> {
  const byBilling = new Map<string, BillingLineRow[]>();
  if (billingIds.length === 0) return byBilling;
  const rows = await db
    .select({
      id: billingLineItem.id,
      billingId: billingLineItem.billingId,
      description: billingLineItem.description,
      unit: billingLineItem.unit,
      quantity: billingLineItem.quantity,
      price: billingLineItem.price,
      amount: billingLineItem.amount,
      currency: billingLineItem.currency,
      attachments: billingLineItem.attachments,
      companyComment: billingLineItem.companyComment,
      createdAt: billingLineItem.createdAt,
    })
    .from(billingLineItem)
    .where(inArray(billingLineItem.billingId, [...billingIds]))
    .orderBy(asc(billingLineItem.createdAt), asc(billingLineItem.id));
  for (const row of rows) {
    const list = byBilling.get(row.billingId) ?? [];
    list.push(row);
    byBilling.set(row.billingId, list);
  }
  return byBilling;
}

/** The billings `where` matches, with their assignment, review trail, standing invoice and lines; `window` reads one page. */
export async function selectBillings(db: AppDatabase, where: SQL, window?: { offset: number; limit: number }): Promise<BillingRow[]> {
  const query = db
    .select({
      id: billing.id,
      externalId: billing.externalId,
      status: billing.status,
      year: billing.year,
      month: billing.month,
      currency: billing.currency,
      amount: billing.amount,
      message: billing.message,
      dueDate: billing.dueDate,
      createdAt: billing.createdAt,
      updatedAt: billing.updatedAt,
      jobAssignmentId: billing.jobAssignmentId,
      talentProfileId: billing.talentProfileId,
      talentName: talentProfile.profileName,
      talentUserId: talentProfile.userId,
      talentPaymentVerified: sql<boolean>`coalesce((select p.is_verified from talent_payment_profile p where p.talent_profile_id = ${billing.talentProfileId}
        order by p.updated_at desc, p.created_at desc limit 1), false)`,
      salesAmount: billing.salesAmount,
      trail: {
        sentAt: billing.sentAt,
        approvedAt: billing.approvedAt,
        approvedByName: nameOf(approver),
        purchaseOrderNumber: billing.purchaseOrderNumber,
        rejectedAt: billing.rejectedAt,
        rejectedByName: nameOf(rejecter),
        rejectionReason: billing.rejectionReason,
        invoicedAt: billing.invoicedAt,
        invoicedByName: nameOf(invoicer),
        paidAt: billing.paidAt,
        paidByName: nameOf(payer),
      },
      // The billing's standing invoice (or draft): the newest not cancelled by an issued credit note, read once.
      invoice: sql<{ id: string; number: string | null; selfBilled: boolean } | null>`(select json_build_object('id', i.id, 'number', i.number, 'selfBilled', i.self_billed)
        from invoice i where i.billing_id = ${billing.id} and i.kind = 'INVOICE' and i.deleted_at is null
        and not exists (select 1 from invoice c where c.credited_invoice_id = i.id and c.issued_at is not null) order by i.created_at desc limit 1)`,
      assignment: assignmentColumns,
    })
    .from(billing)
    .innerJoin(talentProfile, eq(talentProfile.id, billing.talentProfileId))
    .leftJoin(jobAssignment, eq(jobAssignment.id, billing.jobAssignmentId))
    .leftJoin(jobDescription, eq(jobDescription.id, jobAssignment.jobDescriptionId))
    .leftJoin(client, eq(client.id, jobAssignment.clientCompanyId))
    .leftJoin(provider, eq(provider.id, jobAssignment.providerCompanyId))
    .leftJoin(approver, eq(approver.id, billing.approvedById))
    .leftJoin(rejecter, eq(rejecter.id, billing.rejectedById))
    .leftJoin(invoicer, eq(invoicer.id, billing.invoicedById))
    .leftJoin(payer, eq(payer.id, billing.paidById))
    .where(where)
    // Newest month first; within a month, by assignment, then the latest try first.
    .orderBy(desc(billing.year), desc(billing.month), asc(billing.jobAssignmentId), desc(billing.createdAt), asc(billing.id))
    .$dynamic();
  const rows = window ? await query.offset(window.offset).limit(window.limit) : await query;
  const lines = await loadLines(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    assignment: row.assignment?.id ? toAssignment(row.assignment) : null,
    lines: lines.get(row.id) ?? [],
  }));
}

/** The page of billings `where` matches, given how many it matches in all: past the last page, no row is read. */
export async function billingPage(db: AppDatabase, where: SQL, counted: { total: number } | undefined, window: PageWindow): Promise<Page<BillingRow>> {
  const total = Number(counted?.total ?? 0);
  const items = total > window.offset ? await selectBillings(db, where, { offset: window.offset, limit: window.perPage }) : [];
  return { items, total, page: window.page, perPage: window.perPage };
}
