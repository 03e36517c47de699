import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isImpersonationOpen } from '../../../lib/impersonation/impersonation-rules';
import { isUuid } from '../../../lib/ids';
import { escapeLike } from '../../db/like-pattern';
import { generalEventslog, impersonation, user } from '../../db/schema';
import { requireAdmin } from '../admin/admin-access';
import { builder } from '../builder';
import type { ApiContext } from '../context';
import { pageArgs, pageOf, pageWindow } from '../pagination';

// The audit of impersonations (issue 19 item 6, admins only): who acted as whom, when,
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
}

type AuditItem = AuditRow & { writes: AuditWrite[]; writeCount: number; open: boolean };

const ImpersonationWrite = builder.objectRef<AuditWrite>('ImpersonationWrite').implement({
  description: 'A write made while an impersonator acted as the user (its event row)',
  fields: (t) => ({
    id: t.exposeID('id'),
    type: t.exposeString('type', { description: 'Event type, as in spec §9 (billing.update)' }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    entityId: t.exposeString('entityId', { nullable: true, description: 'What was written' }),
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
  t.field({
    type: ImpersonationAuditPage,
    description:
      'Impersonations, newest first (admins only): q in either e-mail address or the reason; userId as impersonator or as the user acted as. Each lists the writes made meanwhile',
    authScopes: { signedIn: true },
    args: { ...pageArgs, q: t.arg.string({ required: false }), userId: t.arg.id({ required: false }) },
    resolve: async (_root, args, context) => {
      requireAdmin(context);
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
      const writes = await writesOf(
        db,
        rows.map((row) => row.id),
      );
      const now = new Date();
      const items = rows.map((row) => {
        const mine = writes.get(row.id) ?? [];
        return { ...row, writes: mine.slice(0, WRITES_LISTED), writeCount: mine.length, open: isImpersonationOpen(row, now) };
      });
      return { items, total: total?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

/** The writes made under each impersonation, oldest first (its start and stop are the impersonator's own rows). */
async function writesOf(db: ApiContext['db'], ids: string[]): Promise<Map<string, AuditWrite[]>> {
  const byImpersonation = new Map<string, AuditWrite[]>();
  if (ids.length === 0) return byImpersonation;
  const rows = await db
    .select({
      impersonationId: impersonationIdOfEvent,
      id: generalEventslog.id,
      type: generalEventslog.type,
      createdAt: generalEventslog.createdAt,
      entityId: sql<string | null>`${generalEventslog.eventData}->>'entityId'`,
    })
    .from(generalEventslog)
    .where(inArray(impersonationIdOfEvent, ids))
    .orderBy(generalEventslog.createdAt, generalEventslog.id);
  for (const { impersonationId, ...write } of rows) {
    const list = byImpersonation.get(impersonationId) ?? [];
    list.push(write);
    byImpersonation.set(impersonationId, list);
  }
  return byImpersonation;
}
