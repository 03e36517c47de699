import { and, eq, isNull, ne, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import { billingContentSchema, type BillingContent } from '../../../lib/billing/billing-input';
import { BILLING_ERRORS, type BillingIssue } from '../../../lib/billing/billing-issues';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { DEFAULT_LANGUAGE } from '../../../lib/i18n/namespaces';
import { defaultDueDate, periodIssue, type BillingPeriod } from '../../../lib/billing/billing-period';
import { canChangeStatus, canDeleteBilling, canEditBilling } from '../../../lib/billing/billing-status';
import { isUuid } from '../../../lib/ids';
import { billing, billingLineItem } from '../../db/schema';
import { requireMyTalentProfileId } from '../auth/my-talent-profile';
import { attachmentKeysOf, deleteUnreferencedFiles } from './attachment-files';
import { recordEvent } from '../record-event';
import { loadLines, type BillingLineRow } from './billing-rows';
import { lockMyAssignment } from './my-billing-rows';
import { changeMyBilling, notADraft, recordMyBillingEvent, reloadMyBilling } from './my-billing-changes';
import { builder } from '../builder';
import { conflict, invalidFields, notFound } from '../errors';
import { Billing } from './billing';

// The talent's billing mutations. Every one is scoped by the caller's own talent profile
// (another talent's id reads as NOT_FOUND), runs in one transaction with the row locked,
// checks the status rule of lib/billing/billing-status, computes every amount from the
// lines (an amount is never taken from the input) and logs a billing event.

const BillingLineInput = builder.inputType('BillingLineInput', {
  description: 'One line of a billing. There is no amount: it is computed as quantity × price',
  fields: (t) => ({
    id: t.id({ required: false, description: 'A stored line of this billing to change (it keeps its attachments); leave out for a new line' }),
    description: t.string({ required: true }),
    unit: t.string({ required: true, description: 'Rate unit: HOUR, DAY or MONTH' }),
    quantity: t.string({ required: true, description: 'More than 0, at most two decimals, e.g. "7.5"' }),
    price: t.string({ required: true, description: 'Per unit, 0 or more, at most two decimals, e.g. "55.00"' }),
    currency: t.string({ required: false, description: 'When given, it must be the billing currency' }),
  }),
});

const CreateMyBillingInput = builder.inputType('CreateMyBillingInput', {
  fields: (t) => ({
    jobAssignmentId: t.id({ required: true, description: 'One of your assignments' }),
    year: t.int({ required: true }),
    month: t.int({ required: true, description: '1 to 12; the current month or earlier, within the assignment; one billing per assignment and month unless rejected' }),
    currency: t.string({ required: false, description: 'ISO 4217; defaults to the assignment currency' }),
    message: t.string({ required: false }),
    lines: t.field({ type: [BillingLineInput], required: true, description: 'At least one, at most 50' }),
  }),
});

const UpdateMyBillingInput = builder.inputType('UpdateMyBillingInput', {
  description: 'The new content of a draft billing: its lines replace the stored ones (lines sent with their id are kept and changed)',
  fields: (t) => ({
    currency: t.string({ required: false, description: 'ISO 4217; left out keeps the current one' }),
    message: t.string({ required: false, description: 'Left out keeps the current message; null or blank clears it' }),
    lines: t.field({ type: [BillingLineInput], required: true, description: 'At least one, at most 50' }),
  }),
});

/** The content checked by the billing rules (the schema the billing page posts through too). */
function readContent(input: z.input<typeof billingContentSchema>): { ok: true; value: BillingContent } | { ok: false; issues: BillingIssue[] } {
  const result = billingContentSchema.safeParse(input);
  // The schema's issue codes are BillingIssueCodes: they come from readBillingContent.
  return result.success ? { ok: true, value: result.data } : { ok: false, issues: zodIssues(result.error) as BillingIssue[] };
}

/** Its own createdAt per line, a millisecond apart after `after`: lines are read back in the order they were written. */
function lineTimes(count: number, after: Date | null): Date[] {
  const start = Math.max(Date.now(), (after?.getTime() ?? 0) + 1);
  return Array.from({ length: count }, (_unused, index) => new Date(start + index));
}

function lineColumns(line: BillingContent['lines'][number]) {
  return { description: line.description, unit: line.unit, quantity: line.quantity, price: line.price, amount: line.amount, currency: line.currency };
}

builder.mutationField('createMyBilling', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Billing,
    description: 'Creates a DRAFT billing for a month of one of your assignments; amounts are computed from the lines',
    args: { data: t.arg({ type: CreateMyBillingInput, required: true }) },
    resolve: async (_root, { data }, context) => {
      const assignmentId = String(data.jobAssignmentId);
      if (!isUuid(assignmentId)) throw notFound('This assignment');
      const profileId = await requireMyTalentProfileId(context);
      const viewer = context.viewer;
      return context.db.transaction(async (tx) => {
        // Locked: two creates for the same assignment cannot both pass the one-per-month check.
        const assignment = await lockMyAssignment(tx, profileId, assignmentId);
        if (!assignment) throw notFound('This assignment');
        const period: BillingPeriod = { year: data.year, month: data.month };
        const content = readContent({ currency: data.currency?.trim() || assignment.currency || '', message: data.message, lines: data.lines });
        // In the language invalidFields words its messages in (errors.ts's translator).
        const issues = [periodIssue(period, new Date(), assignment, DEFAULT_LANGUAGE), ...(content.ok ? [] : content.issues)].filter((issue): issue is BillingIssue => issue !== null);
        if (issues.length > 0 || !content.ok) throw invalidFields(issues, BILLING_ERRORS);
        const taken = await tx
          .select({ id: billing.id })
          .from(billing)
          .where(and(eq(billing.jobAssignmentId, assignment.id), eq(billing.year, period.year), eq(billing.month, period.month), ne(billing.status, 'REJECTED'), isNull(billing.deletedAt)))
          .limit(1);
        if (taken.length > 0) throw conflict('periodTaken', BILLING_ERRORS, 'data.month');
        const { currency, message, lines, amount } = content.value;
        const [created] = await tx
          .insert(billing)
          .values({
            talentProfileId: profileId,
            jobAssignmentId: assignment.id,
            createdById: viewer.userId,
            amount,
            currency,
            message,
            year: period.year,
            month: period.month,
            status: 'DRAFT',
            dueDate: defaultDueDate(period),
          })
          .returning({ id: billing.id });
        const times = lineTimes(lines.length, null);
        await tx.insert(billingLineItem).values(lines.map((line, index) => ({ ...lineColumns(line), billingId: created!.id, createdById: viewer.userId, createdAt: times[index]! })));
        await recordEvent(tx, viewer, {
          type: 'billing.create',
          toId: assignment.companyId,
          data: { entityId: created!.id, companyId: assignment.companyId, after: { status: 'DRAFT', year: period.year, month: period.month, currency, amount, lines: lines.length } },
        });
        return reloadMyBilling(tx, profileId, created!.id);
      });
    },
  }),
);

