import { billingAttachmentAddressOfUrl } from '../../../lib/billing/billing-attachments';
import { BILLING_STATUSES, canDeleteBilling, canEditBilling, canChangeStatus, isBillingStatus } from '../../../lib/billing/billing-status';
import { periodValue } from '../../../lib/billing/billing-period';
import { isUuid } from '../../../lib/ids';
import type { Attachment } from '../../db/schema';
import { findMyTalentProfileId, requireMyTalentProfileId } from '../auth/my-talent-profile';
import type { BillingAssignmentRow, BillingLineRow, BillingReviewTrail, BillingRow } from './billing-rows';
import { loadBilledPeriods, loadMyBilling, loadMyBillingAssignments, loadMyBillings } from './my-billing-rows';
import { builder } from '../builder';
import { notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';

// The billing and billingLineItem entities, talent side: a talent's monthly billings per
// assignment. The talent writes and sends them; the company moves them on (the billing statuses).

export const BillingStatus = builder.enumType('BillingStatus', {
  description: 'DRAFT → SENT by the talent; SENT → APPROVED or REJECTED, APPROVED → INVOICED, INVOICED → PAID by the company',
  values: BILLING_STATUSES,
});

export const BillingAttachment = builder.objectRef<Attachment>('BillingAttachment').implement({
  description: 'A file attached to a billing line (a timesheet, a receipt). Its url downloads it for whoever may read it (the talent)',
  fields: (t) => ({
    name: t.exposeString('name'),
    url: t.exposeString('url'),
    key: t.string({
      nullable: true,
      description: 'The storage key in its url (what removeMyBillingLineAttachment takes); null for a file not stored here',
      resolve: (row) => billingAttachmentAddressOfUrl(row.url)?.key ?? null,
    }),
    contentType: t.string({ nullable: true, resolve: (row) => row.contentType ?? null }),
    size: t.int({ nullable: true, description: 'Bytes', resolve: (row) => row.size ?? null }),
  }),
});

export const BillingLineItem = builder.objectRef<BillingLineRow>('BillingLineItem').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    description: t.exposeString('description', { nullable: true }),
    unit: t.string({ nullable: true, description: 'Rate unit: HOUR, DAY or MONTH', resolve: (row) => row.unit }),
    quantity: t.field({ type: 'Decimal', nullable: true, resolve: (row) => row.quantity }),
    price: t.field({ type: 'Decimal', nullable: true, description: 'Per unit, in the billing currency', resolve: (row) => row.price }),
    amount: t.field({ type: 'Decimal', description: 'quantity × price, rounded half away from zero to cents', resolve: (row) => row.amount }),
    currency: t.exposeString('currency'),
    attachments: t.field({ type: [BillingAttachment], resolve: (row) => row.attachments ?? [] }),
    companyComment: t.exposeString('companyComment', { nullable: true, description: "The reviewing company's remark on this line" }),
  }),
});

const BillingReview = builder.objectRef<BillingReviewTrail>('BillingReview').implement({
  description: 'Who moved a billing on and when, for each step after it was sent; null for a step not reached',
  fields: (t) => ({
    sentAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.sentAt }),
    approvedAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.approvedAt }),
    approvedByName: t.exposeString('approvedByName', { nullable: true }),
    purchaseOrderNumber: t.exposeString('purchaseOrderNumber', { nullable: true, description: "The company's purchase order, captured at approval" }),
    rejectedAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.rejectedAt }),
    rejectedByName: t.exposeString('rejectedByName', { nullable: true }),
    rejectionReason: t.exposeString('rejectionReason', { nullable: true }),
    invoicedAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.invoicedAt }),
    invoicedByName: t.exposeString('invoicedByName', { nullable: true }),
    paidAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.paidAt }),
    paidByName: t.exposeString('paidByName', { nullable: true }),
  }),
});

const BillingInvoice = builder.objectRef<{ id: string; number: string | null; selfBilled: boolean }>('BillingInvoice').implement({
  description: 'The invoice of a billing that no credit note cancelled (a draft has no number yet)',
  fields: (t) => ({
    id: t.exposeID('id'),
    number: t.exposeString('number', { nullable: true }),
    selfBilled: t.exposeBoolean('selfBilled', { description: "Issued in the talent's name: the talent may download their copy (myInvoice)" }),
  }),
});

