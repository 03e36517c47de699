import { eq } from 'drizzle-orm';
import { ASSIGNMENT_LIMITS } from '../../../lib/assignments/assignment-input';
import { COMPANY_ASSIGNMENT_ERRORS, jobAssignmentSchema, newJobAssignmentSchema } from '../../../lib/assignments/company-assignment-input';
import { COMPANY_ERRORS } from '../../../lib/forms/company-refusals';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { jobAssignment } from '../../db/schema';
import { builder, type Types } from '../builder';
import { requireCompanyPermission } from '../auth/company-access';
import { conflict, invalidFields } from '../errors';
import { recordEvent } from '../record-event';
import { checkedColumns, nameableTalent } from './company-assignment-checks';
import { hasMoneyRows, loadOwn, lockedOwn } from './company-assignment-rows';
import { CompanyJobAssignment } from './company-assignment-types';

// createOneJobAssignment, updateOneJobAssignment, deleteOneJobAssignment: the selected
// company places a talent, edits and deletes (soft) the assignments it takes part in, each
// with its event addressed to the talent.

type EventSource = Pick<
  typeof jobAssignment.$inferSelect,
  'jobDescriptionId' | 'clientCompanyId' | 'providerCompanyId' | 'salesCompanyId' | 'assignmentCurrency' | 'startDate' | 'endDate' | 'team' | 'costCenter' | 'clientPricesIsVisibleToTalent'
>;

/** What an event row keeps of an assignment: the fields people change, not the note's text. */
const eventFieldsOf = (row: EventSource) => ({
  jobDescriptionId: row.jobDescriptionId,
  clientCompanyId: row.clientCompanyId,
  providerCompanyId: row.providerCompanyId,
  salesCompanyId: row.salesCompanyId,
  assignmentCurrency: row.assignmentCurrency,
  startDate: row.startDate,
  endDate: row.endDate,
  team: row.team,
  costCenter: row.costCenter,
  clientPricesIsVisibleToTalent: row.clientPricesIsVisibleToTalent,
});

/** The fields of an assignment's input, shared by create and update. */
const assignmentInputFields = (t: PothosSchemaTypes.InputFieldBuilder<Types, 'InputObject'>) => ({
  jobDescriptionId: t.id({ description: "One of the selected company's job descriptions (required)" }),
  clientCompanyId: t.id({ description: "The selected company or one it provides talents to; empty for the job description's client" }),
  providerCompanyId: t.id({ description: 'The selected company or one that provides talents to it; empty for none' }),
  salesCompanyId: t.id({ description: 'The selected company or a company linked to it either way; empty for none' }),
  currency: t.string({ description: 'ISO 4217 code, such as EUR (required)' }),
  startDate: t.string({ description: 'yyyy-mm-dd, 1900-01-01 to 2099-12-31 (required)' }),
  endDate: t.string({ description: 'yyyy-mm-dd, not before startDate; empty while open-ended' }),
  team: t.string({ description: `At most ${ASSIGNMENT_LIMITS.team} characters` }),
  costCenter: t.string({ description: `At most ${ASSIGNMENT_LIMITS.costCenter} characters` }),
  talentNote: t.string({ description: `For the talent, at most ${ASSIGNMENT_LIMITS.talentNote} characters` }),
  clientPricesIsVisibleToTalent: t.boolean({ description: 'Whether the talent sees what the client pays (default false)' }),
});

const JobAssignmentInput = builder.inputType('JobAssignmentInput', {
  description: 'The whole assignment but its talent: a field left out is stored empty (the job description, currency and start date are required); the selected company must be its client, provider or sales company',
  fields: (t) => assignmentInputFields(t),
});

const CreateOneJobAssignmentInput = builder.inputType('CreateOneJobAssignmentInput', {
  description: 'A new assignment: the talent placed and the whole assignment',
  fields: (t) => ({
    talentProfileId: t.id({ description: "A talent on the selected company's roster or holding one of its applications (required)" }),
    ...assignmentInputFields(t),
  }),
});

