import { and, arrayOverlaps, eq, notExists, sql } from 'drizzle-orm';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { DEFAULT_SCORECARD, INTERVIEW_DURATION, MAX_PROPOSED_SLOTS, interviewPlanSchema } from '../../../lib/interviews/interview-rules';
import { isTimeZone, slotRuleSchema, slotsByRule, type TimeRange } from '../../../lib/interviews/slot-rule';
import type { Writer } from '../../db/client';
import { interview, interviewOfferedSlot, interviewPlan, interviewSlot } from '../../db/schema';
import { requireCompanyPermission } from '../auth/company-access';
import { builder } from '../builder';
import { conflict, invalidFields } from '../errors';
import { ownApplications } from '../job-applications/received-application-rows';
import { recordEvent } from '../record-event';
import { INTERVIEW_ERRORS, InterviewLocationKindEnum, requireMembers } from './interview-plans';
import { busyRanges, companyInterview, type InterviewRow } from './interview-rows';
import { Interview, withNames } from './interview-types';

// Proposing interview times (interviews): a member offers the talent of an application some
// times, by hand or by the slot rule, for the application's step (its plan gives duration,
// interviewers, location and scorecard unless the member says otherwise). The times go to
// the application's open interview when it has one, else to a new one. A time already offered
// to another applicant with a shared interviewer is the same slot: whoever books it first has it.

const SlotRuleInput = builder.inputType('InterviewSlotRuleInput', {
  fields: (t) => ({
    fromDay: t.string({ required: true, description: 'YYYY-MM-DD in timeZone' }),
    toDay: t.string({ required: true, description: 'YYYY-MM-DD in timeZone, at most 31 days after fromDay' }),
    dayStart: t.string({ required: true, description: 'HH:MM' }),
    dayEnd: t.string({ required: true, description: 'HH:MM' }),
    weekdays: t.intList({ required: true, description: 'ISO weekdays, 1 Monday to 7 Sunday' }),
    bufferMinutes: t.int({ required: true, description: 'Kept clear before and after the interviewers’ booked interviews, 0 to 240' }),
    everyMinutes: t.int({ required: true, description: 'A time starts every N minutes, 5 to 480' }),
  }),
});

const ProposeInterviewTimesInput = builder.inputType('ProposeInterviewTimesInput', {
  fields: (t) => ({
    times: t.field({ type: ['DateTime'], description: 'Start times chosen by hand' }),
    rule: t.field({ type: SlotRuleInput, description: 'Times made by the slot rule' }),
    timeZone: t.string({ required: true, description: "The organiser's IANA zone: the rule's hours and the invitation's times" }),
    durationMinutes: t.int({ description: "Defaults to the step's plan, else 45" }),
    interviewerIds: t.idList({ description: "Defaults to the step's plan, else the caller" }),
    locationKind: t.field({ type: InterviewLocationKindEnum, description: "Defaults to the step's plan, else VIDEO" }),
    location: t.string({ description: "Defaults to the step's plan" }),
  }),
});

/** A free slot of this company at exactly this time already offered with one of these interviewers, else a new one. */
async function slotFor(tx: Writer, companyId: string, userId: string, range: TimeRange, interviewerIds: readonly string[]): Promise<string> {
  const booked = tx.select({ one: sql`1` }).from(interview).where(eq(interview.slotId, interviewSlot.id));
  const [shared] = await tx
    .select({ id: interviewSlot.id })
    .from(interviewSlot)
    .innerJoin(interviewOfferedSlot, eq(interviewOfferedSlot.slotId, interviewSlot.id))
    .innerJoin(interview, eq(interview.id, interviewOfferedSlot.interviewId))
    .where(and(eq(interviewSlot.companyId, companyId), eq(interviewSlot.startsAt, range.start), eq(interviewSlot.endsAt, range.end), arrayOverlaps(interview.interviewerIds, [...interviewerIds]), notExists(booked)))
    .limit(1);
  if (shared) return shared.id;
  const [created] = await tx.insert(interviewSlot).values({ companyId, startsAt: range.start, endsAt: range.end, createdByUserId: userId }).returning({ id: interviewSlot.id });
  return created!.id;
}

