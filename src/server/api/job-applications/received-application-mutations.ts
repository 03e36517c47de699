import { and, eq, isNull } from 'drizzle-orm';
import { hiringStepGroupOf } from '../../../lib/companies/hiring-steps';
import { MAX_BULK_MOVE, reasonKindFor } from '../../../lib/job-applications/pipeline';
import { isUuid } from '../../../lib/ids';
import { companyHiringStep, companyRejectionReason, talentJobApplication } from '../../db/schema';
import { builder } from '../builder';
import { requireCompanyPermission } from '../auth/company-access';
import { invalidFields } from '../errors';
import { recordEvent } from '../record-event';
import { ownApplications } from './received-application-rows';
import { ReceivedJobApplication } from './received-application-types';
import { holdTalentStatus } from './talent-statuses';
import { talentStatusOfStep, type TalentStatusShown } from '../../../lib/job-applications/talent-status';

// moveTalentJobApplication: the selected company moves received applications through its
// hiring pipeline, one or many at once, all or none. Each move is an audit row (its history);
// the talent reads it as her application's status once the company's delay is over
// (talent-statuses.ts), and is told then.

const PIPELINE_WORDS = 'jobApplications.errors';

builder.mutationField('moveTalentJobApplication', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [ReceivedJobApplication],
    description: `Moves one or more (at most ${MAX_BULK_MOVE}) applications of the selected company to one of its hiring steps; a REJECTED or WITHDRAWN step needs a reason of that kind. All or none: an id of another company is NOT_FOUND and nothing moves. Needs talentJobApplication update and companyHiringStep read. Records talentJobApplication.update per application moved (addressed to no one: the history). The talent reads the step's public status (and the reason, when shared) once the company's talent status delay is over, and is told then (talentJobApplicationStatus.create); until then undoTalentJobApplicationMove takes it back`,
    args: {
      ids: t.arg.idList({ required: true }),
      hiringStepId: t.arg.id({ required: true }),
      rejectionReasonId: t.arg.id(),
      shareReason: t.arg.boolean({ description: 'Show the reason to the talent with her status (default true)' }),
    },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'talentJobApplication', 'update');
      requireCompanyPermission(context, 'companyHiringStep', 'read');
      const ids = [...new Set(args.ids.map(String))];
      if (ids.length > MAX_BULK_MOVE) throw invalidFields([{ path: 'ids', code: 'tooMany' }], PIPELINE_WORDS, null);
      const stepId = String(args.hiringStepId);
      const [step] = isUuid(stepId)
        ? await context.db.select().from(companyHiringStep).where(and(eq(companyHiringStep.id, stepId), eq(companyHiringStep.companyId, companyId), isNull(companyHiringStep.deletedAt))).limit(1)
        : [];
      if (!step) throw invalidFields([{ path: 'hiringStepId', code: 'stepUnknown' }], PIPELINE_WORDS, null);
      const kind = reasonKindFor(hiringStepGroupOf(step.group));
      const reasonId = args.rejectionReasonId ? String(args.rejectionReasonId) : null;
      let reason: { id: string; label: string } | null = null;
      if (kind) {
        const [found] = reasonId && isUuid(reasonId)
          ? await context.db
              .select({ id: companyRejectionReason.id, label: companyRejectionReason.label })
              .from(companyRejectionReason)
              .where(and(eq(companyRejectionReason.id, reasonId), eq(companyRejectionReason.companyId, companyId), eq(companyRejectionReason.kind, kind), isNull(companyRejectionReason.deletedAt)))
              .limit(1)
          : [];
        if (!found) throw invalidFields([{ path: 'rejectionReasonId', code: reasonId ? 'reasonUnknown' : 'reasonRequired' }], PIPELINE_WORDS, null);
        reason = found;
      }
      const next: TalentStatusShown = { status: talentStatusOfStep({ group: step.group, talentStatus: step.talentStatus }), reason: reason && args.shareReason !== false ? reason.label : null };
      let dueAt: Date | null = null;
      const moved = await context.db.transaction(async (tx) => {
        const rows = await ownApplications(tx, companyId, ids, true);
        const now = new Date();
        for (const row of rows) {
          if (row.stepId === step.id && (row.reasonId ?? null) === (reason?.id ?? null)) continue;
          await tx
            .update(talentJobApplication)
            .set({ companyHiringStepId: step.id, rejectionReasonId: reason?.id ?? null, ...(row.stepId === step.id ? {} : { stepChangedAt: now }) })
            .where(eq(talentJobApplication.id, row.id));
          await recordEvent(tx, context.viewer, {
            type: 'talentJobApplication.update',
            toId: null,
            data: { entityId: row.id, companyId, fromStepId: row.stepId, fromStep: row.stepName, toStepId: step.id, toStep: step.stepName, group: step.group, reasonId: reason?.id ?? null, reason: reason?.label ?? null },
          });
          const visibleAt = await holdTalentStatus(tx, context.viewer, { id: row.id, companyId, talentUserId: row.talentUserId, previousStepId: row.stepId, previousReasonId: row.reasonId }, next, row.talentStatusDelayMinutes, now);
          if (visibleAt && visibleAt > now) dueAt = visibleAt;
        }
        return ownApplications(tx, companyId, ids);
      });
      if (dueAt) context.heldTalentStatuses?.dueAt(dueAt);
      const order = new Map(ids.map((id, index) => [id, index]));
      return moved.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    },
  }),
);
