import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { MAX_BULK_MOVE } from '../../../lib/job-applications/pipeline';
import type { AppDatabase } from '../../db/client';
import { companyHiringStep, companyRejectionReason, jobAd, jobDescription, talentJobApplication, talentJobApplicationStatus, talentProfile } from '../../db/schema';
import { requireCompanyPermission } from '../auth/company-access';
import { builder } from '../builder';
import { conflict, invalidFields } from '../errors';
import { createHeldWork, type HeldWork, type HeldWorkListener } from '../held-work';
import { recordEvent } from '../record-event';
import { applicationCompanyId, ownApplications } from './received-application-rows';
import { ReceivedJobApplication } from './received-application-types';
import { dueTalentStatusIds, publishTalentStatus } from './talent-statuses';

// Moves of applications held back before their talent sees them (the talent status delay of
// lib/job-applications/talent-status.ts): they go out when due, as held writes do
// (held-work.ts), and until then the company may take them back (undoTalentJobApplicationMove).

const PIPELINE_WORDS = 'jobApplications.errors';

/** One held change out, when still held and due: the application's company and talent are read again, as they are now. */
async function publishOne(db: AppDatabase, id: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(talentJobApplicationStatus)
      .where(and(eq(talentJobApplicationStatus.id, id), isNull(talentJobApplicationStatus.publishedAt), lte(talentJobApplicationStatus.visibleAt, now)))
      .for('update', { skipLocked: true })
      .limit(1);
    if (!row) return false;
    const [owner] = await tx
      .select({ companyId: applicationCompanyId, talentUserId: talentProfile.userId })
      .from(talentJobApplication)
      .innerJoin(talentProfile, eq(talentProfile.id, talentJobApplication.talentProfileId))
      .leftJoin(jobAd, eq(jobAd.id, talentJobApplication.jobAdId))
      .leftJoin(jobDescription, eq(jobDescription.id, talentJobApplication.jobDescriptionId))
      .where(eq(talentJobApplication.id, row.talentJobApplicationId))
      .limit(1);
    await publishTalentStatus(tx, row, owner?.companyId ?? '', owner?.talentUserId ?? null);
    return true;
  });
}

export function createHeldTalentStatuses(options: { db: AppDatabase; listeners: readonly HeldWorkListener[]; log: (message: string) => void; sweepSeconds?: number }): HeldWork {
  const { db } = options;
  return createHeldWork({ name: 'applications', due: (now) => dueTalentStatusIds(db, now), deliver: (id, now) => publishOne(db, id, now), listeners: options.listeners, log: options.log, sweepSeconds: options.sweepSeconds });
}

builder.mutationField('undoTalentJobApplicationMove', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [ReceivedJobApplication],
    description: `Takes back the last moves of applications of the selected company while their talents have not seen them yet (the company's talent status delay): each goes back to the step (and reason) it was in before, and its talent is never told. At most ${MAX_BULK_MOVE}; an id of another company is NOT_FOUND; CONFLICT undoTooLate when none can be taken back. Needs talentJobApplication update. Records talentJobApplication.update (action undo) per application`,
    args: { ids: t.arg.idList({ required: true }) },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'talentJobApplication', 'update');
      const ids = [...new Set(args.ids.map(String))];
      if (ids.length > MAX_BULK_MOVE) throw invalidFields([{ path: 'ids', code: 'tooMany' }], PIPELINE_WORDS, null);
      return context.db.transaction(async (tx) => {
        const rows = await ownApplications(tx, companyId, ids, true);
        const now = new Date();
        const held = await tx
          .delete(talentJobApplicationStatus)
          .where(and(inArray(talentJobApplicationStatus.talentJobApplicationId, rows.map((row) => row.id)), isNull(talentJobApplicationStatus.publishedAt), gt(talentJobApplicationStatus.visibleAt, now)))
          .returning();
        if (!held.length) throw conflict('undoTooLate', PIPELINE_WORDS);
        for (const change of held) {
          const row = rows.find((one) => one.id === change.talentJobApplicationId)!;
          // The step it came from, when it is still one of the company's; the reason likewise.
          const [back] = change.previousStepId
            ? await tx.select({ id: companyHiringStep.id, stepName: companyHiringStep.stepName, group: companyHiringStep.group }).from(companyHiringStep).where(and(eq(companyHiringStep.id, change.previousStepId), eq(companyHiringStep.companyId, companyId), isNull(companyHiringStep.deletedAt))).limit(1)
            : [];
          const [reason] = change.previousReasonId
            ? await tx.select({ id: companyRejectionReason.id, label: companyRejectionReason.label }).from(companyRejectionReason).where(and(eq(companyRejectionReason.id, change.previousReasonId), eq(companyRejectionReason.companyId, companyId))).limit(1)
            : [];
          await tx.update(talentJobApplication).set({ companyHiringStepId: back?.id ?? null, rejectionReasonId: reason?.id ?? null, stepChangedAt: now }).where(eq(talentJobApplication.id, row.id));
          await recordEvent(tx, context.viewer, {
            type: 'talentJobApplication.update',
            toId: null,
            data: { entityId: row.id, companyId, action: 'undo', fromStepId: row.stepId, fromStep: row.stepName, toStepId: back?.id ?? null, toStep: back?.stepName ?? null, group: back?.group ?? null, reasonId: reason?.id ?? null, reason: reason?.label ?? null },
          });
        }
        return ownApplications(tx, companyId, held.map((change) => change.talentJobApplicationId));
      });
    },
  }),
);
