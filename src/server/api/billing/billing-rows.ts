import { and, asc, desc, eq, exists, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { billingReviewer } from '../../../lib/billing/billing-review';
import type { BillingStatusValue } from '../../../lib/billing/billing-status';
import type { RateUnitValue } from '../../../lib/jobs/job-enums';
import type { AppDatabase } from '../../db/client';
import { escapeLike } from '../../db/like-pattern';
import { billing, billingLineItem, company, jobAssignment, jobDescription, talentProfile, user, type Attachment } from '../../db/schema';
import type { Page, PageWindow } from '../pagination';

// How the talent side reads billings: one query for a page of billings with their
// assignment (role title, client, provider), one batched query for all their lines.

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

/** Who moved a billing on and when, for each step after it was sent (issue 18). */
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
  /** What the client is charged, when a provider sits in between. */
  salesAmount: string | null;
  trail: BillingReviewTrail;
  /** The invoice issued for it that no credit note cancelled, if any. */
  invoice: { id: string; number: string | null; selfBilled: boolean } | null;
  assignment: BillingAssignmentRow | null;
  lines: BillingLineRow[];
}

const client = alias(company, 'billing_client');
const provider = alias(company, 'billing_provider');
const approver = alias(user, 'billing_approver');
const rejecter = alias(user, 'billing_rejecter');
const invoicer = alias(user, 'billing_invoicer');
const payer = alias(user, 'billing_payer');
const nameOf = (person: { displayName: AnyPgColumn; email: AnyPgColumn }) => sql<string | null>`coalesce(${person.displayName}, ${person.email})`;