/** What an update changes: before/after of the fields that differ, lines compared by content and order. */
function changesOf(current: { currency: string; message: string | null; amount: string }, stored: readonly BillingLineRow[], next: BillingContent) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const compare = (field: string, was: unknown, now: unknown) => {
    if (was === now) return;
    before[field] = was;
    after[field] = now;
  };
  compare('currency', current.currency, next.currency);
  compare('message', current.message, next.message);
  compare('amount', current.amount, next.amount);
  const lineKey = (line: { id: string | null; description: string | null; unit: string | null; quantity: string | null; price: string | null }) =>
    JSON.stringify([line.id, line.description, line.unit, line.quantity, line.price]);
  const linesChanged = stored.length !== next.lines.length || stored.some((line, index) => lineKey(line) !== lineKey(next.lines[index]!));
  if (linesChanged) {
    before.lines = stored.length;
    after.lines = next.lines.length;
  }
  return { before, after, changed: Object.keys(after).length > 0 };
}

builder.mutationField('updateMyBilling', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Billing,
    description: 'Changes a DRAFT billing of yours (lines, message, currency); lines left out are removed with their attachments. Anything else is refused with CONFLICT',
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: UpdateMyBillingInput, required: true }) },
    resolve: async (_root, args, context) => {
      const viewer = context.viewer;
      const { data } = args;
      // The files of the lines this update removes, deleted once it has committed.
      let orphanedFiles: string[] = [];
      const updated = await changeMyBilling(context, args.id, async (tx, current, { id, profileId }) => {
        if (!canEditBilling('talent', current.status)) throw notADraft();
        const content = readContent({
          currency: data.currency?.trim() || current.currency,
          message: data.message === undefined ? current.message : data.message,
          lines: data.lines,
        });
        if (!content.ok) throw invalidFields(content.issues, BILLING_ERRORS);
        const stored = (await loadLines(tx, [id])).get(id) ?? [];
        const storedIds = new Set(stored.map((line) => line.id));
        const unknown = content.value.lines.flatMap((line, index) => (line.id && !storedIds.has(line.id) ? [{ path: `lines.${index}.id`, code: 'lineUnknown' as const }] : []));
        if (unknown.length > 0) throw invalidFields(unknown, BILLING_ERRORS);

        const { before, after, changed } = changesOf(current, stored, content.value);
        if (!changed) return reloadMyBilling(tx, profileId, id);
        const kept = content.value.lines.filter((line) => line.id !== null);
        const added = content.value.lines.filter((line) => line.id === null);
        const keptIds = kept.map((line) => line.id!);
        orphanedFiles = attachmentKeysOf(stored.filter((line) => !keptIds.includes(line.id)).flatMap((line) => line.attachments ?? []));
        await tx.delete(billingLineItem).where(and(eq(billingLineItem.billingId, id), keptIds.length > 0 ? notInArray(billingLineItem.id, keptIds) : undefined));
        for (const line of kept) {
          await tx.update(billingLineItem).set(lineColumns(line)).where(and(eq(billingLineItem.id, line.id!), eq(billingLineItem.billingId, id)));
        }
        if (added.length > 0) {
          const latest = stored.reduce<Date | null>((max, line) => (max && max > line.createdAt ? max : line.createdAt), null);
          const times = lineTimes(added.length, latest);
          await tx.insert(billingLineItem).values(added.map((line, index) => ({ ...lineColumns(line), billingId: id, createdById: viewer.userId, createdAt: times[index]! })));
        }
        await tx.update(billing).set({ currency: content.value.currency, message: content.value.message, amount: content.value.amount }).where(eq(billing.id, id));
        await recordMyBillingEvent(tx, viewer, 'billing.update', { ...current, id }, { changedFields: Object.keys(after), before, after });
        return reloadMyBilling(tx, profileId, id);
      });
      await deleteUnreferencedFiles(context.storage, orphanedFiles);
      return updated;
    },
  }),
);

