import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { isCheckedFeatureFlag, FEATURE_FLAG_ERRORS, featureFlagCreateSchema, featureFlagUpdateSchema } from '../../../lib/feature-flags/feature-flags';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { isUuid } from '../../../lib/ids';
import { escapeLike } from '../../db/like-pattern';
import { featureFlag, user, userFeatureFlag } from '../../db/schema';
import { builder } from '../builder';
import type { Viewer } from '../auth/viewer';
import type { Writer } from '../../db/client';
import type { SignedInContext } from '../context';
import { conflict, invalidFields, notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { recordEvent } from '../record-event';

// Feature flags for the platform (the featureFlag and userFeatureFlag entities):
// admins list, create, describe and soft-delete flags and give them to users or take them
// back. Every operation is for admins only (the admin scope) and every write records an
// event: featureFlag.* addressed to no one (the audit trail), userFeatureFlag.* addressed
// to the user who gains or loses the flag. The product's checks read the flags through
// feature-flag-access.ts; a deleted flag is off for everyone and may not be given.

interface FlagRow {
  id: string;
  name: string;
  description: string | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  userCount: number;
}

const userCount = sql<number>`(select count(*)::int from "user_feature_flag" as "holder" where "holder"."feature_flag_id" = "feature_flag"."id")`;

function selectFlags(db: Writer) {
  return db
    .select({
      id: featureFlag.id,
      name: featureFlag.name,
      description: featureFlag.description,
      createdAt: featureFlag.createdAt,
      updatedAt: featureFlag.updatedAt,
      deletedAt: featureFlag.deletedAt,
      userCount,
    })
    .from(featureFlag)
    .$dynamic();
}

const AdminFeatureFlag = builder.objectRef<FlagRow>('AdminFeatureFlag');
AdminFeatureFlag.implement({
  description: 'A feature flag as the platform manages it',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name', { description: 'Kebab-case; what the product checks' }),
    description: t.exposeString('description', { nullable: true }),
    userCount: t.int({ description: 'Users holding the flag', resolve: (row) => Number(row.userCount) }),
    isChecked: t.boolean({ description: 'Whether the product checks this name (lib/feature-flags FEATURE_FLAGS): a flag nothing checks turns nothing on', resolve: (row) => isCheckedFeatureFlag(row.name) }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (row) => row.updatedAt }),
    deletedAt: t.field({ type: 'DateTime', nullable: true, description: 'Set once deleted: the flag is off for everyone', resolve: (row) => row.deletedAt }),
  }),
});

interface HolderRow {
  userId: string;
  email: string;
  displayName: string | null;
  status: string;
  assignedAt: Date;
}

const FeatureFlagHolder = builder.objectRef<HolderRow>('FeatureFlagHolder');
FeatureFlagHolder.implement({
  description: 'A user holding a feature flag',
  fields: (t) => ({
    userId: t.exposeID('userId'),
    email: t.exposeString('email'),
    displayName: t.exposeString('displayName', { nullable: true }),
    status: t.exposeString('status', { description: 'The account status (active, blocked, deleted)' }),
    assignedAt: t.field({ type: 'DateTime', resolve: (row) => row.assignedAt }),
  }),
});

const AdminFeatureFlagPage = pageOf(AdminFeatureFlag, 'AdminFeatureFlag');
const FeatureFlagHolderPage = pageOf(FeatureFlagHolder, 'FeatureFlagHolder');

