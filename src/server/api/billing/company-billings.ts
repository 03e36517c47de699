import { and, eq, inArray } from 'drizzle-orm';
import { parsePeriodValue } from '../../../lib/billing/billing-period';
import { billingApprovalSchema, billingRejectionSchema } from '../../../lib/billing/billing-review';
import { canChangeStatus, isBillingStatus, type BillingStatusValue } from '../../../lib/billing/billing-status';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { canPrepareInvoice } from '../../../lib/invoices/invoice-kinds';
import { isUuid } from '../../../lib/ids';
import { billing, billingLineItem } from '../../db/schema';
import { builder } from '../builder';
import { concernsCaller, requireCompanyPermission, requireSeparateDuties } from '../auth/company-access';
import type { SignedInContext } from '../context';
import { conflict, invalidFields, notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { recordEvent } from '../record-event';
import { Billing, BillingStatus } from './billing';
import type { BillingRow } from './billing-rows';
import { loadReviewedBilling, loadReviewedBillings, lockReviewedBilling } from './reviewed-billing-rows';

// The company side of billings (the /company/billing page): the billings talents
// sent for the assignments this company reviews (the provider's, else the client's), and
// the review itself: SENT → APPROVED (with a purchase order number) or REJECTED (with a
// reason), a remark on any line. Invoicing and payment move them on from the invoice
// (src/server/api/invoices). Billings belong to assignments, so the permission is the
// assignment's (the permission resources have no billing): read to see them, update to review.
// Separation of duties: a member never reviews a billing of their own, whatever their role.

const WORDS = 'billingReview.errors';

const ReviewedBilling = builder.objectRef<BillingRow>('ReviewedBilling');
ReviewedBilling.implement({
  description: 'A billing as the company that reviews it sees it',
  fields: (t) => ({
    billing: t.field({ type: Billing, resolve: (row) => row }),
    talentProfileId: t.exposeID('talentProfileId'),
    talentName: t.exposeString('talentName', { nullable: true }),
    salesAmount: t.field({ type: 'Decimal', nullable: true, description: 'What the client is charged, when a provider sits in between', resolve: (row) => row.salesAmount }),
    talentPaymentVerified: t.boolean({
      description: "Whether the platform verified the talent's bank details: approving is allowed either way, but the page warns before approving a billing whose payment would go to unverified details",
      resolve: (row) => row.talentPaymentVerified === true,
    }),
    concernsYou: t.boolean({
      description: 'The billing is your own (or, while impersonating, the impersonator\'s): separation of duties leaves its review and invoicing to another member',
      resolve: (row, _args, context) => concernsCaller(context, row.talentUserId),
    }),
    canApprove: t.boolean({ resolve: (row, _args, context) => !concernsCaller(context, row.talentUserId) && canChangeStatus('company', row.status, 'APPROVED') }),
    canReject: t.boolean({ resolve: (row, _args, context) => !concernsCaller(context, row.talentUserId) && canChangeStatus('company', row.status, 'REJECTED') }),
    canInvoice: t.boolean({
      description: 'Approved, or invoiced with its invoice credited, and no invoice or draft standing: an invoice may be prepared (never by the talent it concerns)',
      resolve: (row, _args, context) => !concernsCaller(context, row.talentUserId) && canPrepareInvoice(row.status, row.invoice !== null),
    }),
  }),
});

const ReviewedBillingPage = pageOf(ReviewedBilling, 'ReviewedBilling');

builder.queryField('findManyBilling', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: ReviewedBillingPage,
    description: "Billings sent to the selected company for the assignments it reviews (never the talents' drafts), newest month first; needs jobAssignment read",
    args: {
      ...pageArgs,
      status: t.arg({ type: BillingStatus }),
      period: t.arg.string({ description: 'yyyy-mm' }),
      jobAssignmentId: t.arg.id(),
      talentProfileId: t.arg.id(),
      q: t.arg.string({ description: "Part of the talent's name or the role title" }),
    },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'read');
      const window = pageWindow(args);
      const empty = { items: [], total: 0, page: window.page, perPage: window.perPage };
      const ids = [args.jobAssignmentId, args.talentProfileId].map((id) => (id ? String(id) : null));
      if (ids.some((id) => id !== null && !isUuid(id))) return empty;
      const period = args.period ? parsePeriodValue(args.period) : null;
      if (args.period && !period) return empty;
      const filter = { status: isBillingStatus(args.status) ? args.status : null, period, jobAssignmentId: ids[0], talentProfileId: ids[1], q: args.q?.trim().slice(0, 200) || null };
      return loadReviewedBillings(context.db, companyId, filter, window);
    },
  }),
);

