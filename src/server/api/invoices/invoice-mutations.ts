import { eq, sql } from 'drizzle-orm';
import { canChangeStatus } from '../../../lib/billing/billing-status';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { creditNoteSchema, invoiceDraftSchema } from '../../../lib/invoices/invoice-input';
import { canCreditInvoice, canDeleteInvoice, canMarkInvoicePaid, canPrepareInvoice, unitCodeOf } from '../../../lib/invoices/invoice-kinds';
import type { InvoiceLineValue } from '../../../lib/invoices/invoice-document';
import { formatInvoiceNumber, numberingYear } from '../../../lib/invoices/invoice-numbering';
import { missingPartyFields } from '../../../lib/invoices/invoice-parties';
import { creditTotals, invoiceTotals } from '../../../lib/invoices/invoice-totals';
import { invoiceDueDate } from '../../../lib/invoices/payment-terms';
import { negateMoney } from '../../../lib/money/decimal-money';
import { billing, invoice, invoiceNumberCounter, jobAssignment } from '../../db/schema';
import { builder } from '../builder';
import { requireCompanyPermission, requireSeparateDuties } from '../auth/company-access';
import type { Writer } from '../../db/client';
import type { SignedInContext } from '../context';
import { conflict, invalidFields } from '../errors';
import { recordEvent } from '../record-event';
import { loadReviewedBilling, lockReviewedBilling } from '../billing/reviewed-billing-rows';
import { partiesOf } from './invoice-parties';
import { findVisible, INVOICE_WORDS, lockIssued, type InvoiceRow } from './invoice-rows';
import { creditSalary } from './invoice-salary';
import { Invoice } from './invoice-types';

// Invoices (the /company/invoicing pages, the invoice table): prepared as a draft from an
// approved billing the company reviews, issued (numbered then, never before), marked paid,
// or cancelled by a credit note, never deleted once issued. The reviewing company issues:
// its own sales invoice to the client when it provides the talent, otherwise a self-billed
// invoice in the talent's name under a billing mandate. Permissions are the assignment's,
// as for billings (the permission model has no invoice resource): update to write.
// Separation of duties: nobody prepares, issues, deletes, marks paid or credits an invoice
// of their own work, whatever their role.

const InvoiceDraftInput = builder.inputType('InvoiceDraftInput', {
  fields: (t) => ({
    billingId: t.id({ required: true }),
    vatRate: t.string({ required: false, description: 'Percent, e.g. "20" or "5.5"; blank is 0' }),
    vatExemptionReason: t.string({ required: false, description: 'Required when the rate is 0 (EN 16931 BR-E-10)' }),
    dueDate: t.string({ required: false, description: "yyyy-mm-dd; blank: set when the invoice is issued, the seller's payment terms after the issue day (30 days unless its invoice details say otherwise)" }),
    note: t.string({ required: false }),
  }),
});