const assignmentColumns = {
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

function toAssignment(row: AssignmentSelection): BillingAssignmentRow {
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

/** Filters of the talent's billing list. */
export interface MyBillingFilter {
  status?: BillingStatusValue | null;
  jobAssignmentId?: string | null;
}

function myBillingsWhere(talentProfileId: string, filter: MyBillingFilter = {}): SQL {
  return and(
    eq(billing.talentProfileId, talentProfileId),
    isNull(billing.deletedAt),
    filter.status ? eq(billing.status, filter.status) : undefined,
    filter.jobAssignmentId ? eq(billing.jobAssignmentId, filter.jobAssignmentId) : undefined,
  )!;
}

async function selectBillings(db: AppDatabase, where: SQL, window?: { offset: number; limit: number }): Promise<BillingRow[]> {
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
    .orderBy(desc(billing.year), desc(billing.month), asc(jobAssignment.id), desc(billing.createdAt), asc(billing.id))
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

/**
 * The company that reviews a billing: its assignment's provider, else its client (the SQL
 * twin of billingReviewer). Needs jobAssignment joined to billing.
 */
export const reviewedBy = (companyId: string): SQL => sql`coalesce(${jobAssignment.providerCompanyId}, ${jobAssignment.clientCompanyId}) = ${companyId}`;

/** Filters of a company's list of the billings it reviews. */
export interface ReviewedBillingFilter {
  status?: BillingStatusValue | null;
  jobAssignmentId?: string | null;
  talentProfileId?: string | null;
  period?: { year: number; month: number } | null;
  /** Part of the talent's name or the role title. */
  q?: string | null;
}

/**
 * Billings a company reviews: sent to it, never the talent's drafts (a draft is the
 * talent's working copy until they send it), not deleted.
 */
function reviewedWhere(companyId: string, filter: ReviewedBillingFilter = {}): SQL {
  const pattern = filter.q ? `%${escapeLike(filter.q)}%` : null;
  return and(
    reviewedBy(companyId),
    isNull(billing.deletedAt),
    ne(billing.status, 'DRAFT'),
    filter.status ? eq(billing.status, filter.status) : undefined,
    filter.jobAssignmentId ? eq(billing.jobAssignmentId, filter.jobAssignmentId) : undefined,
    filter.talentProfileId ? eq(billing.talentProfileId, filter.talentProfileId) : undefined,
    filter.period ? and(eq(billing.year, filter.period.year), eq(billing.month, filter.period.month)) : undefined,
    pattern ? or(sql`${talentProfile.profileName} ilike ${pattern}`, sql`${jobDescription.title} ilike ${pattern}`) : undefined,
  )!;
}

/** The page of billings `where` matches, given how many it matches in all: past the last page, no row is read. */
async function billingPage(db: AppDatabase, where: SQL, counted: { total: number } | undefined, window: PageWindow): Promise<Page<BillingRow>> {
  const total = Number(counted?.total ?? 0);
  const items = total > window.offset ? await selectBillings(db, where, { offset: window.offset, limit: window.perPage }) : [];
  return { items, total, page: window.page, perPage: window.perPage };
}

/** A page of the billings a company reviews, and how many match. */
export async function loadReviewedBillings(db: AppDatabase, companyId: string, filter: ReviewedBillingFilter, window: PageWindow): Promise<Page<BillingRow>> {
  const where = reviewedWhere(companyId, filter);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(billing)
    .innerJoin(talentProfile, eq(talentProfile.id, billing.talentProfileId))
    .innerJoin(jobAssignment, eq(jobAssignment.id, billing.jobAssignmentId))
    .leftJoin(jobDescription, eq(jobDescription.id, jobAssignment.jobDescriptionId))
    .where(where);
  return billingPage(db, where, counted, window);
}

/** One billing this company reviews, or null: any other id reads as missing. */
export async function loadReviewedBilling(db: AppDatabase, companyId: string, billingId: string): Promise<BillingRow | null> {
  const [row] = await selectBillings(db, and(reviewedWhere(companyId), eq(billing.id, billingId))!);
  return row ?? null;
}

/**
 * The billing row this company reviews, locked until the transaction ends, with its
 * talent's account (whom separation of duties keeps from reviewing it); null for any other.
 */
export async function lockReviewedBilling(tx: AppDatabase, companyId: string, id: string) {
  const [row] = await tx
    .select({ billing, talentUserId: talentProfile.userId })
    .from(billing)
    .innerJoin(jobAssignment, eq(jobAssignment.id, billing.jobAssignmentId))
    .leftJoin(talentProfile, eq(talentProfile.id, billing.talentProfileId))
    .where(and(eq(billing.id, id), reviewedBy(companyId), isNull(billing.deletedAt), ne(billing.status, 'DRAFT')))
    .for('update', { of: billing });
  return row ? { ...row.billing, talentUserId: row.talentUserId } : null;
}

/** A page of the talent's billings (not deleted) and how many there are in all. */
export async function loadMyBillings(db: AppDatabase, talentProfileId: string, filter: MyBillingFilter, window: PageWindow): Promise<Page<BillingRow>> {
  const where = myBillingsWhere(talentProfileId, filter);
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(billing).where(where);
  return billingPage(db, where, counted, window);
}

/** One of the talent's billings (not deleted), or null: another talent's id reads as missing. */
export async function loadMyBilling(db: AppDatabase, talentProfileId: string, billingId: string): Promise<BillingRow | null> {
  const [row] = await selectBillings(db, and(myBillingsWhere(talentProfileId), eq(billing.id, billingId))!);
  return row ?? null;
}

/**
 * The talent's assignments a billing can refer to: the current ones, and ended (deleted)
 * ones that still have billings, so the list filter can show those too.
 */
export async function loadMyBillingAssignments(db: AppDatabase, talentProfileId: string): Promise<BillingAssignmentRow[]> {
  const hasBillings = exists(
    db
      .select({ one: sql`1` })
      .from(billing)
      .where(and(eq(billing.jobAssignmentId, jobAssignment.id), isNull(billing.deletedAt))),
  );
  const rows = await db
    .select(assignmentColumns)
    .from(jobAssignment)
    .leftJoin(jobDescription, eq(jobDescription.id, jobAssignment.jobDescriptionId))
    .leftJoin(client, eq(client.id, jobAssignment.clientCompanyId))
    .leftJoin(provider, eq(provider.id, jobAssignment.providerCompanyId))
    .where(and(eq(jobAssignment.talentProfileId, talentProfileId), or(isNull(jobAssignment.deletedAt), hasBillings)))
    .orderBy(sql`${jobAssignment.startDate} desc nulls last`, desc(jobAssignment.createdAt), asc(jobAssignment.id));
  return rows.map(toAssignment);
}

/**
 * The months already billed on these assignments ("2026-03"), per assignment: every
 * billing that is neither deleted nor rejected holds its month (one per assignment and month).
 */
export async function loadBilledPeriods(db: AppDatabase, assignmentIds: readonly string[]): Promise<Map<string, Array<{ year: number; month: number }>>> {
  const byAssignment = new Map<string, Array<{ year: number; month: number }>>();
  if (assignmentIds.length === 0) return byAssignment;
  const rows = await db
    .selectDistinct({ jobAssignmentId: billing.jobAssignmentId, year: billing.year, month: billing.month })
    .from(billing)
    .where(and(inArray(billing.jobAssignmentId, [...assignmentIds]), isNull(billing.deletedAt), ne(billing.status, 'REJECTED')))
    .orderBy(desc(billing.year), desc(billing.month));
  for (const row of rows) {
    if (!row.jobAssignmentId) continue;
    const list = byAssignment.get(row.jobAssignmentId) ?? [];
    list.push({ year: row.year, month: row.month });
    byAssignment.set(row.jobAssignmentId, list);
  }
  return byAssignment;
}

/** The talent's own assignment, locked for the rest of the transaction; null when it is not theirs or was deleted. */
export async function lockMyAssignment(db: AppDatabase, talentProfileId: string, assignmentId: string): Promise<BillingAssignmentRow | null> {
  const [locked] = await db
    .select({ id: jobAssignment.id })
    .from(jobAssignment)
    .where(and(eq(jobAssignment.id, assignmentId), eq(jobAssignment.talentProfileId, talentProfileId), isNull(jobAssignment.deletedAt)))
    .for('update');
  if (!locked) return null;
  const [row] = await db
    .select(assignmentColumns)
    .from(jobAssignment)
    .leftJoin(jobDescription, eq(jobDescription.id, jobAssignment.jobDescriptionId))
    .leftJoin(client, eq(client.id, jobAssignment.clientCompanyId))
    .leftJoin(provider, eq(provider.id, jobAssignment.providerCompanyId))
    .where(eq(jobAssignment.id, assignmentId));
  return row ? toAssignment(row) : null;
}

/** The billing row of the caller, locked until the transaction ends; null when it is not theirs or deleted. */
export async function lockMyBilling(tx: AppDatabase, talentProfileId: string, id: string) {
  const [row] = await tx
    .select()
    .from(billing)
    .where(and(eq(billing.id, id), eq(billing.talentProfileId, talentProfileId), isNull(billing.deletedAt)))
    .for('update');
  return row ?? null;
}

/** The company an event about this billing goes to (provider, else client), looked up once per mutation. */
export async function companyOfBilling(tx: AppDatabase, jobAssignmentId: string | null): Promise<string | null> {
  if (!jobAssignmentId) return null;
  const [row] = await tx
    .select({ providerCompanyId: jobAssignment.providerCompanyId, clientCompanyId: jobAssignment.clientCompanyId })
    .from(jobAssignment)
    .where(eq(jobAssignment.id, jobAssignmentId));
  return row ? billingReviewer({ provider: row.providerCompanyId, client: row.clientCompanyId }) : null;
}
