import { and, asc, count, eq, isNotNull, ne } from 'drizzle-orm';
import { ADMIN_ERRORS } from '../../../lib/admin/company-verification';
import { isUuid } from '../../../lib/ids';
import {
  ADMIN_PERMISSIONS,
  ASSIGNABLE_ADMIN_PERMISSIONS,
  adminPermissionChange,
  adminPermissionsOf,
  adminRoleFor,
  assignableAdminPermissions,
  type AdminPermission,
} from '../../../lib/permissions/admin-permissions';
import type { Writer } from '../../db/client';
import { admin, user } from '../../db/schema';
import { builder } from '../builder';
import type { SignedInContext } from '../context';
import { forbiddenBecause, notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { recordEvent } from '../record-event';

// The platform's admins and what each may do (lib/permissions/admin-permissions.ts). Only
// a super admin lists them and sets another admin's permissions; each change is a
// user.update event addressed to that admin, with the permissions before and after.

const AdminPermissionEnum = builder.enumType('AdminPermission', {
  description: 'A part of the admin area an admin may work in; admins (setting other admins\u2019 permissions) is the super admin\u2019s alone',
  values: ADMIN_PERMISSIONS,
});

interface PlatformAdminRow {
  id: string;
  email: string;
  displayName: string | null;
  lastVisit: Date | null;
  role: string | null;
  permissions: unknown;
}

type PlatformAdminView = PlatformAdminRow & { adminPermissions: AdminPermission[]; isSuperAdmin: boolean; isSelf: boolean };

const PlatformAdmin = builder.objectRef<PlatformAdminView>('PlatformAdmin');
PlatformAdmin.implement({
  description: 'A user holding the admin role, and the admin permissions their admin row gives',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The user id' }),
    email: t.exposeString('email'),
    displayName: t.exposeString('displayName', { nullable: true }),
    lastVisit: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.lastVisit }),
    permissions: t.field({ type: [AdminPermissionEnum], resolve: (row) => row.adminPermissions }),
    isSuperAdmin: t.exposeBoolean('isSuperAdmin', { description: 'Holds every admin permission through the configured admin role' }),
    isSelf: t.exposeBoolean('isSelf', { description: 'The caller: nobody sets their own permissions' }),
  }),
});

const PlatformAdminPage = pageOf(PlatformAdmin, 'PlatformAdmin');

function selectPlatformAdmins(db: Writer) {
  return db
    .select({ id: user.id, email: user.email, displayName: user.displayName, lastVisit: user.lastVisit, role: admin.role, permissions: admin.permissions })
    .from(user)
    .leftJoin(admin, eq(admin.id, user.adminRoleId))
    .$dynamic();
}

// Admins are the users linked to an admin row (the role is mirrored at each call); deleted ones are gone.
const isPlatformAdmin = and(isNotNull(user.adminRoleId), ne(user.status, 'deleted'));

const viewOf = (context: SignedInContext) => (row: PlatformAdminRow): PlatformAdminView => {
  const adminPermissions = adminPermissionsOf(row.role === null ? null : { role: row.role, permissions: row.permissions }, context.superAdminRole);
  return { ...row, adminPermissions, isSuperAdmin: row.role === context.superAdminRole, isSelf: row.id === context.viewer.userId };
};

builder.queryField('findManyPlatformAdmin', (t) =>
  t.withAuth({ adminPermission: 'admins' }).field({
    type: PlatformAdminPage,
    description: 'The platform admins and their admin permissions (super admins only), by e-mail',
    args: { ...pageArgs },
    resolve: async (_root, args, context) => {
      const window = pageWindow(args);
      const [rows, [total]] = await Promise.all([
        selectPlatformAdmins(context.db).where(isPlatformAdmin).orderBy(asc(user.email), asc(user.id)).limit(window.perPage).offset(window.offset),
        context.db.select({ total: count() }).from(user).where(isPlatformAdmin),
      ]);
      return { items: rows.map(viewOf(context)), total: total?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

/** The admin row standing for a set of permissions, created the first time the set is given. */
async function adminRoleIdFor(tx: Writer, chosen: readonly AdminPermission[]): Promise<string> {
  const wanted = adminRoleFor(assignableAdminPermissions(chosen));
  const [existing] = await tx.select({ id: admin.id }).from(admin).where(eq(admin.role, wanted.role)).orderBy(asc(admin.createdAt)).limit(1);
  if (existing) return existing.id;
  const [created] = await tx.insert(admin).values(wanted).returning({ id: admin.id });
  return created!.id;
}

builder.mutationField('updateOneAdminPermissions', (t) =>
  t.withAuth({ adminPermission: 'admins' }).field({
    type: PlatformAdmin,
    description: `Sets what another admin may do (super admins only): any of ${ASSIGNABLE_ADMIN_PERMISSIONS.join(', ')}; never one's own (FORBIDDEN ownAdminPermissions)`,
    args: {
      userId: t.arg.id({ required: true }),
      permissions: t.arg({ type: [AdminPermissionEnum], required: true }),
    },
    resolve: async (_root, args, context) => {
      const userId = String(args.userId);
      const { viewer } = context;
      await context.db.transaction(async (tx) => {
        const [target] = isUuid(userId) ? await selectPlatformAdmins(tx).where(and(eq(user.id, userId), ne(user.status, 'deleted'))).limit(1).for('update', { of: user }) : [];
        if (!target) throw notFound('The user');
        const change = adminPermissionChange({ isSelf: target.id === viewer.userId, targetIsAdmin: target.role !== null });
        if (!change.ok) throw forbiddenBecause(change.reason, ADMIN_ERRORS);
        const before = viewOf(context)(target).adminPermissions;
        const after = assignableAdminPermissions(args.permissions);
        const adminRoleId = await adminRoleIdFor(tx, after);
        await tx.update(user).set({ adminRoleId, updatedAt: new Date() }).where(eq(user.id, userId));
        await recordEvent(tx, viewer, {
          type: 'user.update',
          toId: userId,
          data: { entityId: userId, admin: true, action: 'adminPermissions', changedFields: ['adminRoleId'], before: { permissions: before }, after: { permissions: after } },
        });
      });
      const [row] = await selectPlatformAdmins(context.db).where(eq(user.id, userId)).limit(1);
      return viewOf(context)(row!);
    },
  }),
);
