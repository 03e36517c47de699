import { and, arrayOverlaps, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import { isUuid } from '../../../lib/ids';
import type { TimeRange } from '../../../lib/interviews/slot-rule';
import type { Writer } from '../../db/client';
import { company, interview, interviewOfferedSlot, interviewSlot, jobAd, jobDescription, talentJobApplication, talentProfile, user } from '../../db/schema';
import { notFound } from '../errors';
import type { Language } from '../../../lib/i18n/namespaces';
import { notificationLanguage } from '../../../lib/notifications/notification-language';
import { userLanguageColumn, userLanguageOf } from '../user-language';

// Reading interviews (lib/interviews/interview-rules.ts): one of a company's, or one of a
// talent's, by id (anything else NOT_FOUND, like an unknown id), the people taking part, the
// times offered, and the interviewers' booked hours.

export type InterviewRow = typeof interview.$inferSelect;

/** The calendar UID of an interview: the same for its whole life, so every change moves one event. */
export const interviewUid = (id: string) => `interview-${id}@talentplace`;

async function oneInterview(tx: Writer, where: ReturnType<typeof eq>, id: string, lock: boolean): Promise<InterviewRow> {
  if (!isUuid(id)) throw notFound('The interview');
  const query = tx.select().from(interview).where(and(eq(interview.id, id), where)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('The interview');
  return row;
}

/** An interview of this company; another company's id is NOT_FOUND. */
export const companyInterview = (tx: Writer, companyId: string, id: string, lock = false) => oneInterview(tx, eq(interview.companyId, companyId), id, lock);

/** An interview of this talent; anyone else's id is NOT_FOUND. */
export const talentInterview = (tx: Writer, talentProfileId: string, id: string, lock = false) => oneInterview(tx, eq(interview.talentProfileId, talentProfileId), id, lock);

export interface Participant {
  userId: string;
  name: string;
  email: string;
  /** The language its mails are written in (lib/notifications/notification-language.ts): the talent's, the ad's. */
  language: Language;
}

export interface InterviewPeople {
  organizer: Participant | null;
  interviewers: Participant[];
  talent: Participant | null;
  companyName: string;
  jobTitle: string;
}

/** Who takes part in an interview and what it is about, as its mails and invitations name them. */
export async function peopleOf(db: Writer, row: InterviewRow): Promise<InterviewPeople> {
  const memberIds = [...new Set([...row.interviewerIds, ...(row.organizerUserId ? [row.organizerUserId] : [])])];
  const [members, [about]] = await Promise.all([
    memberIds.length
      ? db.select({ userId: user.id, name: user.displayName, email: user.email, status: user.status, language: userLanguageColumn }).from(user).where(inArray(user.id, memberIds))
      : [],
    db
      .select({
        talentUserId: talentProfile.userId,
        talentName: talentProfile.profileName,
        talentEmail: user.email,
        talentLanguage: userLanguageColumn,
        jobLanguage: jobAd.language,
        companyName: company.name,
        jobTitle: sql<string | null>`coalesce(${jobAd.title}, ${jobDescription.title})`,
      })
      .from(talentJobApplication)
      .innerJoin(talentProfile, eq(talentProfile.id, talentJobApplication.talentProfileId))
      .leftJoin(user, eq(user.id, talentProfile.userId))
      .leftJoin(jobAd, eq(jobAd.id, talentJobApplication.jobAdId))
      .leftJoin(jobDescription, eq(jobDescription.id, talentJobApplication.jobDescriptionId))
      .innerJoin(company, eq(company.id, row.companyId))
      .where(eq(talentJobApplication.id, row.jobApplicationId))
      .limit(1),
  ]);
  const person = (member: (typeof members)[number]): Participant => ({ userId: member.userId, name: member.name?.trim() || member.email, email: member.email, language: userLanguageOf(member.language) });
  const active = members.filter((member) => member.status === 'active');
  const organizer = active.find((member) => member.userId === row.organizerUserId);
  return {
    organizer: organizer ? person(organizer) : null,
    interviewers: row.interviewerIds.flatMap((id) => active.filter((member) => member.userId === id).map(person)),
    talent:
      about?.talentUserId && about.talentEmail
        ? {
            userId: about.talentUserId,
            name: about.talentName?.trim() || about.talentEmail,
            email: about.talentEmail,
            language: notificationLanguage(about.jobLanguage, { language: userLanguageOf(about.talentLanguage), addressee: true }),
          }
        : null,
    companyName: about?.companyName ?? '',
    jobTitle: about?.jobTitle ?? '',
  };
}

export interface OfferedSlot extends TimeRange {
  id: string;
  /** Booked by another interview: shown as taken, not offered. */
  taken: boolean;
}

/** The times offered to one interview, in order, each marked taken when another interview booked it. */
export async function offeredSlotsOf(db: Writer, interviewId: string): Promise<OfferedSlot[]> {
  const rows = await db
    .select({ id: interviewSlot.id, start: interviewSlot.startsAt, end: interviewSlot.endsAt, bookedBy: interview.id })
    .from(interviewOfferedSlot)
    .innerJoin(interviewSlot, eq(interviewSlot.id, interviewOfferedSlot.slotId))
    .leftJoin(interview, eq(interview.slotId, interviewSlot.id))
    .where(eq(interviewOfferedSlot.interviewId, interviewId))
    .orderBy(interviewSlot.startsAt);
  return rows.map((row) => ({ id: row.id, start: row.start, end: row.end, taken: row.bookedBy !== null && row.bookedBy !== interviewId }));
}

/** The booked interviews of any of these members between two times (another interview than `except`): what a new time must keep clear of. */
export async function busyRanges(db: Writer, interviewerIds: readonly string[], from: Date, to: Date, except?: string): Promise<TimeRange[]> {
  if (!interviewerIds.length) return [];
  const rows = await db
    .select({ start: interview.startsAt, end: interview.endsAt })
    .from(interview)
    .where(
      and(
        eq(interview.status, 'BOOKED'),
        arrayOverlaps(interview.interviewerIds, [...interviewerIds]),
        lt(interview.startsAt, to),
        gt(interview.endsAt, from),
        ...(except ? [ne(interview.id, except)] : []),
      ),
    );
  return rows.flatMap((row) => (row.start && row.end ? [{ start: row.start, end: row.end }] : []));
}