builder.mutationField('createOneInvoice', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Invoice,
    description:
      'Prepares a draft invoice (no number yet) from an APPROVED billing the selected company reviews: its own sales invoice to the client when it provides the talent, else a self-billed invoice in the talent\'s name. One standing invoice or draft per billing (CONFLICT alreadyInvoiced). Needs jobAssignment update, never on your own work (FORBIDDEN separationOfDuties); records invoice.create',
    args: { data: t.arg({ type: InvoiceDraftInput, required: true }) },
    resolve: async (_root, args, context) => {
      const { companyId, userId } = requireCompanyPermission(context, 'jobAssignment', 'update');
      const parsed = invoiceDraftSchema.safeParse(args.data);
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), INVOICE_WORDS);
      const values = parsed.data;
      const id = await context.db.transaction(async (tx) => {
        const locked = await lockReviewedBilling(tx, companyId, values.billingId);
        if (!locked) throw invalidFields([{ path: 'billingId', code: 'billingUnknown' }], INVOICE_WORDS);
        requireSeparateDuties(context, locked.talentUserId);
        const reviewed = (await loadReviewedBilling(tx, companyId, locked.id))!;
        if (!canPrepareInvoice(reviewed.status, reviewed.invoice !== null)) throw conflict(reviewed.invoice ? 'alreadyInvoiced' : 'notApproved', INVOICE_WORDS);
        const [assignment] = await tx.select().from(jobAssignment).where(eq(jobAssignment.id, locked.jobAssignmentId!));
        // The reviewing company sells the talent's work on when it sits between talent and client.
        const sells = assignment?.providerCompanyId === companyId && assignment.clientCompanyId !== null && assignment.clientCompanyId !== companyId;
        const lines: InvoiceLineValue[] =
          sells && reviewed.salesAmount !== null && reviewed.salesAmount !== reviewed.amount
            ? [{ description: `${reviewed.assignment?.roleTitle ?? 'Services'}: ${reviewed.talentName ?? ''}, ${reviewed.year}-${String(reviewed.month).padStart(2, '0')}`.trim(), quantity: '1.00', unitCode: 'C62', price: reviewed.salesAmount, amount: reviewed.salesAmount }]
            : reviewed.lines.map((line) => ({ description: line.description ?? '', quantity: line.quantity ?? '1.00', unitCode: unitCodeOf(line.unit), price: line.price ?? line.amount, amount: line.amount }));
        const totals = invoiceTotals(lines.map((line) => line.amount), values.vatRate);
        const [created] = await tx
          .insert(invoice)
          .values({
            createdById: userId,
            issuerCompanyId: companyId,
            fromCompanyId: sells ? companyId : null,
            toCompanyId: sells ? assignment!.clientCompanyId : companyId,
            jobAssignmentId: locked.jobAssignmentId,
            talentProfileId: locked.talentProfileId,
            billingId: locked.id,
            kind: 'INVOICE',
            selfBilled: !sells,
            currency: locked.currency,
            lines,
            netTotal: totals.net,
            vatRate: values.vatRate,
            vatTotal: totals.vat,
            total: totals.gross,
            description: values.note,
            invoiceDetails: values.vatExemptionReason ? { vatExemptionReason: values.vatExemptionReason } : {},
            // Blank until it is issued: then the seller's payment terms after the issue day.
            dueDate: values.dueDate,
            status: 'UNPAID',
          })
          .returning({ id: invoice.id });
        await recordEvent(tx, context.viewer, { type: 'invoice.create', toId: null, data: { entityId: created!.id, companyId, billingId: locked.id, after: { total: totals.gross, currency: locked.currency, selfBilled: !sells } } });
        return created!.id;
      });
      return findVisible(context.db, companyId, id);
    },
  }),
);

/** The next number of this issuer for this year, under the counter row's lock: gapless as long as the transaction commits. */
async function nextSequence(tx: Writer, companyId: string, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceNumberCounter)
    .values({ companyId, year, lastSequence: 1 })
    .onConflictDoUpdate({ target: [invoiceNumberCounter.companyId, invoiceNumberCounter.year], set: { lastSequence: sql`${invoiceNumberCounter.lastSequence} + 1` } })
    .returning({ lastSequence: invoiceNumberCounter.lastSequence });
  return row!.lastSequence;
}

async function noteBillingStep(context: SignedInContext, tx: Writer, row: InvoiceRow, companyId: string, before: string, after: string): Promise<void> {
  await recordEvent(tx, context.viewer, {
    type: 'billing.update',
    toId: row.talentUserId,
    data: { entityId: row.billingId!, companyId, changedFields: ['status'], before: { status: before }, after: { status: after, invoiceId: row.id, invoiceNumber: row.number } },
  });
}

/** Who moves an invoice on, and which one: the id as it was sent. */
interface InvoiceStep {
  context: SignedInContext;
  companyId: string;
  userId: string;
  id: string;
}

/**
 * A mutation that moves one of the selected company's own invoices on (issues it, marks it
 * paid), by its id: it needs jobAssignment update, runs `step` in one transaction with the
 * invoice locked (two steps at once cannot both pass its checks), never for the talent the
 * invoice concerns (separation of duties), and answers the invoice as it reads afterwards.
 */
