import { z } from 'zod';

// What a company writes when it reviews a billing: approve with an optional
// purchase order number, or reject with a reason the talent reads; either way a remark
// on any line. Shared by /company/billing and the API, which checks the same schema.

export const BILLING_REVIEW_LIMITS = { reason: 1000, comment: 500, purchaseOrderNumber: 60 } as const;

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .nullish()
    .transform((raw) => (raw ?? '').trim() || null)
    .refine((text) => text === null || text.length <= max, tooLong);

const lineComments = z
  .array(z.object({ lineId: z.string().uuid('lineUnknown'), comment: optionalText(BILLING_REVIEW_LIMITS.comment, 'commentTooLong') }))
  .max(200, 'tooManyLines')
  .nullish()
  .transform((comments) => comments ?? []);

export const billingApprovalSchema = z.object({
  purchaseOrderNumber: optionalText(BILLING_REVIEW_LIMITS.purchaseOrderNumber, 'purchaseOrderTooLong'),
  lineComments,
});

export const billingRejectionSchema = z.object({
  reason: optionalText(BILLING_REVIEW_LIMITS.reason, 'reasonTooLong').refine((text) => text !== null, 'reasonRequired'),
  lineComments,
});

/**
 * Who a talent's billings for an assignment are sent to, and who reviews and invoices them:
 * its provider when a company sits between the talent and the client (it employs her and
 * sells her work on), else its client. The API's `reviewedBy` is its SQL twin.
 */
export function billingReviewer<Party>(assignment: { provider: Party | null; client: Party | null }): Party | null {
  return assignment.provider ?? assignment.client;
}

export type BillingApproval = z.output<typeof billingApprovalSchema>;
export type BillingRejection = z.output<typeof billingRejectionSchema>;