export const BillingAssignment = builder.objectRef<BillingAssignmentRow & { billedPeriods?: string[] }>('BillingAssignment').implement({
  description: 'The job assignment a billing is for, as the talent sees it',
  fields: (t) => ({
    id: t.exposeID('id'),
    roleTitle: t.exposeString('roleTitle', { nullable: true, description: "The assignment's job description title" }),
    clientName: t.exposeString('clientName', { nullable: true }),
    providerName: t.exposeString('providerName', { nullable: true, description: 'The company in between, if any' }),
    reviewerName: t.exposeString('reviewerName', {
      nullable: true,
      description: "The company the assignment's billings are sent to, which reviews and invoices them: its provider when there is one, else its client",
    }),
    currency: t.exposeString('currency', { nullable: true, description: 'The assignment currency: the default of a new billing' }),
    startDate: t.exposeString('startDate', { nullable: true, description: 'yyyy-mm-dd' }),
    endDate: t.exposeString('endDate', { nullable: true, description: 'yyyy-mm-dd' }),
    isActive: t.boolean({ description: 'False once the company removed the assignment: no new billings then', resolve: (row) => row.deletedAt === null }),
    billedPeriods: t.stringList({
      description: 'Months ("2026-03") that already have a billing which is not rejected: one per assignment and month',
      resolve: (row) => row.billedPeriods ?? [],
    }),
  }),
});

export const Billing = builder.objectRef<BillingRow>('Billing');

Billing.implement({
  description: "A talent's billing for one month of an assignment; amounts are computed from its lines",
  fields: (t) => ({
    id: t.exposeID('id'),
    externalId: t.exposeString('externalId', { nullable: true }),
    status: t.field({ type: BillingStatus, resolve: (row) => row.status }),
    year: t.exposeInt('year'),
    month: t.exposeInt('month', { description: '1 to 12' }),
    currency: t.exposeString('currency'),
    amount: t.field({ type: 'Decimal', description: 'The sum of the line amounts', resolve: (row) => row.amount }),
    message: t.exposeString('message', { nullable: true, description: "The talent's note, or the company's reason for a rejection" }),
    dueDate: t.exposeString('dueDate', { nullable: true, description: 'yyyy-mm-dd' }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (row) => row.updatedAt }),
    assignment: t.field({ type: BillingAssignment, nullable: true, resolve: (row) => row.assignment }),
    lineItems: t.field({ type: [BillingLineItem], resolve: (row) => row.lines }),
    review: t.field({ type: BillingReview, resolve: (row) => row.trail }),
    invoice: t.field({ type: BillingInvoice, nullable: true, resolve: (row) => row.invoice }),
    canEdit: t.boolean({ description: 'The talent may still change it (a DRAFT)', resolve: (row) => canEditBilling('talent', row.status) }),
    canDelete: t.boolean({ resolve: (row) => canDeleteBilling('talent', row.status) }),
    canSend: t.boolean({ resolve: (row) => canChangeStatus('talent', row.status, 'SENT') }),
  }),
});

const BillingPage = pageOf(Billing, 'Billing');

const MyBillingsFilter = builder.inputType('MyBillingsFilter', {
  fields: (t) => ({
    status: t.field({ type: BillingStatus, required: false }),
    jobAssignmentId: t.id({ required: false, description: 'Only the billings of this assignment of yours' }),
  }),
});

builder.queryField('myBillings', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: BillingPage,
    description: "The signed-in talent's billings, newest month first, with their lines",
    args: { ...pageArgs, filter: t.arg({ type: MyBillingsFilter, required: false }) },
    resolve: async (_root, args, context) => {
      const window = pageWindow(args);
      const empty = { items: [], total: 0, page: window.page, perPage: window.perPage };
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return empty;
      const status = args.filter?.status ?? null;
      const jobAssignmentId = args.filter?.jobAssignmentId ? String(args.filter.jobAssignmentId) : null;
      // A malformed assignment id matches nothing, like another talent's.
      if (jobAssignmentId !== null && !isUuid(jobAssignmentId)) return empty;
      return loadMyBillings(context.db, profileId, { status: isBillingStatus(status) ? status : null, jobAssignmentId }, window);
    },
  }),
);

builder.queryField('myBilling', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Billing,
    description: "One of the signed-in talent's billings; NOT_FOUND for any other id",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const id = String(args.id);
      if (!isUuid(id)) throw notFound('This billing');
      const profileId = await requireMyTalentProfileId(context);
      const row = await loadMyBilling(context.db, profileId, id);
      if (!row) throw notFound('This billing');
      return row;
    },
  }),
);

builder.queryField('myBillingAssignments', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [BillingAssignment],
    description: "The signed-in talent's assignments that billings can refer to, with the months already billed",
    resolve: async (_root, _args, context) => {
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return [];
      const assignments = await loadMyBillingAssignments(context.db, profileId);
      const billed = await loadBilledPeriods(
        context.db,
        assignments.map((assignment) => assignment.id),
      );
      return assignments.map((assignment) => ({ ...assignment, billedPeriods: (billed.get(assignment.id) ?? []).map(periodValue) }));
    },
  }),
);