/** The input's ids as text (GraphQL ids may arrive as numbers). */
const withTextIds = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).map(([key, value]) => [key, key.endsWith('Id') && typeof value === 'number' ? String(value) : value]));

builder.mutationField('createOneJobAssignment', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyJobAssignment,
    description:
      'Places a talent the selected company may name on one of its job descriptions; needs jobAssignment create. Records jobAssignment.create, addressed to the talent (their notification); the talent sees it on /talent/assignments',
    args: { data: t.arg({ type: CreateOneJobAssignmentInput, required: true }) },
    resolve: async (_root, { data }, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'create');
      const result = newJobAssignmentSchema.safeParse(withTextIds(data));
      if (!result.success) throw invalidFields(zodIssues(result.error), COMPANY_ASSIGNMENT_ERRORS);
      const { talentProfileId, ...values } = result.data;
      return context.db.transaction(async (tx) => {
        const talent = await nameableTalent(tx, companyId, talentProfileId);
        const columns = await checkedColumns(tx, companyId, values, talent ? [] : [{ path: 'talentProfileId', code: 'talentUnknown' }], null);
        const [created] = await tx.insert(jobAssignment).values({ ...columns, talentProfileId }).returning({ id: jobAssignment.id });
        await recordEvent(tx, context.viewer, {
          type: 'jobAssignment.create',
          // The talent's account, which is their notification; none for a talent added before signing up.
          toId: talent!.userId,
          data: { entityId: created!.id, companyId, talentProfileId, before: null, after: eventFieldsOf(columns) },
        });
        return loadOwn(tx, companyId, created!.id);
      });
    },
  }),
);

builder.mutationField('updateOneJobAssignment', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyJobAssignment,
    description:
      'Replaces an assignment the selected company takes part in (its talent stays); needs jobAssignment update. Records jobAssignment.update with the changed fields, addressed to the talent',
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: JobAssignmentInput, required: true }) },
    resolve: async (_root, { id, data }, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'update');
      return context.db.transaction(async (tx) => {
        const current = await lockedOwn(tx, companyId, String(id));
        const result = jobAssignmentSchema.safeParse(withTextIds(data));
        if (!result.success) throw invalidFields(zodIssues(result.error), COMPANY_ASSIGNMENT_ERRORS);
        const columns = await checkedColumns(tx, companyId, result.data, [], current.row);
        const before = eventFieldsOf(current.row);
        const after = eventFieldsOf(columns);
        const changedFields = [...Object.keys(after).filter((field) => before[field as keyof typeof before] !== after[field as keyof typeof after]), ...(current.row.talentNote !== columns.talentNote ? ['talentNote'] : [])];
        await tx.update(jobAssignment).set(columns).where(eq(jobAssignment.id, current.row.id));
        await recordEvent(tx, context.viewer, {
          type: 'jobAssignment.update',
          toId: current.talentUserId,
          data: { entityId: current.row.id, companyId, talentProfileId: current.row.talentProfileId, changedFields, before, after },
        });
        return loadOwn(tx, companyId, current.row.id);
      });
    },
  }),
);

builder.mutationField('deleteOneJobAssignment', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: 'Boolean',
    description:
      'Deletes an assignment the selected company takes part in (soft: deletedAt); refused (CONFLICT, reason jobAssignmentHasMoneyRows) while billings, invoices or balance transactions point at it, since money rows are history. Needs jobAssignment delete. Records jobAssignment.delete, addressed to the talent',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'delete');
      return context.db.transaction(async (tx) => {
        const current = await lockedOwn(tx, companyId, String(id));
        if (await hasMoneyRows(tx, current.row.id)) throw conflict('jobAssignmentHasMoneyRows', COMPANY_ERRORS);
        await tx.update(jobAssignment).set({ deletedAt: new Date() }).where(eq(jobAssignment.id, current.row.id));
        await recordEvent(tx, context.viewer, {
          type: 'jobAssignment.delete',
          toId: current.talentUserId,
          data: { entityId: current.row.id, companyId, talentProfileId: current.row.talentProfileId, before: eventFieldsOf(current.row), after: null },
        });
        return true;
      });
    },
  }),
);