function invoiceStepMutation(name: string, description: string, step: (tx: Writer, row: InvoiceRow, by: InvoiceStep) => Promise<void>): void {
  builder.mutationField(name, (t) =>
    t.withAuth({ signedIn: true }).field({
      type: Invoice,
      description,
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_root, args, context) => {
        const { companyId, userId } = requireCompanyPermission(context, 'jobAssignment', 'update');
        const id = String(args.id);
        await context.db.transaction(async (tx) => {
          const row = await lockIssued(tx, companyId, id);
          requireSeparateDuties(context, row.talentUserId);
          await step(tx, row, { context, companyId, userId, id });
        });
        return findVisible(context.db, companyId, id);
      },
    }),
  );
}

invoiceStepMutation(
  'issueInvoice',
  'Issues a draft of the selected company: gives it the next number of the year (gapless), copies the parties as they are now, sets the due date (unless the draft has one) to the payment terms of the seller after today, and moves its billing APPROVED → INVOICED. CONFLICT sellerIncomplete / buyerIncomplete when a party lacks its name or country. Needs jobAssignment update, never on your own work (FORBIDDEN separationOfDuties); records invoice.update and billing.update to the talent',
  async (tx, row, { context, companyId, userId, id }) => {
    if (row.issuedAt !== null) throw conflict('alreadyIssued', INVOICE_WORDS);
    const { seller, buyer, paymentTermsDays } = await partiesOf(tx, row);
    if (missingPartyFields(seller).length) throw conflict(row.selfBilled ? 'talentDetailsIncomplete' : 'sellerIncomplete', INVOICE_WORDS);
    if (missingPartyFields(buyer).length) throw conflict('buyerIncomplete', INVOICE_WORDS);
    const [current] = row.billingId ? await tx.select({ status: billing.status }).from(billing).where(eq(billing.id, row.billingId)).for('update') : [];
    if (current && current.status !== 'INVOICED' && !canChangeStatus('company', current.status, 'INVOICED')) throw conflict('notApproved', INVOICE_WORDS);
    const issuedAt = new Date();
    const year = numberingYear(issuedAt);
    const sequence = await nextSequence(tx, companyId, year);
    const number = formatInvoiceNumber(year, sequence);
    // A due date the company chose on the draft stands; else the terms run from today.
    const dueDate = row.dueDate ?? invoiceDueDate(issuedAt, paymentTermsDays);
    await tx.update(invoice).set({ number, year, sequence, issuedAt, seller, buyer, dueDate }).where(eq(invoice.id, id));
    await recordEvent(tx, context.viewer, { type: 'invoice.update', toId: null, data: { entityId: id, companyId, changedFields: ['number', 'issuedAt'], after: { number } } });
    if (row.billingId && current) {
      await tx.update(billing).set({ status: 'INVOICED', invoicedAt: issuedAt, invoicedById: userId }).where(eq(billing.id, row.billingId));
      await noteBillingStep(context, tx, { ...row, number }, companyId, current.status, 'INVOICED');
    }
  },
);

builder.mutationField('deleteOneInvoice', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: 'Boolean',
    description: 'Deletes a draft of the selected company (it has no number); an issued invoice is corrected by a credit note, never deleted (CONFLICT issued). Needs jobAssignment update, never on your own work (FORBIDDEN separationOfDuties); records invoice.delete',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'update');
      const id = String(args.id);
      await context.db.transaction(async (tx) => {
        const row = await lockIssued(tx, companyId, id);
        requireSeparateDuties(context, row.talentUserId);
        if (!canDeleteInvoice(row.issuedAt)) throw conflict('issued', INVOICE_WORDS);
        await tx.update(invoice).set({ deletedAt: new Date() }).where(eq(invoice.id, id));
        await recordEvent(tx, context.viewer, { type: 'invoice.delete', toId: null, data: { entityId: id, companyId, before: { total: row.total, currency: row.currency } } });
      });
      return true;
    },
  }),
);

