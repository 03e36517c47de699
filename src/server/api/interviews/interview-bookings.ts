import { and, eq } from 'drizzle-orm';
import { interviewNoteSchema, mayStillChange } from '../../../lib/interviews/interview-rules';
import { isUuid } from '../../../lib/ids';
import type { Writer } from '../../db/client';
import { isUniqueViolation } from '../../db/database-error';
import { interview, interviewOfferedSlot, interviewSlot } from '../../db/schema';
import { companySide, requireCompanyPermission } from '../auth/company-access';
import { requireMyTalentProfileId } from '../auth/my-talent-profile';
import { builder } from '../builder';
import type { SignedInContext } from '../context';
import { conflict, invalidFields } from '../errors';
import { recordEvent } from '../record-event';
import { INTERVIEW_ERRORS } from './interview-plans';
import { interviewCalendarMails, type InvitationKind } from './interview-invitations';
import { busyRanges, companyInterview, peopleOf, talentInterview, type InterviewRow } from './interview-rows';
import { Interview, withNames } from './interview-types';

// Booking, moving and cancelling an interview (interviews). The talent books one of the
// times offered; either side moves a booked interview until the reschedule cutoff (12 hours
// before), or cancels it with a reason; the talent may ask for other times instead. Each
// booking, move and cancel mails every participant the calendar invitation: the same UID,
// SEQUENCE one more each time. A slot two people book at once goes to one of them: the
// database's unique index on interview.slot_id refuses the second, who is told so.

type Side = 'company' | 'talent';

/**
 * Who the caller is to interviews: a member of the selected company who updates
 * applications, or a talent. Asked before the transaction (the talent's profile is read
 * outside it: the embedded database has one connection).
 */
async function callerOf(context: SignedInContext): Promise<{ side: 'company'; companyId: string } | { side: 'talent'; profileId: string }> {
  if (companySide(context)) return { side: 'company', companyId: requireCompanyPermission(context, 'talentJobApplication', 'read', 'update').companyId };
  return { side: 'talent', profileId: await requireMyTalentProfileId(context) };
}

/** The interview as the caller's side reaches it, locked; anyone else's is NOT_FOUND. */
async function reachInterview(tx: Writer, caller: Awaited<ReturnType<typeof callerOf>>, id: string): Promise<{ row: InterviewRow; side: Side }> {
  if (caller.side === 'company') return { row: await companyInterview(tx, caller.companyId, id, true), side: 'company' };
  return { row: await talentInterview(tx, caller.profileId, id, true), side: 'talent' };
}

/** One of the times offered to this interview, with its range; anything else is refused as not offered. */
async function offeredSlot(tx: Writer, interviewId: string, slotId: string) {
  const [slot] = isUuid(slotId)
    ? await tx
        .select({ id: interviewSlot.id, start: interviewSlot.startsAt, end: interviewSlot.endsAt })
        .from(interviewOfferedSlot)
        .innerJoin(interviewSlot, eq(interviewSlot.id, interviewOfferedSlot.slotId))
        .where(and(eq(interviewOfferedSlot.interviewId, interviewId), eq(interviewOfferedSlot.slotId, slotId)))
        .limit(1)
    : [];
  if (!slot) throw invalidFields([{ path: 'slotId', code: 'slotNotOffered' }], INTERVIEW_ERRORS, null);
  // Booked by another interview already (the unique index says the same of a booking under way).
  const [holder] = await tx.select({ id: interview.id }).from(interview).where(eq(interview.slotId, slot.id)).limit(1);
  if (holder && holder.id !== interviewId) throw conflict('slotTaken', INTERVIEW_ERRORS, 'slotId');
  return slot;
}

/** The slot for a time a member types when moving an interview: offered to it from now on. */
async function newSlot(tx: Writer, row: InterviewRow, userId: string, start: Date) {
  const end = new Date(start.getTime() + row.durationMinutes * 60_000);
  const [slot] = await tx.insert(interviewSlot).values({ companyId: row.companyId, startsAt: start, endsAt: end, createdByUserId: userId }).returning({ id: interviewSlot.id });
  await tx.insert(interviewOfferedSlot).values({ interviewId: row.id, slotId: slot!.id });
  return { id: slot!.id, start, end };
}

