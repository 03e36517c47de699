import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { writeChangesOf, type WriteChange } from '../../../lib/impersonation/impersonation-audit';
import { isImpersonationOpen } from '../../../lib/impersonation/impersonation-rules';
import { isUuid } from '../../../lib/ids';
import { escapeLike } from '../../db/like-pattern';
import { generalEventslog, impersonation, user } from '../../db/schema';
import { builder } from '../builder';
import type { ApiContext } from '../context';
import { pageArgs, pageOf, pageWindow } from '../pagination';

// The audit of impersonations (accountable impersonation, admins only): who acted as whom, when,
// why, and every write made meanwhile. Writes are found by the impersonation id that
// record-event.ts files in each event row made under an impersonation, so a write is
// listed under the one impersonation it was made in, never guessed from timestamps.

/** The writes listed per impersonation; more are counted, not listed. */
const WRITES_LISTED = 100;

const actor = alias(user, 'actor');
const target = alias(user, 'target');
const impersonationIdOfEvent = sql<string>`${generalEventslog.eventData}->>'impersonationId'`;

interface AuditRow {
  id: string;
  reason: string;
  startedAt: Date;
  endedAt: Date | null;
  actorEmail: string;
  actorName: string | null;
  targetEmail: string;
  targetName: string | null;
}

interface AuditWrite {
  id: string;
  type: string;
  createdAt: Date;
  entityId: string | null;
  changes: WriteChange[];
}

type AuditItem = AuditRow & { writes: AuditWrite[]; writeCount: number; open: boolean };

const ImpersonationWriteChange = builder.objectRef<WriteChange>('ImpersonationWriteChange').implement({
  description: 'One field a write changed; a value is null where its event keeps none (a talent profile or an account names its fields only)',
  fields: (t) => ({
    field: t.exposeString('field'),
    before: t.exposeString('before', { nullable: true }),
    after: t.exposeString('after', { nullable: true }),
  }),
});