builder.mutationField('proposeInterviewTimes', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Interview,
    description:
      "Offers the talent of an application times for an interview (by hand, by rule, or both; at most 30); needs talentJobApplication read and update. Adds them to the application's open interview, else starts one. Records interview.create (or interview.update), addressed to the talent",
    args: { jobApplicationId: t.arg.id({ required: true }), data: t.arg({ type: ProposeInterviewTimesInput, required: true }) },
    resolve: async (_root, { jobApplicationId, data }, context) => {
      const { companyId, userId } = requireCompanyPermission(context, 'talentJobApplication', 'read', 'update');
      if (!isTimeZone(data.timeZone)) throw invalidFields([{ path: 'timeZone', code: 'timeZoneUnknown' }], INTERVIEW_ERRORS);
      const now = new Date();
      const saved = await context.db.transaction(async (tx) => {
        const [application] = await ownApplications(tx, companyId, [String(jobApplicationId)], true);
        if (application!.stepGroup && application!.stepGroup !== 'IN_PROGRESS') throw conflict('applicationClosed', INTERVIEW_ERRORS);
        const [plan] = application!.stepId ? await tx.select().from(interviewPlan).where(eq(interviewPlan.companyHiringStepId, application!.stepId)).limit(1) : [];
        const parsed = interviewPlanSchema.safeParse({
          durationMinutes: data.durationMinutes ?? plan?.durationMinutes ?? INTERVIEW_DURATION.default,
          interviewerIds: (data.interviewerIds ?? plan?.interviewerIds ?? []).map(String),
          locationKind: data.locationKind ?? plan?.locationKind ?? 'VIDEO',
          location: data.location !== undefined && data.location !== null ? data.location : (plan?.location ?? null),
          attributes: [],
          questions: [],
        });
        if (!parsed.success) throw invalidFields(zodIssues(parsed.error), INTERVIEW_ERRORS);
        const chosen = await requireMembers(tx, companyId, parsed.data.interviewerIds);
        const interviewerIds = chosen.length ? chosen : [userId];
        const duration = parsed.data.durationMinutes * 60_000;

        const ranges: TimeRange[] = [];
        for (const start of data.times ?? []) {
          if (start <= now) throw invalidFields([{ path: 'times', code: 'slotInPast' }], INTERVIEW_ERRORS);
          ranges.push({ start, end: new Date(start.getTime() + duration) });
        }
        if (data.rule) {
          const rule = slotRuleSchema.safeParse({ ...data.rule, durationMinutes: parsed.data.durationMinutes, timeZone: data.timeZone });
          if (!rule.success) throw invalidFields(zodIssues(rule.error), INTERVIEW_ERRORS, 'data.rule');
          const from = new Date(`${rule.data.fromDay}T00:00:00Z`);
          const to = new Date(Date.parse(`${rule.data.toDay}T00:00:00Z`) + 2 * 86_400_000);
          const made = slotsByRule(rule.data, await busyRanges(tx, interviewerIds, new Date(from.getTime() - 86_400_000), to), now);
          if (!made.length) throw invalidFields([{ path: 'rule', code: 'noSlotsByRule' }], INTERVIEW_ERRORS);
          ranges.push(...made);
        }
        const unique = [...new Map(ranges.map((range) => [range.start.getTime(), range])).values()].sort((a, b) => a.start.getTime() - b.start.getTime());
        if (!unique.length) throw invalidFields([{ path: 'times', code: 'slotsRequired' }], INTERVIEW_ERRORS);
        if (unique.length > MAX_PROPOSED_SLOTS) throw invalidFields([{ path: 'times', code: 'tooManySlots', params: { max: MAX_PROPOSED_SLOTS } }], INTERVIEW_ERRORS);

        const [open] = await tx
          .select({ id: interview.id })
          .from(interview)
          .where(and(eq(interview.jobApplicationId, application!.id), eq(interview.status, 'PROPOSED')))
          .limit(1);
        let row: InterviewRow;
        if (open) {
          const locked = await companyInterview(tx, companyId, open.id, true);
          [row] = (await tx
            .update(interview)
            .set({ durationMinutes: parsed.data.durationMinutes, interviewerIds, locationKind: parsed.data.locationKind, location: parsed.data.location ?? null, timeZone: data.timeZone, otherTimesNote: null, updatedAt: now })
            .where(eq(interview.id, locked.id))
            .returning()) as [InterviewRow];
        } else {
          [row] = (await tx
            .insert(interview)
            .values({
              companyId,
              jobApplicationId: application!.id,
              talentProfileId: application!.talentProfileId,
              companyHiringStepId: application!.stepId,
              durationMinutes: parsed.data.durationMinutes,
              timeZone: data.timeZone,
              locationKind: parsed.data.locationKind,
              location: parsed.data.location ?? null,
              interviewerIds,
              scorecard: plan?.scorecard ?? DEFAULT_SCORECARD,
              organizerUserId: userId,
            })
            .returning()) as [InterviewRow];
        }
        for (const range of unique) {
          const slotId = await slotFor(tx, companyId, userId, range, interviewerIds);
          await tx.insert(interviewOfferedSlot).values({ interviewId: row.id, slotId }).onConflictDoNothing();
        }
        await recordEvent(tx, context.viewer, {
          type: open ? 'interview.update' : 'interview.create',
          toId: application!.talentUserId,
          data: { entityId: row.id, companyId, jobApplicationId: application!.id, talentProfileId: row.talentProfileId, side: 'company', ...(open ? { action: 'propose' } : {}), times: unique.length },
        });
        return row;
      });
      const [item] = await withNames(context.db, [saved]);
      return item!;
    },
  }),
);