/** Records the change and attaches the invitation mails: sent once the write commits. */
async function recordChange(tx: Writer, context: SignedInContext, row: InterviewRow, side: Side, action: string, mail: { kind: InvitationKind; start: Date; end: Date; reason?: string | null } | null) {
  const people = await peopleOf(tx, row);
  await recordEvent(
    tx,
    context.viewer,
    { type: 'interview.update', toId: side === 'company' ? (people.talent?.userId ?? null) : row.organizerUserId, data: { entityId: row.id, companyId: row.companyId, jobApplicationId: row.jobApplicationId, talentProfileId: row.talentProfileId, action, side } },
    mail ? { calendar: interviewCalendarMails(row, people, mail.kind, { start: mail.start, end: mail.end }, mail.reason ?? null) } : {},
  );
}

/** Runs a booking or a move; a slot someone else took in the meantime is the refusal slotTaken, never a 500. */
async function claimingSlot<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('slotTaken', INTERVIEW_ERRORS, 'slotId');
    throw error;
  }
}

async function refuseBusy(tx: Writer, row: InterviewRow, range: { start: Date; end: Date }) {
  if ((await busyRanges(tx, row.interviewerIds, range.start, range.end, row.id)).length) throw conflict('interviewerBusy', INTERVIEW_ERRORS, 'slotId');
}

async function answer(context: SignedInContext, row: InterviewRow) {
  const [item] = await withNames(context.db, [row]);
  return item!;
}

builder.mutationField('bookInterview', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Interview,
    description: 'The talent books one of the times offered to her interview. CONFLICT slotTaken when another booking took it first. Mails every participant the calendar invitation (METHOD:REQUEST). Records interview.update',
    args: { id: t.arg.id({ required: true }), slotId: t.arg.id({ required: true }) },
    resolve: async (_root, { id, slotId }, context) => {
      const profileId = await requireMyTalentProfileId(context);
      const booked = await claimingSlot(() =>
        context.db.transaction(async (tx) => {
          const row = await talentInterview(tx, profileId, String(id), true);
          if (row.status !== 'PROPOSED') throw conflict('notProposed', INTERVIEW_ERRORS);
          const slot = await offeredSlot(tx, row.id, String(slotId));
          if (slot.start <= new Date()) throw invalidFields([{ path: 'slotId', code: 'slotInPast' }], INTERVIEW_ERRORS, null);
          await refuseBusy(tx, row, slot);
          const [updated] = await tx.update(interview).set({ status: 'BOOKED', slotId: slot.id, startsAt: slot.start, endsAt: slot.end, otherTimesNote: null, updatedAt: new Date() }).where(eq(interview.id, row.id)).returning();
          await recordChange(tx, context, updated!, 'talent', 'book', { kind: 'REQUEST', start: slot.start, end: slot.end });
          return updated!;
        }),
      );
      return answer(context, booked);
    },
  }),
);