builder.mutationField('sendMyBilling', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Billing,
    description: 'Sends a DRAFT billing of yours to the company (DRAFT → SENT); it can no longer be changed then',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) =>
      changeMyBilling(context, args.id, async (tx, current, { id, profileId }) => {
        if (!canChangeStatus('talent', current.status, 'SENT')) throw notADraft();
        await tx.update(billing).set({ status: 'SENT', sentAt: new Date() }).where(eq(billing.id, id));
        await recordMyBillingEvent(tx, context.viewer, 'billing.update', { ...current, id }, { changedFields: ['status'], before: { status: current.status }, after: { status: 'SENT' } });
        return reloadMyBilling(tx, profileId, id);
      }),
  }),
);

builder.mutationField('deleteMyBilling', (t) =>
  t.withAuth({ signedIn: true }).id({
    description: 'Deletes a DRAFT billing of yours (kept as deleted, out of every list); returns its id',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) =>
      changeMyBilling(context, args.id, async (tx, current, { id }) => {
        if (!canDeleteBilling('talent', current.status)) throw notADraft();
        await tx.update(billing).set({ deletedAt: new Date() }).where(eq(billing.id, id));
        const { status, year, month, amount, currency } = current;
        await recordMyBillingEvent(tx, context.viewer, 'billing.delete', { ...current, id }, { before: { status, year, month, amount, currency } });
        return id;
      }),
  }),
);