invoiceStepMutation(
  'markInvoicePaid',
  "Marks an issued invoice of the selected company PAID, moves its billing INVOICED → PAID and credits the talent's balance on the company's roster with the billed amount (a SALARY entry; the roster entry is made, accepted and in the billing's currency, if there is none; CONFLICT rosterNotAccepted while the talent has not accepted an entry the company asked for). Needs jobAssignment update, never on your own work (FORBIDDEN separationOfDuties); records invoice.update, billing.update to the talent and companyTalentRoster.update",
  async (tx, row, { context, companyId, userId, id }) => {
    if (!canMarkInvoicePaid({ ...row, creditedBy: row.creditedById })) throw conflict(row.status === 'PAID' ? 'alreadyPaid' : 'notPayable', INVOICE_WORDS);
    const paidAt = new Date();
    await tx.update(invoice).set({ status: 'PAID', paidAt, paidById: userId }).where(eq(invoice.id, id));
    await recordEvent(tx, context.viewer, { type: 'invoice.update', toId: null, data: { entityId: id, companyId, changedFields: ['status'], before: { status: 'UNPAID' }, after: { status: 'PAID' } } });
    if (!row.billingId) return;
    const [paid] = await tx.select().from(billing).where(eq(billing.id, row.billingId)).for('update');
    if (!paid || !canChangeStatus('company', paid.status, 'PAID')) return;
    await creditSalary(context, tx, { companyId, userId, talentProfileId: paid.talentProfileId, talentUserId: row.talentUserId, jobAssignmentId: paid.jobAssignmentId, amount: paid.amount, currency: paid.currency });
    await tx.update(billing).set({ status: 'PAID', paidAt, paidById: userId }).where(eq(billing.id, paid.id));
    await noteBillingStep(context, tx, row, companyId, paid.status, 'PAID');
  },
);

builder.mutationField('createCreditNote', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Invoice,
    description:
      'Cancels an issued, unpaid invoice of the selected company with a credit note, issued at once with the next number (a correction is never a deletion). Its billing stays INVOICED and may be invoiced again. Needs jobAssignment update, never on your own work (FORBIDDEN separationOfDuties); records invoice.create',
    args: { invoiceId: t.arg.id({ required: true }), reason: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      const { companyId, userId } = requireCompanyPermission(context, 'jobAssignment', 'update');
      const parsed = creditNoteSchema.safeParse({ reason: args.reason });
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), INVOICE_WORDS, null);
      const id = await context.db.transaction(async (tx) => {
        const row = await lockIssued(tx, companyId, String(args.invoiceId));
        requireSeparateDuties(context, row.talentUserId);
        if (!canCreditInvoice({ ...row, creditedBy: row.creditedById })) throw conflict('notCreditable', INVOICE_WORDS);
        const issuedAt = new Date();
        const year = numberingYear(issuedAt);
        const sequence = await nextSequence(tx, companyId, year);
        const totals = creditTotals({ net: row.netTotal ?? row.total, vat: row.vatTotal ?? '0.00', gross: row.total });
        const [created] = await tx
          .insert(invoice)
          .values({
            createdById: userId,
            issuerCompanyId: companyId,
            fromCompanyId: row.fromCompanyId,
            toCompanyId: row.toCompanyId,
            jobAssignmentId: row.jobAssignmentId,
            talentProfileId: row.talentProfileId,
            billingId: row.billingId,
            kind: 'CREDIT_NOTE',
            selfBilled: row.selfBilled,
            creditedInvoiceId: row.id,
            number: formatInvoiceNumber(year, sequence),
            year,
            sequence,
            issuedAt,
            currency: row.currency,
            lines: row.lines.map((line) => ({ ...line, amount: negateMoney(line.amount) })),
            netTotal: totals.net,
            vatRate: row.vatRate,
            vatTotal: totals.vat,
            total: totals.gross,
            seller: row.seller,
            buyer: row.buyer,
            description: parsed.data.reason,
            invoiceDetails: row.invoiceDetails,
            dueDate: null,
            status: 'UNPAID',
          })
          .returning({ id: invoice.id });
        await recordEvent(tx, context.viewer, { type: 'invoice.create', toId: null, data: { entityId: created!.id, companyId, creditedInvoiceId: row.id, after: { total: totals.gross, reason: parsed.data.reason } } });
        return created!.id;
      });
      return findVisible(context.db, companyId, id);
    },
  }),
);