builder.queryField('findBilling', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: ReviewedBilling,
    description: 'One billing the selected company reviews; NOT_FOUND for any other id (a draft, another company\'s); needs jobAssignment read',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'read');
      const id = String(args.id);
      const row = isUuid(id) ? await loadReviewedBilling(context.db, companyId, id) : null;
      if (!row) throw notFound('This billing');
      return row;
    },
  }),
);

const BillingLineComment = builder.inputType('BillingLineCommentInput', {
  fields: (t) => ({
    lineId: t.id({ required: true }),
    comment: t.string({ required: false, description: 'Blank removes the remark' }),
  }),
});

const BillingApprovalInput = builder.inputType('BillingApprovalInput', {
  fields: (t) => ({
    purchaseOrderNumber: t.string({ required: false }),
    lineComments: t.field({ type: [BillingLineComment], required: false }),
  }),
});

const BillingRejectionInput = builder.inputType('BillingRejectionInput', {
  fields: (t) => ({
    reason: t.string({ required: true, description: 'What the talent should correct; they read it on their billing' }),
    lineComments: t.field({ type: [BillingLineComment], required: false }),
  }),
});

/**
 * Moves a billing this company reviews from SENT to `to`, with the line remarks, in one
 * transaction with its event row (addressed to the talent: their notification). Any
 * other move is refused with CONFLICT `notSent`, whatever the billing's status.
 */
async function reviewBilling(
  context: SignedInContext,
  id: string,
  to: Extract<BillingStatusValue, 'APPROVED' | 'REJECTED'>,
  review: { lineComments: { lineId: string; comment: string | null }[]; fields: Partial<typeof billing.$inferInsert> },
): Promise<BillingRow> {
  const { companyId, userId } = requireCompanyPermission(context, 'jobAssignment', 'update');
  if (!isUuid(id)) throw notFound('This billing');
  return context.db.transaction(async (tx) => {
    const current = await lockReviewedBilling(tx, companyId, id);
    if (!current) throw notFound('This billing');
    requireSeparateDuties(context, current.talentUserId);
    if (!canChangeStatus('company', current.status, to)) throw conflict('notSent', WORDS);
    const lineIds = [...new Set(review.lineComments.map((line) => line.lineId))];
    if (lineIds.length) {
      const lines = await tx.select({ id: billingLineItem.id }).from(billingLineItem).where(and(eq(billingLineItem.billingId, id), inArray(billingLineItem.id, lineIds)));
      if (lines.length !== lineIds.length) throw invalidFields([{ path: 'lineComments', code: 'lineUnknown' }], WORDS);
      for (const line of review.lineComments) await tx.update(billingLineItem).set({ companyComment: line.comment }).where(eq(billingLineItem.id, line.lineId));
    }
    const now = new Date();
    const step = to === 'APPROVED' ? { approvedAt: now, approvedById: userId } : { rejectedAt: now, rejectedById: userId };
    await tx.update(billing).set({ status: to, ...step, ...review.fields }).where(eq(billing.id, id));
    const reloaded = await loadReviewedBilling(tx, companyId, id);
    await recordEvent(tx, context.viewer, {
      type: 'billing.update',
      toId: reloaded?.talentUserId ?? null,
      data: { entityId: id, companyId, changedFields: ['status', ...Object.keys(review.fields)], before: { status: current.status }, after: { status: to, ...review.fields }, lineComments: review.lineComments.length },
    });
    return reloaded!;
  });
}

builder.mutationField('approveBilling', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: ReviewedBilling,
    description:
      'Approves a SENT billing (SENT → APPROVED), with an optional purchase order number and line remarks. Needs jobAssignment update; a billing of your own is FORBIDDEN (separationOfDuties); records billing.update to the talent',
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: BillingApprovalInput, required: false }) },
    resolve: async (_root, args, context) => {
      requireCompanyPermission(context, 'jobAssignment', 'update');
      const parsed = billingApprovalSchema.safeParse(args.data ?? {});
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), WORDS);
      return reviewBilling(context, String(args.id), 'APPROVED', { lineComments: parsed.data.lineComments, fields: { purchaseOrderNumber: parsed.data.purchaseOrderNumber } });
    },
  }),
);

builder.mutationField('rejectBilling', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: ReviewedBilling,
    description:
      'Rejects a SENT billing (SENT → REJECTED) with the reason the talent reads, and line remarks; the talent corrects it in a new billing for the month. Needs jobAssignment update; a billing of your own is FORBIDDEN (separationOfDuties); records billing.update to the talent',
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: BillingRejectionInput, required: true }) },
    resolve: async (_root, args, context) => {
      requireCompanyPermission(context, 'jobAssignment', 'update');
      const parsed = billingRejectionSchema.safeParse(args.data);
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), WORDS);
      return reviewBilling(context, String(args.id), 'REJECTED', { lineComments: parsed.data.lineComments, fields: { rejectionReason: parsed.data.reason } });
    },
  }),
);
