import { and, asc, count, eq, isNull, max } from 'drizzle-orm';
import { COMPANY_ERRORS } from '../../../lib/forms/company-refusals';
import { HIRING_STEP_GROUPS, hiringStepCreateSchema, hiringStepGroupOf, hiringStepUpdateSchema, swapTarget } from '../../../lib/companies/hiring-steps';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { IN_PROGRESS_TALENT_STATUSES, talentStatusOfStep } from '../../../lib/job-applications/talent-status';
import { isUuid } from '../../../lib/ids';
import { companyHiringStep, talentJobApplication } from '../../db/schema';
import { builder } from '../builder';
import { conflict, invalidFields, notFound } from '../errors';
import { recordEvent } from '../record-event';
import { requireCompanyPermission } from '../auth/company-access';
import type { Writer } from '../../db/client';
import { TalentStatusEnum } from '../job-applications/talent-status-types';

// A company's hiring pipeline (the companyHiringStep entity). The list is the whole pipeline
// in order, not a page: it is short, and moving a step only makes sense against all of it.

type StepRow = typeof companyHiringStep.$inferSelect;

export const HiringStepGroupEnum = builder.enumType('HiringStepGroup', {
  description: 'What a step means whatever its name: still in progress, or an outcome',
  values: HIRING_STEP_GROUPS,
});

const StepTalentStatusEnum = builder.enumType('StepTalentStatus', {
  description: "What the talent reads while her application is in an in-progress step (the closing groups show Hired, Not selected or Withdrawn)",
  values: IN_PROGRESS_TALENT_STATUSES,
});

/** A closing step shows its group's word: only an in-progress step keeps a choice of its own. */
const talentStatusFor = (group: string | null | undefined, talentStatus: string | null | undefined) => (group === 'IN_PROGRESS' ? (talentStatus ?? null) : null);

const MoveDirection = builder.enumType('MoveDirection', { values: ['UP', 'DOWN'] as const });

const CompanyHiringStep = builder.objectRef<StepRow>('CompanyHiringStep').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    stepName: t.exposeString('stepName'),
    stepDescription: t.exposeString('stepDescription', { nullable: true }),
    order: t.exposeInt('order', { description: 'Position in the pipeline, from 1' }),
    group: t.field({
      type: HiringStepGroupEnum,
      nullable: true,
      description: 'Null for a step stored before groups had fixed meanings',
      resolve: (row) => hiringStepGroupOf(row.group),
    }),
    talentStatus: t.field({
      type: TalentStatusEnum,
      description: 'What the talent reads while her application is in this step',
      resolve: (row) => talentStatusOfStep({ group: row.group, talentStatus: row.talentStatus }),
    }),
  }),
});

const notDeletedOf = (companyId: string) => and(eq(companyHiringStep.companyId, companyId), isNull(companyHiringStep.deletedAt));

function orderedSteps(db: Writer, companyId: string, lock = false) {
  const query = db.select().from(companyHiringStep).where(notDeletedOf(companyId)).orderBy(asc(companyHiringStep.order), asc(companyHiringStep.createdAt), asc(companyHiringStep.id));
  return lock ? query.for('update') : query;
}

/** A step of this company, locked for the write; another company's id is NOT_FOUND like an unknown one. */
async function lockedStep(tx: Writer, companyId: string, id: string): Promise<StepRow> {
  const [row] = isUuid(id) ? await tx.select().from(companyHiringStep).where(and(eq(companyHiringStep.id, id), notDeletedOf(companyId))).limit(1).for('update') : [];
  if (!row) throw notFound('The hiring step');
  return row;
}

builder.queryField('findManyCompanyHiringStep', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [CompanyHiringStep],
    description: "The selected company's hiring steps in pipeline order; needs companyHiringStep read",
    resolve: async (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyHiringStep', 'read');
      return orderedSteps(context.db, companyId);
    },
  }),
);

const CreateOneCompanyHiringStepInput = builder.inputType('CreateOneCompanyHiringStepInput', {
  fields: (t) => ({
    stepName: t.string({ required: true, description: 'Trimmed, 1 to 100 characters' }),
    stepDescription: t.string({ description: 'At most 1000 characters' }),
    group: t.field({ type: HiringStepGroupEnum, required: true }),
    talentStatus: t.field({ type: StepTalentStatusEnum, description: 'For an in-progress step; In review when left out' }),
  }),
});

const UpdateOneCompanyHiringStepInput = builder.inputType('UpdateOneCompanyHiringStepInput', {
  description: 'A partial edit: what is left out stays as it is; a blank or null description empties it',
  fields: (t) => ({
    stepName: t.string(),
    stepDescription: t.string(),
    group: t.field({ type: HiringStepGroupEnum }),
    talentStatus: t.field({ type: StepTalentStatusEnum, description: 'For an in-progress step; null: In review' }),
  }),
});

