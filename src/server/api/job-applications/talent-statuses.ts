import { and, asc, desc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { isTalentStatus, talentStatusChange, type TalentStatus, type TalentStatusShown } from '../../../lib/job-applications/talent-status';
import type { Writer } from '../../db/client';
import { talentJobApplicationStatus } from '../../db/schema';
import type { Viewer } from '../auth/viewer';
import { heldSenderOf, viewerOfHeld } from '../auth/held-sender';
import { recordEvent } from '../record-event';

// The talent's status of her applications (lib/job-applications/talent-status.ts) as the
// database keeps it: one talent_job_application_status row per change she is shown, her
// timeline. A company's move is held until the company's delay has passed (published_at
// null) and goes out then (held-talent-statuses.ts): the row is published and her
// notification (talentJobApplicationStatus.create, addressed to her) recorded, as if the
// member who moved it wrote it then. Her own withdrawal is shown to her at once.

/** One change as the talent reads it on her timeline. */
export interface TalentStatusEntry {
  status: TalentStatus;
  reason: string | null;
  at: Date;
}

/** A change still held, as the company that made it reads it (its undo). */
export interface HeldTalentStatus {
  status: TalentStatus;
  visibleAt: Date;
}

const shownOf = (row: { status: string; reason: string | null } | undefined): TalentStatusShown =>
  row && isTalentStatus(row.status) ? { status: row.status, reason: row.reason } : { status: 'APPLIED', reason: null };

/** What the talent reads now: the last change published to her, else Applied (her arrival). */
export async function shownTalentStatus(db: Writer, applicationId: string): Promise<TalentStatusShown> {
  const [row] = await db
    .select({ status: talentJobApplicationStatus.status, reason: talentJobApplicationStatus.reason })
    .from(talentJobApplicationStatus)
    .where(and(eq(talentJobApplicationStatus.talentJobApplicationId, applicationId), isNotNull(talentJobApplicationStatus.publishedAt)))
    .orderBy(desc(talentJobApplicationStatus.visibleAt), desc(talentJobApplicationStatus.createdAt))
    .limit(1);
  return shownOf(row);
}

/** Each application's timeline as its talent reads it: the published changes, oldest first (her arrival is the application's own date). */
export async function talentStatusTimelines(db: Writer, applicationIds: readonly string[]): Promise<Map<string, TalentStatusEntry[]>> {
  const timelines = new Map<string, TalentStatusEntry[]>(applicationIds.map((id) => [id, []]));
  if (!applicationIds.length) return timelines;
  const rows = await db
    .select({ applicationId: talentJobApplicationStatus.talentJobApplicationId, status: talentJobApplicationStatus.status, reason: talentJobApplicationStatus.reason, at: talentJobApplicationStatus.visibleAt })
    .from(talentJobApplicationStatus)
    .where(and(inArray(talentJobApplicationStatus.talentJobApplicationId, [...applicationIds]), isNotNull(talentJobApplicationStatus.publishedAt)))
    .orderBy(asc(talentJobApplicationStatus.visibleAt), asc(talentJobApplicationStatus.createdAt));
  for (const row of rows) if (isTalentStatus(row.status)) timelines.get(row.applicationId)?.push({ status: row.status, reason: row.reason, at: row.at });
  return timelines;
}

/** The changes still held for these applications, by application. */
export async function heldTalentStatuses(db: Writer, applicationIds: readonly string[]): Promise<Map<string, HeldTalentStatus>> {
  if (!applicationIds.length) return new Map();
  const rows = await db
    .select({ applicationId: talentJobApplicationStatus.talentJobApplicationId, status: talentJobApplicationStatus.status, visibleAt: talentJobApplicationStatus.visibleAt })
    .from(talentJobApplicationStatus)
    .where(and(inArray(talentJobApplicationStatus.talentJobApplicationId, [...applicationIds]), isNull(talentJobApplicationStatus.publishedAt)));
  return new Map(rows.flatMap((row) => (isTalentStatus(row.status) ? [[row.applicationId, { status: row.status, visibleAt: row.visibleAt }] as const] : [])));
}

interface Moved {
  id: string;
  companyId: string;
  talentUserId: string | null;
  /** Where it was before this move: the undo puts it back there. */
  previousStepId: string | null;
  previousReasonId: string | null;
}

/**
 * A company's move as its talent will see it (the held status rule): the change still held
 * for the application gives way to this one (keeping where it was before the first of
 * them, for the undo); when she would read what she reads already nothing is held, so a
 * move taken back never reaches her; a delay of 0 shows it to her at once. Answers when
 * she will see it, or null.
 */
export async function holdTalentStatus(tx: Writer, viewer: Viewer, moved: Moved, next: TalentStatusShown, delayMinutes: number, now: Date): Promise<Date | null> {
  const [earlier] = await tx
    .delete(talentJobApplicationStatus)
    .where(and(eq(talentJobApplicationStatus.talentJobApplicationId, moved.id), isNull(talentJobApplicationStatus.publishedAt)))
    .returning({ previousStepId: talentJobApplicationStatus.previousStepId, previousReasonId: talentJobApplicationStatus.previousReasonId });
  const change = talentStatusChange(await shownTalentStatus(tx, moved.id), next, delayMinutes, now);
  if (change.kind === 'nothing') return null;
  const [row] = await tx
    .insert(talentJobApplicationStatus)
    .values({
      talentJobApplicationId: moved.id,
      status: next.status,
      reason: next.reason,
      visibleAt: change.visibleAt,
      heldBy: heldSenderOf(viewer),
      previousStepId: earlier ? earlier.previousStepId : moved.previousStepId,
      previousReasonId: earlier ? earlier.previousReasonId : moved.previousReasonId,
    })
    .returning();
  if (change.visibleAt.getTime() <= now.getTime()) await publishTalentStatus(tx, row!, moved.companyId, moved.talentUserId);
  return change.visibleAt;
}

/** A held change goes out: published on her timeline, and her notification recorded as the member who moved it. */
export async function publishTalentStatus(tx: Writer, row: typeof talentJobApplicationStatus.$inferSelect, companyId: string, talentUserId: string | null): Promise<void> {
  await tx.update(talentJobApplicationStatus).set({ publishedAt: row.visibleAt, heldBy: null }).where(eq(talentJobApplicationStatus.id, row.id));
  if (!row.heldBy) return;
  await recordEvent(tx, viewerOfHeld(row.heldBy), {
    type: 'talentJobApplicationStatus.create',
    toId: talentUserId,
    data: { entityId: row.talentJobApplicationId, companyId, talentStatus: row.status, reason: row.reason },
  });
}

/** The talent's own change (her withdrawal): shown to her at once, with nothing to tell her; any change still held is dropped. */
export async function showOwnTalentStatus(tx: Writer, applicationId: string, status: TalentStatus, now: Date): Promise<void> {
  await tx.delete(talentJobApplicationStatus).where(and(eq(talentJobApplicationStatus.talentJobApplicationId, applicationId), isNull(talentJobApplicationStatus.publishedAt)));
  await tx.insert(talentJobApplicationStatus).values({ talentJobApplicationId: applicationId, status, visibleAt: now, publishedAt: now });
}

/** The held changes due by `now`, oldest first: the sweep publishes each in a transaction of its own. */
export async function dueTalentStatusIds(db: Writer, now: Date, limit = 500): Promise<string[]> {
  const rows = await db
    .select({ id: talentJobApplicationStatus.id })
    .from(talentJobApplicationStatus)
    .where(and(isNull(talentJobApplicationStatus.publishedAt), lte(talentJobApplicationStatus.visibleAt, now)))
    .orderBy(asc(talentJobApplicationStatus.visibleAt))
    .limit(limit);
  return rows.map((row) => row.id);
}
