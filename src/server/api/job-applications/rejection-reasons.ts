import { and, eq, isNull, max } from 'drizzle-orm';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { isUuid } from '../../../lib/ids';
import { rejectionReasonCreateSchema, rejectionReasonUpdateSchema } from '../../../lib/job-applications/rejection-reason-input';
import { companyRejectionReason } from '../../db/schema';
import { builder } from '../builder';
import { invalidFields, notFound } from '../errors';
import { recordEvent } from '../record-event';
import { requireCompanyPermission } from '../auth/company-access';
import type { Writer } from '../../db/client';
import { RejectionReason } from './received-application-types';

// A company keeps its own list of rejection reasons: added, renamed and removed with the
// hiring pipeline's permissions (companyHiringStep), since they are part of it. A removed
// reason is only hidden (deleted_at): the applications that ended with it keep saying why.
// The event types have none for them: each write is logged as company.update, marked.

const PIPELINE_WORDS = 'jobApplications.errors';

async function ownReason(db: Writer, companyId: string, id: string) {
  const [row] = isUuid(id)
    ? await db.select().from(companyRejectionReason).where(and(eq(companyRejectionReason.id, id), eq(companyRejectionReason.companyId, companyId), isNull(companyRejectionReason.deletedAt))).limit(1).for('update')
    : [];
  if (!row) throw notFound('The reason');
  return row;
}

const RejectionReasonInput = builder.inputType('CreateOneCompanyRejectionReasonInput', {
  fields: (t) => ({ kind: t.string({ required: true, description: 'REJECTED or WITHDRAWN' }), label: t.string({ required: true, description: '1 to 200 characters' }) }),
});

builder.mutationField('createOneCompanyRejectionReason', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: RejectionReason,
    description: 'Adds a reason at the end of its kind; needs companyHiringStep create. Records company.update (rejectionReason created)',
    args: { data: t.arg({ type: RejectionReasonInput, required: true }) },
    resolve: async (_root, { data }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyHiringStep', 'create');
      const parsed = rejectionReasonCreateSchema.safeParse(data);
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), PIPELINE_WORDS);
      return context.db.transaction(async (tx) => {
        const [last] = await tx.select({ order: max(companyRejectionReason.order) }).from(companyRejectionReason).where(and(eq(companyRejectionReason.companyId, companyId), eq(companyRejectionReason.kind, parsed.data.kind)));
        const [created] = await tx.insert(companyRejectionReason).values({ companyId, kind: parsed.data.kind, label: parsed.data.label, order: (last?.order ?? 0) + 1 }).returning();
        await recordEvent(tx, context.viewer, { type: 'company.update', toId: companyId, data: { entityId: companyId, companyId, rejectionReason: 'created', reasonId: created!.id, before: null, after: { kind: created!.kind, label: created!.label } } });
        return { id: created!.id, kind: created!.kind, label: created!.label };
      });
    },
  }),
);

builder.mutationField('updateOneCompanyRejectionReason', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: RejectionReason,
    description: 'Renames a reason; needs companyHiringStep update. Records company.update (rejectionReason updated)',
    args: { id: t.arg.id({ required: true }), label: t.arg.string({ required: true }) },
    resolve: async (_root, { id, label }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyHiringStep', 'update');
      const parsed = rejectionReasonUpdateSchema.safeParse({ label });
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), PIPELINE_WORDS, null);
      return context.db.transaction(async (tx) => {
        const before = await ownReason(tx, companyId, String(id));
        await tx.update(companyRejectionReason).set({ label: parsed.data.label }).where(eq(companyRejectionReason.id, before.id));
        await recordEvent(tx, context.viewer, { type: 'company.update', toId: companyId, data: { entityId: companyId, companyId, rejectionReason: 'updated', reasonId: before.id, before: { label: before.label }, after: { label: parsed.data.label } } });
        return { id: before.id, kind: before.kind, label: parsed.data.label };
      });
    },
  }),
);

builder.mutationField('deleteOneCompanyRejectionReason', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: 'Boolean',
    description: 'Removes a reason from the list (applications that ended with it keep it); needs companyHiringStep delete. Records company.update (rejectionReason deleted)',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyHiringStep', 'delete');
      return context.db.transaction(async (tx) => {
        const before = await ownReason(tx, companyId, String(id));
        await tx.update(companyRejectionReason).set({ deletedAt: new Date() }).where(eq(companyRejectionReason.id, before.id));
        await recordEvent(tx, context.viewer, { type: 'company.update', toId: companyId, data: { entityId: companyId, companyId, rejectionReason: 'deleted', reasonId: before.id, before: { kind: before.kind, label: before.label }, after: null } });
        return true;
      });
    },
  }),
);