const ImpersonationWrite = builder.objectRef<AuditWrite>('ImpersonationWrite').implement({
  description: 'A write made while an impersonator acted as the user (its event row)',
  fields: (t) => ({
    id: t.exposeID('id'),
    type: t.exposeString('type', { description: 'Event type, e.g. billing.update' }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    entityId: t.exposeString('entityId', { nullable: true, description: 'What was written' }),
    changes: t.field({ type: [ImpersonationWriteChange], description: "The fields it changed, from its event's changedFields, before and after", resolve: (row) => row.changes }),
  }),
});

const ImpersonationAuditItem = builder.objectRef<AuditItem>('ImpersonationAuditItem');
ImpersonationAuditItem.implement({
  description: 'One impersonation: who acted as whom, when, why, and what they wrote meanwhile',
  fields: (t) => ({
    id: t.exposeID('id'),
    reason: t.exposeString('reason'),
    startedAt: t.field({ type: 'DateTime', resolve: (row) => row.startedAt }),
    endedAt: t.field({ type: 'DateTime', nullable: true, description: 'When it was stopped; null while open or when it ran out of time unstopped', resolve: (row) => row.endedAt }),
    open: t.exposeBoolean('open', { description: 'Still honoured now (not stopped, within its time limit)' }),
    actorEmail: t.exposeString('actorEmail', { description: 'The impersonator' }),
    actorName: t.exposeString('actorName', { nullable: true }),
    targetEmail: t.exposeString('targetEmail', { description: 'The user acted as' }),
    targetName: t.exposeString('targetName', { nullable: true }),
    writeCount: t.exposeInt('writeCount', { description: 'Writes made meanwhile' }),
    writes: t.field({ type: [ImpersonationWrite], description: `The first ${WRITES_LISTED} writes, oldest first`, resolve: (row) => row.writes }),
  }),
});

const ImpersonationAuditPage = pageOf(ImpersonationAuditItem, 'ImpersonationAudit');

function auditFilters(args: { q?: string | null; userId?: string | null }): SQL | undefined {
  const q = args.q?.trim().slice(0, 200);
  const pattern = q ? `%${escapeLike(q)}%` : null;
  return and(
    pattern ? or(ilike(actor.email, pattern), ilike(target.email, pattern), ilike(impersonation.reason, pattern)) : undefined,
    args.userId ? or(eq(impersonation.actorUserId, args.userId), eq(impersonation.targetUserId, args.userId)) : undefined,
  );
}

builder.queryField('findManyImpersonation', (t) =>
  t.withAuth({ adminPermission: 'support' }).field({
    type: ImpersonationAuditPage,
    description:
      'Impersonations, newest first (admins only): q in either e-mail address or the reason; userId as impersonator or as the user acted as. Each lists the writes made meanwhile',
    args: { ...pageArgs, q: t.arg.string({ required: false }), userId: t.arg.id({ required: false }) },
    resolve: async (_root, args, context) => {
      const window = pageWindow(args);
      const userId = args.userId ? String(args.userId) : null;
      // An id that is not one matches nobody, rather than failing the page.
      if (userId !== null && !isUuid(userId)) return { items: [], total: 0, page: window.page, perPage: window.perPage };
      const where = auditFilters({ q: args.q, userId });
      const { db } = context;
      const base = () =>
        db
          .select({
            id: impersonation.id,
            reason: impersonation.reason,
            startedAt: impersonation.startedAt,
            endedAt: impersonation.endedAt,
            actorEmail: actor.email,
            actorName: actor.displayName,
            targetEmail: target.email,
            targetName: target.displayName,
          })
          .from(impersonation)
          .innerJoin(actor, eq(actor.id, impersonation.actorUserId))
          .innerJoin(target, eq(target.id, impersonation.targetUserId))
          .where(where)
          .$dynamic();
      const [rows, [total]] = await Promise.all([
        base().orderBy(desc(impersonation.startedAt), desc(impersonation.id)).limit(window.perPage).offset(window.offset),
        db
          .select({ total: count() })
          .from(impersonation)
          .innerJoin(actor, eq(actor.id, impersonation.actorUserId))
          .innerJoin(target, eq(target.id, impersonation.targetUserId))
          .where(where),
      ]);
      const { listed, counts } = await writesOf(
        db,
        rows.map((row) => row.id),
      );
      const now = new Date();
      const items = rows.map((row) => ({ ...row, writes: listed.get(row.id) ?? [], writeCount: counts.get(row.id) ?? 0, open: isImpersonationOpen(row, now) }));
      return { items, total: total?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

/**
 * The first WRITES_LISTED writes made under each impersonation, oldest first, and how many
 * there were (its start and stop are the impersonator's own rows): the database cuts each
 * list, so an impersonation with many writes does not load them all.
 */
async function writesOf(db: ApiContext['db'], ids: string[]): Promise<{ listed: Map<string, AuditWrite[]>; counts: Map<string, number> }> {
  const listed = new Map<string, AuditWrite[]>();
  const counts = new Map<string, number>();
  if (ids.length === 0) return { listed, counts };
  const underThese = inArray(impersonationIdOfEvent, ids);
  const ranked = db
    .select({
      id: generalEventslog.id,
      rank: sql<number>`row_number() over (partition by ${impersonationIdOfEvent} order by ${generalEventslog.createdAt}, ${generalEventslog.id})`.as('rank'),
    })
    .from(generalEventslog)
    .where(underThese)
    .as('ranked');
  const [rows, totals] = await Promise.all([
    db
      .select({
        impersonationId: impersonationIdOfEvent,
        id: generalEventslog.id,
        type: generalEventslog.type,
        createdAt: generalEventslog.createdAt,
        entityId: sql<string | null>`${generalEventslog.eventData}->>'entityId'`,
        data: generalEventslog.eventData,
      })
      .from(generalEventslog)
      .innerJoin(ranked, and(eq(ranked.id, generalEventslog.id), sql`${ranked.rank} <= ${WRITES_LISTED}`))
      .orderBy(generalEventslog.createdAt, generalEventslog.id),
    db.select({ impersonationId: impersonationIdOfEvent, writeCount: count() }).from(generalEventslog).where(underThese).groupBy(impersonationIdOfEvent),
  ]);
  for (const { impersonationId, data, ...write } of rows) listed.set(impersonationId, [...(listed.get(impersonationId) ?? []), { ...write, changes: writeChangesOf(data) }]);
  for (const { impersonationId, writeCount } of totals) counts.set(impersonationId, writeCount);
  return { listed, counts };
}
