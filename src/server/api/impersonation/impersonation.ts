import { and, eq, isNull } from 'drizzle-orm';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { IMPERSONATION_ERRORS, startImpersonationSchema } from '../../../lib/impersonation/impersonation-rules';
import { impersonation, user } from '../../db/schema';
import { builder } from '../builder';
import type { SignedInContext } from '../context';
import { ApiError, conflict, invalidFields } from '../errors';
import { recordEvent } from '../record-event';
import type { Writer } from '../../db/client';
import type { Viewer } from '../auth/viewer';

// Starting and stopping an impersonation (accountable impersonation). The BFF calls both as the
// impersonator themselves (no x-impersonate-as): the API, not the browser session, is
// where the reason is required and the stretch of time recorded. Each start or stop is an
// event row of its own (impersonation.create / .update) addressed to the impersonation,
// so the audit trail holds it and nobody's bell rings.

interface StartedImpersonation {
  id: string;
  reason: string;
  startedAt: Date;
  targetEmail: string;
}

const Impersonation = builder.objectRef<StartedImpersonation>('Impersonation').implement({
  description: 'An impersonator acting as a user, with the reason they gave',
  fields: (t) => ({
    id: t.exposeID('id'),
    reason: t.exposeString('reason'),
    startedAt: t.field({ type: 'DateTime', resolve: (row) => row.startedAt }),
    targetEmail: t.exposeString('targetEmail', { description: 'Whom the impersonator acts as' }),
  }),
});

/** The impersonator themselves; starting or stopping while acting as someone else is refused. */
function impersonatorOf(context: SignedInContext): Viewer {
  const viewer = context.viewer;
  if (viewer.actor) throw new ApiError('FORBIDDEN', 'Stop acting as someone else first', { reason: 'impersonationRefused', httpStatus: 403 });
  return viewer;
}

/** Ends the impersonator's open impersonations, one event row each; answers how many ended. */
async function endOpenImpersonations(tx: Writer, viewer: Viewer, now: Date): Promise<number> {
  const ended = await tx
    .update(impersonation)
    .set({ endedAt: now })
    .where(and(eq(impersonation.actorUserId, viewer.userId), isNull(impersonation.endedAt)))
    .returning({ id: impersonation.id, targetUserId: impersonation.targetUserId });
  for (const row of ended) {
    await recordEvent(tx, viewer, { type: 'impersonation.update', toId: row.id, data: { entityId: row.id, targetUserId: row.targetUserId, after: { endedAt: now.toISOString() } } });
  }
  return ended.length;
}

builder.mutationField('startImpersonation', (t) =>
  t.withAuth({ impersonator: true }).field({
    type: Impersonation,
    description:
      'Starts acting as a user (impersonators only), with the reason (10 to 500 characters) the audit shows; any impersonation of yours still open ends. From now on, x-impersonate-as with their external id is honoured for at most 8 hours or until stopImpersonation. FORBIDDEN impersonationRefused: the user is unknown, an admin, not active or yourself. Records impersonation.create',
    args: { externalId: t.arg.string({ required: true }), reason: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      const viewer = impersonatorOf(context);
      const parsed = startImpersonationSchema.safeParse({ externalId: args.externalId, reason: args.reason });
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), IMPERSONATION_ERRORS, null);
      const { externalId, reason } = parsed.data;
      return context.db.transaction(async (tx) => {
        const [target] = await tx
          .select({ id: user.id, email: user.email })
          .from(user)
          .where(and(eq(user.externalId, externalId), isNull(user.adminRoleId), eq(user.status, 'active')))
          .limit(1);
        if (!target || target.id === viewer.userId) {
          throw new ApiError('FORBIDDEN', 'This user cannot be impersonated', { reason: 'impersonationRefused', hint: 'the user is unknown, an admin, not active, or yourself', httpStatus: 403 });
        }
        const now = new Date();
        await endOpenImpersonations(tx, viewer, now);
        const [started] = await tx
          .insert(impersonation)
          .values({ actorUserId: viewer.userId, targetUserId: target.id, reason, startedAt: now })
          .returning({ id: impersonation.id, reason: impersonation.reason, startedAt: impersonation.startedAt });
        await recordEvent(tx, viewer, { type: 'impersonation.create', toId: started!.id, data: { entityId: started!.id, targetUserId: target.id, after: { reason } } });
        return { ...started!, targetEmail: target.email };
      });
    },
  }),
);

builder.mutationField('stopImpersonation', (t) =>
  t.withAuth({ impersonator: true }).field({
    type: 'Int',
    description: 'Ends every open impersonation of yours (impersonators only) and answers how many ended. CONFLICT notImpersonating when none was open. Records impersonation.update for each',
    resolve: async (_root, _args, context) => {
      const viewer = impersonatorOf(context);
      const ended = await context.db.transaction((tx) => endOpenImpersonations(tx, viewer, new Date()));
      if (ended === 0) throw conflict('notImpersonating', IMPERSONATION_ERRORS);
      return ended;
    },
  }),
);
