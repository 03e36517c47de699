import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import { isActiveTalentStatus } from '../../../lib/job-applications/talent-status';
import { APPLICATION_MESSAGE_ERRORS } from '../../../lib/talent-jobs/application-message';
import { isUuid } from '../../../lib/ids';
import { companyHiringStep, companyRejectionReason, jobAd, jobDescription, talentJobApplication } from '../../db/schema';
import type { Writer } from '../../db/client';
import { requireMyTalentProfileId } from '../auth/my-talent-profile';
import type { Viewer } from '../auth/viewer';
import { builder } from '../builder';
import { conflict, invalidFields, notFound } from '../errors';
import { recordEvent } from '../record-event';
import { shownTalentStatus, showOwnTalentStatus } from '../job-applications/talent-statuses';
import { JobApplication, selectApplications } from './applications';
import { applicationCompanyId } from '../job-applications/received-application-rows';

// A talent withdraws her application in one step: it goes to the company's Withdrawn step at
// once (the company sees it there, and is told), with the reason she picked from the
// company's own list of withdrawal reasons, if any; she may take back its note, answers
// and documents with it, after which the application no longer shows the company her
// contact details or documents (talent-link.ts).

const WithdrawalReason = builder.objectRef<{ id: string; label: string }>('WithdrawalReason').implement({
  description: "One of the company's reasons a candidate gives for withdrawing",
  fields: (t) => ({ id: t.exposeID('id'), label: t.exposeString('label') }),
});

builder.objectField(JobApplication, 'withdrawalReasons', (t) =>
  t.withAuth({ signedIn: true }).loadableList({
    type: WithdrawalReason,
    description: "The reasons she may give when withdrawing: the company's own list (may be empty)",
    load: async (companyIds: string[], context) => {
      const known = companyIds.filter(isUuid);
      const rows = known.length
        ? await context.db
            .select({ id: companyRejectionReason.id, label: companyRejectionReason.label, companyId: companyRejectionReason.companyId })
            .from(companyRejectionReason)
            .where(and(inArray(companyRejectionReason.companyId, known), eq(companyRejectionReason.kind, 'WITHDRAWN'), isNull(companyRejectionReason.deletedAt)))
            .orderBy(asc(companyRejectionReason.order), asc(companyRejectionReason.label))
        : [];
      return companyIds.map((id) => rows.filter((row) => row.companyId === id).map(({ id: reasonId, label }) => ({ id: reasonId, label })));
    },
    resolve: (row) => row.companyId ?? '',
  }),
);

/** The company's first Withdrawn step; a company that removed every one gets one back at the end of its pipeline. */
async function withdrawnStepOf(tx: Writer, viewer: Viewer, companyId: string): Promise<{ id: string; stepName: string }> {
  const [step] = await tx
    .select({ id: companyHiringStep.id, stepName: companyHiringStep.stepName })
    .from(companyHiringStep)
    .where(and(eq(companyHiringStep.companyId, companyId), eq(companyHiringStep.group, 'WITHDRAWN'), isNull(companyHiringStep.deletedAt)))
    .orderBy(asc(companyHiringStep.order))
    .limit(1);
  if (step) return step;
  const [last] = await tx.select({ order: max(companyHiringStep.order) }).from(companyHiringStep).where(eq(companyHiringStep.companyId, companyId));
  const [created] = await tx
    .insert(companyHiringStep)
    .values({ companyId, stepName: 'Withdrawn', stepDescription: 'The talent withdrew the application', group: 'WITHDRAWN', order: (last?.order ?? 0) + 1 })
    .returning({ id: companyHiringStep.id, stepName: companyHiringStep.stepName, order: companyHiringStep.order });
  // Its audit row, as a step a member adds has (addressed to no one: nobody chose it).
  await recordEvent(tx, viewer, { type: 'companyHiringStep.create', toId: null, data: { entityId: created!.id, companyId, before: null, after: { stepName: created!.stepName, group: 'WITHDRAWN', order: created!.order } } });
  return created!;
}

builder.mutationField('withdrawMyJobApplication', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: JobApplication,
    description:
      "Withdraws the signed-in talent's application: it moves to the company's Withdrawn step at once, with one of the company's withdrawal reasons if given (reasonUnknown otherwise); eraseDocuments also takes back its note, answers and documents. NOT_FOUND for another's application; CONFLICT applicationEnded once it shows Hired, Not selected or Withdrawn. Records talentJobApplication.update (action withdraw) addressed to the company",
    args: {
      id: t.arg.id({ required: true }),
      withdrawalReasonId: t.arg.id(),
      eraseDocuments: t.arg.boolean(),
    },
    resolve: async (_root, args, context) => {
      const id = String(args.id);
      if (!isUuid(id)) throw notFound('This application');
      const profileId = await requireMyTalentProfileId(context);
      const reasonId = args.withdrawalReasonId ? String(args.withdrawalReasonId) : null;
      const erase = args.eraseDocuments === true;
      await context.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: talentJobApplication.id, stepId: talentJobApplication.companyHiringStepId, stepName: companyHiringStep.stepName, companyId: applicationCompanyId })
          .from(talentJobApplication)
          .leftJoin(jobAd, eq(jobAd.id, talentJobApplication.jobAdId))
          .leftJoin(jobDescription, eq(jobDescription.id, talentJobApplication.jobDescriptionId))
          .leftJoin(companyHiringStep, eq(companyHiringStep.id, talentJobApplication.companyHiringStepId))
          .where(and(eq(talentJobApplication.id, id), eq(talentJobApplication.talentProfileId, profileId)))
          .for('update', { of: talentJobApplication })
          .limit(1);
        if (!row) throw notFound('This application');
        // What she reads decides, not the step: a move still held from her is not hers to know.
        if (!isActiveTalentStatus((await shownTalentStatus(tx, row.id)).status)) throw conflict('applicationEnded', APPLICATION_MESSAGE_ERRORS);
        const [reason] = reasonId && isUuid(reasonId)
          ? await tx
              .select({ id: companyRejectionReason.id, label: companyRejectionReason.label })
              .from(companyRejectionReason)
              .where(and(eq(companyRejectionReason.id, reasonId), eq(companyRejectionReason.companyId, row.companyId), eq(companyRejectionReason.kind, 'WITHDRAWN'), isNull(companyRejectionReason.deletedAt)))
              .limit(1)
          : [];
        if (reasonId && !reason) throw invalidFields([{ path: 'withdrawalReasonId', code: 'reasonUnknown' }], APPLICATION_MESSAGE_ERRORS, null);
        const step = await withdrawnStepOf(tx, context.viewer, row.companyId);
        const now = new Date();
        await tx
          .update(talentJobApplication)
          .set({ companyHiringStepId: step.id, rejectionReasonId: reason?.id ?? null, stepChangedAt: now, ...(erase ? { message: null, details: {}, documentsErasedAt: now } : {}) })
          .where(eq(talentJobApplication.id, row.id));
        await showOwnTalentStatus(tx, row.id, 'WITHDRAWN', now);
        await recordEvent(tx, context.viewer, {
          type: 'talentJobApplication.update',
          toId: row.companyId,
          data: { entityId: row.id, companyId: row.companyId, talentProfileId: profileId, action: 'withdraw', fromStepId: row.stepId, fromStep: row.stepName, toStepId: step.id, toStep: step.stepName, group: 'WITHDRAWN', reasonId: reason?.id ?? null, reason: reason?.label ?? null, documentsErased: erase },
        });
      });
      const [application] = await selectApplications(context.db, eq(talentJobApplication.id, id));
      return application!;
    },
  }),
);
