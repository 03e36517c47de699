import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { generalEventslog, user } from '../../db/schema';
import { builder } from '../builder';
import type { Writer } from '../../db/client';

// An application's history, read from the event log (its arrival and every move through
// the pipeline): shown to the company that received it and on the admin pages.

interface HistoryRow {
  at: Date;
  actorName: string | null;
  fromStep: string | null;
  toStep: string | null;
  reason: string | null;
  kind: 'APPLIED' | 'MOVED';
}

/**
 * An application's history from the event log, oldest first: its arrival and every move. It
 * always starts with the arrival: when the log holds none (an answer to an invitation made
 * before arrivals were logged, data older than the log), the application's own creation
 * stands for it.
 */
export async function applicationHistory(db: Writer, application: { id: string; profileName: string | null; createdAt: Date }): Promise<HistoryRow[]> {
  const events = await db
    .select({ type: generalEventslog.type, at: generalEventslog.createdAt, data: generalEventslog.eventData, actorName: sql<string | null>`coalesce(${user.displayName}, ${user.email})` })
    .from(generalEventslog)
    .leftJoin(user, eq(user.id, sql`(${generalEventslog.eventData}->>'actorUserId')::uuid`))
    .where(and(inArray(generalEventslog.type, ['talentJobApplication.create', 'talentJobApplication.update']), sql`${generalEventslog.eventData}->>'entityId' = ${application.id}`))
    .orderBy(asc(generalEventslog.createdAt), asc(generalEventslog.id));
  const applied: HistoryRow = { kind: 'APPLIED', at: application.createdAt, actorName: application.profileName, fromStep: null, toStep: null, reason: null };
  const rows = events.map((event): HistoryRow => {
    const data = event.data as { fromStep?: string | null; toStep?: string | null; reason?: string | null };
    return event.type === 'talentJobApplication.create'
      ? { ...applied, at: event.at }
      : { kind: 'MOVED', at: event.at, actorName: event.actorName, fromStep: data.fromStep ?? null, toStep: data.toStep ?? null, reason: data.reason ?? null };
  });
  return rows.some((row) => row.kind === 'APPLIED') ? rows : [applied, ...rows];
}

export const ApplicationHistoryEntry = builder.objectRef<HistoryRow>('ApplicationHistoryEntry').implement({
  description: 'One change of an application, from the event log',
  fields: (t) => ({
    at: t.field({ type: 'DateTime', resolve: (row) => row.at }),
    kind: t.string({ description: 'APPLIED or MOVED', resolve: (row) => row.kind }),
    actorName: t.string({ nullable: true, description: 'Who moved it (the applicant for APPLIED)', resolve: (row) => row.actorName }),
    fromStep: t.string({ nullable: true, resolve: (row) => row.fromStep }),
    toStep: t.string({ nullable: true, resolve: (row) => row.toStep }),
    reason: t.string({ nullable: true, resolve: (row) => row.reason }),
  }),
});
