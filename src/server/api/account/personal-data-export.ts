import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import { ACCOUNT_ERRORS } from '../../../lib/account/account-input';
import {
  isPersonalDataExportDownloadable,
  personalDataExportRefusal,
  PERSONAL_DATA_EXPORTS_LISTED,
  PERSONAL_DATA_EXPORTS_PER_DAY,
  personalDataExportUrl,
} from '../../../lib/account/personal-data-export';
import { isUuid } from '../../../lib/ids';
import { personalDataExport, user } from '../../db/schema';
import { builder } from '../builder';
import type { SignedInContext } from '../context';
import { conflict, forbiddenBecause, notFound } from '../errors';
import { recordEvent } from '../record-event';

// The personal data export (docs/personal-data.md, "Downloading your data"): the signed-in
// user asks for an archive of their data, the queue prepares it (personal-data-export-work.ts),
// and it is downloaded through the session for seven days. Nobody acting as the user asks
// for it or downloads it.

type ExportRow = typeof personalDataExport.$inferSelect;

const PersonalDataExport = builder.objectRef<ExportRow>('PersonalDataExport').implement({
  description: 'An archive of your own data: every kind of record the product holds about you, as JSON, with your files',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.exposeString('status', { description: 'preparing, ready or failed' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was asked for' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true, description: 'Until when a ready archive may be downloaded (seven days)' }),
    size: t.exposeInt('size', { nullable: true, description: 'Bytes, once ready' }),
    downloadUrl: t.string({
      nullable: true,
      description: 'Where a ready archive is downloaded with the session, until it expires',
      resolve: (row) => (isPersonalDataExportDownloadable(row, new Date()) && row.fileKey ? personalDataExportUrl(row.id, row.fileKey) : null),
    }),
  }),
});

/** The archives still on offer or under way: the expired ones are as good as gone. */
const offered = (now: Date) => or(isNull(personalDataExport.expiresAt), gt(personalDataExport.expiresAt, now));

function refuseImpersonation(context: SignedInContext): void {
  if (context.viewer.actor !== null) throw forbiddenBecause('impersonating', ACCOUNT_ERRORS);
}

builder.queryField('myPersonalDataExports', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [PersonalDataExport],
    description: `Your archives not yet expired, newest first (at most ${PERSONAL_DATA_EXPORTS_LISTED}). FORBIDDEN impersonating`,
    resolve: (_root, _args, context) => {
      refuseImpersonation(context);
      return context.db
        .select()
        .from(personalDataExport)
        .where(and(eq(personalDataExport.userId, context.viewer.userId), offered(new Date())))
        .orderBy(desc(personalDataExport.createdAt))
        .limit(PERSONAL_DATA_EXPORTS_LISTED);
    },
  }),
);

builder.queryField('findMyPersonalDataExport', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: 'String',
    description: "The file name to download one of your ready archives under (the download's permission check). NOT_FOUND for anything else: another user's, expired, not ready, or while acting as someone",
    args: { id: t.arg.id({ required: true }), key: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      const id = String(args.id);
      if (!isUuid(id) || context.viewer.actor !== null) throw notFound('The archive');
      const [row] = await context.db
        .select()
        .from(personalDataExport)
        .where(and(eq(personalDataExport.id, id), eq(personalDataExport.userId, context.viewer.userId), eq(personalDataExport.fileKey, args.key)))
        .limit(1);
      if (!row?.readyAt || !isPersonalDataExportDownloadable(row, new Date())) throw notFound('The archive');
      return `talentplace-data-${row.readyAt.toISOString().slice(0, 10)}.zip`;
    },
  }),
);

builder.mutationField('requestMyPersonalDataExport', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: PersonalDataExport,
    description:
      `Asks for an archive of your data, prepared in the background; a mail says when it is ready, and it is offered for seven days. One at a time (CONFLICT exportPreparing while one is under way), ${PERSONAL_DATA_EXPORTS_PER_DAY} a day (CONFLICT exportLimit). FORBIDDEN impersonating. Records user.update`,
    resolve: async (_root, _args, context) => {
      refuseImpersonation(context);
      const { viewer } = context;
      const created = await context.db.transaction(async (tx) => {
        // Under the user's row lock: two clicks at once ask for one archive.
        await tx.select({ id: user.id }).from(user).where(eq(user.id, viewer.userId)).for('update');
        const now = new Date();
        const archives = await tx
          .select({ status: personalDataExport.status, createdAt: personalDataExport.createdAt })
          .from(personalDataExport)
          .where(and(eq(personalDataExport.userId, viewer.userId), offered(now)));
        const refusal = personalDataExportRefusal(archives, now);
        if (refusal) throw conflict(refusal, ACCOUNT_ERRORS);
        const [row] = await tx.insert(personalDataExport).values({ userId: viewer.userId }).returning();
        // Addressed to no one; names the archive, not what it holds.
        await recordEvent(tx, viewer, { type: 'user.update', toId: null, data: { entityId: viewer.userId, personalDataExport: row!.id, changedFields: [] } });
        return row!;
      });
      context.personalDataExports?.queue(created.id);
      return created;
    },
  }),
);
