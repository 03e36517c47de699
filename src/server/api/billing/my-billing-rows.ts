import { and, asc, desc, eq, exists, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { billingReviewer } from '../../../lib/billing/billing-review';
import type { BillingStatusValue } from '../../../lib/billing/billing-status';
import type { AppDatabase } from '../../db/client';
import { billing, jobAssignment, jobDescription } from '../../db/schema';
import type { Page, PageWindow } from '../pagination';
import { assignmentColumns, billingPage, client, provider, selectBillings, toAssignment, type BillingAssignmentRow, type BillingRow } from './billing-rows';

// The talent's side of the billing rows: their own billings and the assignments they bill
// on, each scoped by their talent profile (another talent's id reads as missing), and the
// locks their changes take (my-billing-changes.ts).

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
