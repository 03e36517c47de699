import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { isUuid } from '../../../lib/ids';
import { INTERVIEW_LOCATION_KINDS, interviewPlanSchema } from '../../../lib/interviews/interview-rules';
import { can } from '../../../lib/permissions/effective-permissions';
import type { Writer } from '../../db/client';
import { companyHiringStep, companyOnUser, interviewPlan, user } from '../../db/schema';
import { requireCompanyPermission } from '../auth/company-access';
import { builder } from '../builder';
import type { SignedInContext } from '../context';
import { invalidFields, notFound } from '../errors';
import { recordEvent } from '../record-event';

// Interview plans (interviews): how a hiring step interviews - its duration, interviewers,
// location and scorecard - set on the hiring steps settings by whoever updates steps, read by
// whoever proposes interview times. One plan per step; an interview copies it when proposed.

export const INTERVIEW_ERRORS = 'interviews.errors';

type PlanRow = typeof interviewPlan.$inferSelect;

export const InterviewLocationKindEnum = builder.enumType('InterviewLocationKind', { values: INTERVIEW_LOCATION_KINDS });

export const InterviewPlan = builder.objectRef<PlanRow>('InterviewPlan').implement({
  description: "A hiring step's interview plan: copied into each interview proposed for that step",
  fields: (t) => ({
    id: t.exposeID('id'),
    hiringStepId: t.exposeID('companyHiringStepId'),
    durationMinutes: t.exposeInt('durationMinutes'),
    interviewerIds: t.field({ type: ['ID'], resolve: (row) => row.interviewerIds }),
    locationKind: t.field({ type: InterviewLocationKindEnum, resolve: (row) => row.locationKind as (typeof INTERVIEW_LOCATION_KINDS)[number] }),
    location: t.exposeString('location', { nullable: true }),
    attributes: t.stringList({ resolve: (row) => row.scorecard.attributes }),
    questions: t.stringList({ resolve: (row) => row.scorecard.questions }),
  }),
});

/** Who may read plans: whoever reads the steps, or proposes interviews (updates applications). */
function planReader(context: SignedInContext) {
  const scope = context.company;
  if (scope && (can(scope.permissions, 'companyHiringStep', 'read') || can(scope.permissions, 'talentJobApplication', 'update'))) return { companyId: scope.companyId };
  return requireCompanyPermission(context, 'companyHiringStep', 'read');
}

/** Members of the company among these ids; NOT a member is refused as an unknown interviewer. */
export async function requireMembers(db: Writer, companyId: string, ids: readonly string[], field = 'interviewerIds'): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const members = unique.every(isUuid)
    ? await db.select({ userId: companyOnUser.userId }).from(companyOnUser).where(and(eq(companyOnUser.companyId, companyId), inArray(companyOnUser.userId, unique)))
    : [];
  if (members.length !== unique.length) throw invalidFields([{ path: field, code: 'interviewerUnknown' }], INTERVIEW_ERRORS);
  return unique;
}

const InterviewPlanInput = builder.inputType('InterviewPlanInput', {
  fields: (t) => ({
    durationMinutes: t.int({ required: true, description: '15 to 480' }),
    interviewerIds: t.idList({ required: true, description: "Members of the company, at most 10" }),
    locationKind: t.field({ type: InterviewLocationKindEnum, required: true }),
    location: t.string({ description: 'The address, phone number or video link; at most 500 characters' }),
    attributes: t.stringList({ required: true, description: 'Rated 1 to 4 on the scorecard; at most 12, 80 characters each' }),
    questions: t.stringList({ required: true, description: 'Answered on the scorecard, each required; at most 12, 300 characters each' }),
  }),
});

builder.queryField('findManyInterviewPlan', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [InterviewPlan],
    description: "The selected company's interview plans; needs companyHiringStep read or talentJobApplication update",
    resolve: (_root, _args, context) => {
      const { companyId } = planReader(context);
      return context.db.select().from(interviewPlan).where(eq(interviewPlan.companyId, companyId)).orderBy(asc(interviewPlan.createdAt));
    },
  }),
);