builder.mutationField('createOneCompanyHiringStep', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyHiringStep,
    description: 'Adds a step at the end of the pipeline; needs companyHiringStep create. Records companyHiringStep.create',
    args: { data: t.arg({ type: CreateOneCompanyHiringStepInput, required: true }) },
    resolve: async (_root, { data }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyHiringStep', 'create');
      const parsed = hiringStepCreateSchema.safeParse(data);
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), COMPANY_ERRORS);
      return context.db.transaction(async (tx) => {
        // Locking the pipeline keeps two steps added at once from taking the same place.
        await orderedSteps(tx, companyId, true);
        const [last] = await tx.select({ order: max(companyHiringStep.order) }).from(companyHiringStep).where(notDeletedOf(companyId));
        const [created] = await tx
          .insert(companyHiringStep)
          .values({ companyId, stepName: parsed.data.stepName, stepDescription: parsed.data.stepDescription ?? null, group: parsed.data.group, talentStatus: talentStatusFor(parsed.data.group, parsed.data.talentStatus), order: (last?.order ?? 0) + 1 })
          .returning();
        await recordEvent(tx, context.viewer, {
          type: 'companyHiringStep.create',
          toId: companyId,
          data: { entityId: created!.id, companyId, before: null, after: { stepName: created!.stepName, group: created!.group, talentStatus: created!.talentStatus, order: created!.order } },
        });
        return created!;
      });
    },
  }),
);

builder.mutationField('updateOneCompanyHiringStep', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyHiringStep,
    description: 'Renames a step, changes its description, group or the status its talents read; needs companyHiringStep update. Records companyHiringStep.update',
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: UpdateOneCompanyHiringStepInput, required: true }) },
    resolve: async (_root, { id, data }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyHiringStep', 'update');
      const parsed = hiringStepUpdateSchema.safeParse({ stepName: data.stepName ?? undefined, stepDescription: data.stepDescription, group: data.group ?? undefined, talentStatus: data.talentStatus });
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), COMPANY_ERRORS);
      const set = Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined)) as Partial<Pick<StepRow, 'stepName' | 'stepDescription' | 'group' | 'talentStatus'>>;
      return context.db.transaction(async (tx) => {
        const before = await lockedStep(tx, companyId, String(id));
        // A step that closes applications shows its group's word, whatever it chose before.
        if ('talentStatus' in set || 'group' in set) set.talentStatus = talentStatusFor(set.group ?? before.group, 'talentStatus' in set ? set.talentStatus : before.talentStatus);
        if (set.talentStatus === before.talentStatus) delete set.talentStatus;
        if (Object.keys(set).length === 0) return before;
        const [updated] = await tx.update(companyHiringStep).set({ ...set, updatedAt: new Date() }).where(eq(companyHiringStep.id, before.id)).returning();
        const changed = Object.keys(set) as Array<keyof typeof set>;
        await recordEvent(tx, context.viewer, {
          type: 'companyHiringStep.update',
          toId: companyId,
          data: { entityId: before.id, companyId, before: Object.fromEntries(changed.map((key) => [key, before[key]])), after: set },
        });
        return updated!;
      });
    },
  }),
);

builder.mutationField('deleteOneCompanyHiringStep', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: 'ID',
    description:
      'Deletes a step and answers its id; needs companyHiringStep delete. Refused while applications are in it (CONFLICT stepInUse): move them first. Records companyHiringStep.delete',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyHiringStep', 'delete');
      return context.db.transaction(async (tx) => {
        const step = await lockedStep(tx, companyId, String(id));
        const [applications] = await tx.select({ total: count() }).from(talentJobApplication).where(eq(talentJobApplication.companyHiringStepId, step.id));
        if ((applications?.total ?? 0) > 0) throw conflict('stepInUse', COMPANY_ERRORS);
        // Soft delete (the table keeps deletedAt): the audit trail and reports still name it.
        await tx.update(companyHiringStep).set({ deletedAt: new Date() }).where(eq(companyHiringStep.id, step.id));
        await recordEvent(tx, context.viewer, {
          type: 'companyHiringStep.delete',
          toId: companyId,
          data: { entityId: step.id, companyId, before: { stepName: step.stepName, group: step.group, order: step.order }, after: null },
        });
        return step.id;
      });
    },
  }),
);

builder.mutationField('moveCompanyHiringStep', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [CompanyHiringStep],
    description:
      'Swaps a step with its neighbour above (UP) or below (DOWN), in one transaction, and answers the whole pipeline; at either end nothing changes. Needs companyHiringStep update. Records companyHiringStep.update',
    args: { id: t.arg.id({ required: true }), direction: t.arg({ type: MoveDirection, required: true }) },
    resolve: async (_root, { id, direction }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyHiringStep', 'update');
      return context.db.transaction(async (tx) => {
        const step = await lockedStep(tx, companyId, String(id));
        const steps = await orderedSteps(tx, companyId, true);
        const neighbour = swapTarget(steps, step.id, direction);
        if (!neighbour) return steps;
        // Positions are rewritten 1..n as well, so steps that shared an order (older data) end up distinct.
        const reordered = steps.map((candidate) => (candidate.id === step.id ? neighbour : candidate.id === neighbour.id ? step : candidate));
        for (const [index, candidate] of reordered.entries()) {
          if (candidate.order !== index + 1) await tx.update(companyHiringStep).set({ order: index + 1, updatedAt: new Date() }).where(eq(companyHiringStep.id, candidate.id));
        }
        const newOrder = reordered.findIndex((candidate) => candidate.id === step.id) + 1;
        await recordEvent(tx, context.viewer, {
          type: 'companyHiringStep.update',
          toId: companyId,
          data: { entityId: step.id, companyId, moved: direction, swappedWith: neighbour.id, before: { order: step.order }, after: { order: newOrder } },
        });
        return orderedSteps(tx, companyId);
      });
    },
  }),
);