async function readFlag(db: Writer, id: string, options: { lock?: boolean } = {}): Promise<FlagRow> {
  if (!isUuid(id)) throw notFound('The feature flag');
  const query = selectFlags(db).where(eq(featureFlag.id, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('The feature flag');
  return { ...row, userCount: Number(row.userCount) };
}

builder.queryField('findManyFeatureFlag', (t) =>
  t.withAuth({ adminPermission: 'flags' }).field({
    type: AdminFeatureFlagPage,
    description: 'Feature flags (admins only): q in the name or description; deleted ones only with includeDeleted; by name',
    args: { ...pageArgs, q: t.arg.string({ description: 'Part of the name or description, any case' }), includeDeleted: t.arg.boolean() },
    resolve: async (_root, args, context) => {
      const window = pageWindow(args);
      const q = args.q?.trim().slice(0, 200);
      const pattern = q ? `%${escapeLike(q)}%` : null;
      const where: SQL | undefined = and(args.includeDeleted ? undefined : isNull(featureFlag.deletedAt), pattern ? or(ilike(featureFlag.name, pattern), ilike(featureFlag.description, pattern)) : undefined);
      const [rows, [total]] = await Promise.all([
        selectFlags(context.db).where(where).orderBy(asc(featureFlag.name), desc(featureFlag.createdAt), asc(featureFlag.id)).limit(window.perPage).offset(window.offset),
        context.db.select({ total: count() }).from(featureFlag).where(where),
      ]);
      return { items: rows.map((row) => ({ ...row, userCount: Number(row.userCount) })), total: total?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

builder.queryField('findFeatureFlag', (t) =>
  t.withAuth({ adminPermission: 'flags' }).field({
    type: AdminFeatureFlag,
    description: 'One feature flag, deleted or not (admins only)',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => {
      return readFlag(context.db, String(args.id));
    },
  }),
);

builder.queryField('findManyFeatureFlagHolder', (t) =>
  t.withAuth({ adminPermission: 'flags' }).field({
    type: FeatureFlagHolderPage,
    description: 'The users holding a feature flag (admins only), most recently given first',
    args: { ...pageArgs, featureFlagId: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const flag = await readFlag(context.db, String(args.featureFlagId));
      const window = pageWindow(args);
      const where = eq(userFeatureFlag.featureFlagId, flag.id);
      const [rows, [total]] = await Promise.all([
        context.db
          .select({ userId: user.id, email: user.email, displayName: user.displayName, status: user.status, assignedAt: userFeatureFlag.createdAt })
          .from(userFeatureFlag)
          .innerJoin(user, eq(user.id, userFeatureFlag.userId))
          .where(where)
          .orderBy(desc(userFeatureFlag.createdAt), asc(user.id))
          .limit(window.perPage)
          .offset(window.offset),
        context.db.select({ total: count() }).from(userFeatureFlag).where(where),
      ]);
      return { items: rows, total: total?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

const FeatureFlagCreateInput = builder.inputType('FeatureFlagCreateInput', {
  fields: (t) => ({ name: t.string({ required: true, description: 'Kebab-case: lower-case letters and digits joined by hyphens' }), description: t.string() }),
});

const FeatureFlagUpdateInput = builder.inputType('FeatureFlagUpdateInput', {
  fields: (t) => ({ description: t.string({ description: 'Blank empties it' }) }),
});

/** The same name among flags that are not deleted (the partial unique index's rule, said in words before it trips). */
async function nameTaken(db: Writer, name: string): Promise<boolean> {
  const [row] = await db.select({ id: featureFlag.id }).from(featureFlag).where(and(eq(featureFlag.name, name), isNull(featureFlag.deletedAt))).limit(1);
  return Boolean(row);
}

builder.mutationField('createOneFeatureFlag', (t) =>
  t.withAuth({ adminPermission: 'flags' }).field({
    type: AdminFeatureFlag,
    description: 'Creates a feature flag (admins only). BAD_USER_INPUT nameRequired, nameTooLong, nameNotKebabCase, nameTaken (a flag that is not deleted has it), descriptionTooLong. Records featureFlag.create',
    args: { data: t.arg({ type: FeatureFlagCreateInput, required: true }) },
    resolve: async (_root, args, context) => {
      const { viewer } = context;
      const parsed = featureFlagCreateSchema.safeParse(args.data);
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), FEATURE_FLAG_ERRORS);
      const { name, description } = parsed.data;
      const id = await context.db.transaction(async (tx) => {
        if (await nameTaken(tx, name)) throw invalidFields([{ path: 'name', code: 'nameTaken' }], FEATURE_FLAG_ERRORS);
        // Two admins creating the same name at once: the partial unique index keeps one, the other hears nameTaken.
        const [row] = await tx.insert(featureFlag).values({ name, description: description ?? null }).onConflictDoNothing().returning({ id: featureFlag.id });
        if (!row) throw invalidFields([{ path: 'name', code: 'nameTaken' }], FEATURE_FLAG_ERRORS);
        await recordEvent(tx, viewer, { type: 'featureFlag.create', toId: null, data: { entityId: row!.id, admin: true, after: { name, description: description ?? null } } });
        return row!.id;
      });
      return readFlag(context.db, id);
    },
  }),
);

builder.mutationField('updateOneFeatureFlag', (t) =>
  t.withAuth({ adminPermission: 'flags' }).field({
    type: AdminFeatureFlag,
    description: "Changes a feature flag's description (admins only; the name is what code checks, so it stays). CONFLICT featureFlagDeleted. Records featureFlag.update",
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: FeatureFlagUpdateInput, required: true }) },
    resolve: async (_root, args, context) => {
      const { viewer } = context;
      const parsed = featureFlagUpdateSchema.safeParse(args.data);
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), FEATURE_FLAG_ERRORS);
      const description = parsed.data.description ?? null;
      const id = String(args.id);
      await context.db.transaction(async (tx) => {
        const before = await readFlag(tx, id, { lock: true });
        if (before.deletedAt) throw conflict('featureFlagDeleted', FEATURE_FLAG_ERRORS);
        if (before.description === description) return;
        await tx.update(featureFlag).set({ description, updatedAt: new Date() }).where(eq(featureFlag.id, id));
        await recordEvent(tx, viewer, { type: 'featureFlag.update', toId: null, data: { entityId: id, admin: true, changedFields: ['description'], before: { description: before.description }, after: { description } } });
      });
      return readFlag(context.db, id);
    },
  }),
);

builder.mutationField('deleteOneFeatureFlag', (t) =>
  t.withAuth({ adminPermission: 'flags' }).field({
    type: AdminFeatureFlag,
    description: 'Deletes a feature flag (admins only; soft: it is off for everyone at once, its holders are kept for the record and its name may be used again). CONFLICT featureFlagDeleted. Records featureFlag.delete',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const { viewer } = context;
      const id = String(args.id);
      await context.db.transaction(async (tx) => {
        const before = await readFlag(tx, id, { lock: true });
        if (before.deletedAt) throw conflict('featureFlagDeleted', FEATURE_FLAG_ERRORS);
        const now = new Date();
        await tx.update(featureFlag).set({ deletedAt: now, updatedAt: now }).where(eq(featureFlag.id, id));
        await recordEvent(tx, viewer, { type: 'featureFlag.delete', toId: null, data: { entityId: id, admin: true, before: { name: before.name, userCount: before.userCount } } });
      });
      return readFlag(context.db, id);
    },
  }),
);

/**
 * A change to who holds a flag (admins only): the flag locked for the change (NOT_FOUND when
 * unknown), the write with its event, and the flag as it stands after (its holders counted).
 */
async function changeHolder(context: SignedInContext, args: { featureFlagId: string | number; userId: string | number }, write: (tx: Writer, flag: FlagRow, userId: string, viewer: Viewer) => Promise<void>): Promise<FlagRow> {
  const { viewer } = context;
  const flagId = String(args.featureFlagId);
  await context.db.transaction(async (tx) => write(tx, await readFlag(tx, flagId, { lock: true }), String(args.userId), viewer));
  return readFlag(context.db, flagId);
}

builder.mutationField('createOneUserFeatureFlag', (t) =>
  t.withAuth({ adminPermission: 'flags' }).field({
    type: AdminFeatureFlag,
    description: 'Gives a user a feature flag (admins only). NOT_FOUND for an unknown flag or user; CONFLICT featureFlagDeleted, userDeleted or alreadyHolds. Records userFeatureFlag.create addressed to the user',
    args: { featureFlagId: t.arg.id({ required: true }), userId: t.arg.id({ required: true }) },
    resolve: (_root, args, context) =>
      changeHolder(context, args, async (tx, flag, userId, viewer) => {
        if (flag.deletedAt) throw conflict('featureFlagDeleted', FEATURE_FLAG_ERRORS);
        const [holder] = isUuid(userId) ? await tx.select({ status: user.status }).from(user).where(eq(user.id, userId)).limit(1) : [];
        if (!holder) throw notFound('The user');
        if (holder.status === 'deleted') throw conflict('userDeleted', FEATURE_FLAG_ERRORS);
        const [row] = await tx.insert(userFeatureFlag).values({ userId, featureFlagId: flag.id }).onConflictDoNothing().returning({ id: userFeatureFlag.id });
        if (!row) throw conflict('alreadyHolds', FEATURE_FLAG_ERRORS);
        await recordEvent(tx, viewer, { type: 'userFeatureFlag.create', toId: userId, data: { entityId: row.id, admin: true, after: { featureFlagId: flag.id, name: flag.name } } });
      }),
  }),
);

builder.mutationField('deleteOneUserFeatureFlag', (t) =>
  t.withAuth({ adminPermission: 'flags' }).field({
    type: AdminFeatureFlag,
    description: 'Takes a feature flag back from a user (admins only; a deleted flag too). NOT_FOUND when the user does not hold it. Records userFeatureFlag.delete addressed to the user',
    args: { featureFlagId: t.arg.id({ required: true }), userId: t.arg.id({ required: true }) },
    resolve: (_root, args, context) =>
      changeHolder(context, args, async (tx, flag, userId, viewer) => {
        const [row] = isUuid(userId)
          ? await tx.delete(userFeatureFlag).where(and(eq(userFeatureFlag.featureFlagId, flag.id), eq(userFeatureFlag.userId, userId))).returning({ id: userFeatureFlag.id })
          : [];
        if (!row) throw notFound('The user holding this flag');
        await recordEvent(tx, viewer, { type: 'userFeatureFlag.delete', toId: userId, data: { entityId: row.id, admin: true, before: { featureFlagId: flag.id, name: flag.name } } });
      }),
  }),
);