builder.mutationField('rescheduleInterview', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Interview,
    description:
      'Moves a booked interview to another offered time (slotId), or, for a member, to a time of her own (startsAt); either side, until 12 hours before it starts. Mails the invitation again: same UID, SEQUENCE one more. Records interview.update',
    args: { id: t.arg.id({ required: true }), slotId: t.arg.id(), startsAt: t.arg({ type: 'DateTime' }) },
    resolve: async (_root, { id, slotId, startsAt }, context) => {
      const caller = await callerOf(context);
      const moved = await claimingSlot(() =>
        context.db.transaction(async (tx) => {
          const { row, side } = await reachInterview(tx, caller, String(id));
          if (row.status !== 'BOOKED' || !row.startsAt) throw conflict('notBooked', INTERVIEW_ERRORS);
          const now = new Date();
          if (!mayStillChange(row.startsAt, now)) throw conflict('tooLate', INTERVIEW_ERRORS);
          if (!slotId && !(startsAt && side === 'company')) throw invalidFields([{ path: 'slotId', code: 'slotNotOffered' }], INTERVIEW_ERRORS, null);
          const slot = slotId ? await offeredSlot(tx, row.id, String(slotId)) : await newSlot(tx, row, context.viewer.userId, startsAt!);
          if (slot.start <= now) throw invalidFields([{ path: slotId ? 'slotId' : 'startsAt', code: 'slotInPast' }], INTERVIEW_ERRORS, null);
          if (slot.id === row.slotId) return row;
          await refuseBusy(tx, row, slot);
          const [updated] = await tx.update(interview).set({ slotId: slot.id, startsAt: slot.start, endsAt: slot.end, sequence: row.sequence + 1, updatedAt: now }).where(eq(interview.id, row.id)).returning();
          await recordChange(tx, context, updated!, side, 'reschedule', { kind: 'MOVED', start: slot.start, end: slot.end });
          return updated!;
        }),
      );
      return answer(context, moved);
    },
  }),
);

builder.mutationField('cancelInterview', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Interview,
    description:
      'Calls off an interview, with a reason: a proposal (by the company) or a booked interview (by either side, until it starts). A booked one mails every participant METHOD:CANCEL with the same UID and SEQUENCE one more, and frees its time. Records interview.update',
    args: { id: t.arg.id({ required: true }), reason: t.arg.string({ required: true }) },
    resolve: async (_root, { id, reason }, context) => {
      const note = interviewNoteSchema.safeParse(reason);
      if (!note.success) throw invalidFields([{ path: 'reason', code: note.error.issues[0]?.message ?? 'noteRequired' }], INTERVIEW_ERRORS, null);
      const caller = await callerOf(context);
      const cancelled = await context.db.transaction(async (tx) => {
        const { row, side } = await reachInterview(tx, caller, String(id));
        const now = new Date();
        if (row.status === 'CANCELLED') throw conflict('notBooked', INTERVIEW_ERRORS);
        if (row.status === 'PROPOSED' && side === 'talent') throw conflict('notBooked', INTERVIEW_ERRORS);
        if (row.status === 'BOOKED' && (!row.startsAt || row.startsAt <= now)) throw conflict('alreadyStarted', INTERVIEW_ERRORS);
        const wasBooked = row.status === 'BOOKED';
        const [updated] = await tx
          .update(interview)
          .set({ status: 'CANCELLED', slotId: null, cancelReason: note.data, cancelledBy: side, sequence: wasBooked ? row.sequence + 1 : row.sequence, updatedAt: now })
          .where(eq(interview.id, row.id))
          .returning();
        await recordChange(tx, context, updated!, side, 'cancel', wasBooked ? { kind: 'CANCEL', start: row.startsAt!, end: row.endsAt!, reason: note.data } : null);
        return updated!;
      });
      return answer(context, cancelled);
    },
  }),
);

builder.mutationField('askOtherInterviewTimes', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Interview,
    description: "The talent says none of the times offered suits her, and when would: the company's list of interviews to schedule shows it. Records interview.update, addressed to the organiser",
    args: { id: t.arg.id({ required: true }), note: t.arg.string({ required: true }) },
    resolve: async (_root, { id, note }, context) => {
      const parsed = interviewNoteSchema.safeParse(note);
      if (!parsed.success) throw invalidFields([{ path: 'note', code: parsed.error.issues[0]?.message ?? 'noteRequired' }], INTERVIEW_ERRORS, null);
      const profileId = await requireMyTalentProfileId(context);
      const asked = await context.db.transaction(async (tx) => {
        const row = await talentInterview(tx, profileId, String(id), true);
        if (row.status !== 'PROPOSED') throw conflict('notProposed', INTERVIEW_ERRORS);
        const [updated] = await tx.update(interview).set({ otherTimesNote: parsed.data, updatedAt: new Date() }).where(eq(interview.id, row.id)).returning();
        await recordChange(tx, context, updated!, 'talent', 'otherTimes', null);
        return updated!;
      });
      return answer(context, asked);
    },
  }),
);