const InterviewerChoice = builder.objectRef<{ userId: string; name: string }>('InterviewerChoice').implement({
  fields: (t) => ({ userId: t.exposeID('userId'), name: t.exposeString('name') }),
});

builder.queryField('findManyInterviewerChoice', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [InterviewerChoice],
    description: "The selected company's members, who may interview; for whoever reads plans",
    resolve: async (_root, _args, context) => {
      const { companyId } = planReader(context);
      const rows = await context.db
        .select({ userId: user.id, name: user.displayName, email: user.email })
        .from(companyOnUser)
        .innerJoin(user, eq(user.id, companyOnUser.userId))
        .where(and(eq(companyOnUser.companyId, companyId), eq(user.status, 'active')))
        .orderBy(asc(user.displayName), asc(user.email));
      return rows.map((row) => ({ userId: row.userId, name: row.name?.trim() || row.email }));
    },
  }),
);

async function ownStep(db: Writer, companyId: string, id: string) {
  const [step] = isUuid(id) ? await db.select({ id: companyHiringStep.id }).from(companyHiringStep).where(and(eq(companyHiringStep.id, id), eq(companyHiringStep.companyId, companyId), isNull(companyHiringStep.deletedAt))).limit(1) : [];
  if (!step) throw notFound('The hiring step');
  return step;
}

builder.mutationField('setInterviewPlan', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: InterviewPlan,
    description: "Sets a hiring step's interview plan (creates or replaces it); needs companyHiringStep update. Records interviewPlan.update",
    args: { hiringStepId: t.arg.id({ required: true }), data: t.arg({ type: InterviewPlanInput, required: true }) },
    resolve: async (_root, { hiringStepId, data }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyHiringStep', 'update');
      const parsed = interviewPlanSchema.safeParse({ ...data, location: data.location ?? null });
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), INTERVIEW_ERRORS);
      return context.db.transaction(async (tx) => {
        const step = await ownStep(tx, companyId, String(hiringStepId));
        const interviewerIds = await requireMembers(tx, companyId, parsed.data.interviewerIds);
        const values = {
          durationMinutes: parsed.data.durationMinutes,
          interviewerIds,
          locationKind: parsed.data.locationKind,
          location: parsed.data.location ?? null,
          scorecard: { attributes: parsed.data.attributes.map((item) => item.trim()).filter(Boolean), questions: parsed.data.questions.map((item) => item.trim()).filter(Boolean) },
        };
        const [before] = await tx.select().from(interviewPlan).where(eq(interviewPlan.companyHiringStepId, step.id)).limit(1).for('update');
        const [saved] = before
          ? await tx.update(interviewPlan).set({ ...values, updatedAt: new Date() }).where(eq(interviewPlan.id, before.id)).returning()
          : await tx.insert(interviewPlan).values({ companyId, companyHiringStepId: step.id, ...values }).returning();
        await recordEvent(tx, context.viewer, {
          type: 'interviewPlan.update',
          toId: companyId,
          data: { entityId: saved!.id, companyId, hiringStepId: step.id, before: before ? { durationMinutes: before.durationMinutes, locationKind: before.locationKind } : null, after: { durationMinutes: values.durationMinutes, locationKind: values.locationKind } },
        });
        return saved!;
      });
    },
  }),
);

builder.mutationField('removeInterviewPlan', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: 'Boolean',
    description: "Removes a hiring step's interview plan (interviews already proposed keep their copy); needs companyHiringStep update. Records interviewPlan.update",
    args: { hiringStepId: t.arg.id({ required: true }) },
    resolve: async (_root, { hiringStepId }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyHiringStep', 'update');
      return context.db.transaction(async (tx) => {
        const step = await ownStep(tx, companyId, String(hiringStepId));
        const [removed] = await tx.delete(interviewPlan).where(eq(interviewPlan.companyHiringStepId, step.id)).returning({ id: interviewPlan.id });
        if (!removed) return false;
        await recordEvent(tx, context.viewer, { type: 'interviewPlan.update', toId: companyId, data: { entityId: removed.id, companyId, hiringStepId: step.id, action: 'remove', before: null, after: null } });
        return true;
      });
    },
  }),
);
