import { and, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { BillingStatusValue } from '../../../lib/billing/billing-status';
import type { AppDatabase } from '../../db/client';
import { escapeLike } from '../../db/like-pattern';
import { billing, jobAssignment, jobDescription, talentProfile } from '../../db/schema';
import type { Page, PageWindow } from '../pagination';
import { billingPage, selectBillings, type BillingRow } from './billing-rows';

// The reviewing company's side of the billing rows: the billings sent to it (its
// assignment's provider, else its client), never a talent's draft, and the lock its
// review and invoicing take (company-billings.ts, invoices/invoice-mutations.ts).

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

/** A page of the billings a company reviews, and how many match. */
export async function loadReviewedBillings(db: AppDatabase, companyId: string, filter: ReviewedBillingFilter, window: PageWindow): Promise<Page<BillingRow>> {
  const where = reviewedWhere(companyId, filter);
  // The talent and the role are joined to count only when searched by them: every billing has
  // its talent, and the role is an outer join, so neither changes the count otherwise.
  const counting = db.select({ total: sql<number>`count(*)::int` }).from(billing).innerJoin(jobAssignment, eq(jobAssignment.id, billing.jobAssignmentId)).$dynamic();
  const [counted] = await (filter.q
    ? counting.innerJoin(talentProfile, eq(talentProfile.id, billing.talentProfileId)).leftJoin(jobDescription, eq(jobDescription.id, jobAssignment.jobDescriptionId))
    : counting
  ).where(where);
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
