import { and, asc, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { COMPANY_ERRORS } from '../../../lib/forms/company-refusals';
import { companyPermissionRows, permissionRows, roleCreateSchema, roleUpdateSchema, type CompanyPermissionRow, type RolePermissionRow } from '../../../lib/companies/company-roles';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { isUuid } from '../../../lib/ids';
import { parsePermissionSet } from '../../../lib/permissions/effective-permissions';
import { companyDefaultPermissions, companyMemberInvitation, companyOnUser, companyPermissions, companyRole } from '../../db/schema';
import { builder, type Types } from '../builder';
import { conflict, invalidFields, notFound } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';
import { recordEvent } from '../record-event';
import { requireCompanyPermission } from '../auth/company-access';
import { membersHolding } from './company-rows';
import type { Writer } from '../../db/client';
import { requireMayEditRole, requireMayGrant } from './self-granted-power';

// A company's roles (the companyRole entity; the Roles page): a name and the
// permission matrix (15 resources × read/create/update/delete). The default
// owner role keeps every permission: renaming, editing or deleting it is refused
// (ownerRoleLocked), or a company could lock all its owners out. No self-granted power
// (./self-granted-power.ts): a matrix may newly allow only what the caller holds, and
// nobody changes what their own role allows.

interface RoleRow {
  id: string;
  role: string;
  isDefault: boolean;
  permissions: unknown;
  defaultPermissions: unknown;
  memberCount: number;
}

/** What a role allows as stored: its own set, else its platform template. */
const roleMatrixOf = (row: Pick<RoleRow, 'permissions' | 'defaultPermissions'>) => parsePermissionSet(row.permissions) ?? parsePermissionSet(row.defaultPermissions) ?? {};

const CompanyRolePermission = builder.objectRef<RolePermissionRow>('CompanyRolePermission').implement({
  description: 'What a role allows on one permission resource',
  fields: (t) => ({
    resource: t.exposeString('resource'),
    read: t.exposeBoolean('read'),
    create: t.exposeBoolean('create'),
    update: t.exposeBoolean('update'),
    delete: t.exposeBoolean('delete'),
  }),
});

export const CompanyRole = builder.objectRef<RoleRow>('CompanyRole');
CompanyRole.implement({
  description: "A role of the selected company",
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('role'),
    isDefault: t.exposeBoolean('isDefault', { description: 'The owner role new companies start with; it keeps every permission' }),
    permissions: t.field({
      type: [CompanyRolePermission],
      description: "One row per resource, in the spec's order; the role's own set, else its platform template",
      resolve: (row) => permissionRows(roleMatrixOf(row)),
    }),
    memberCount: t.exposeInt('memberCount', { description: 'Members holding the role' }),
    heldByYou: t.boolean({
      description: 'The caller holds this role in the selected company: what it allows is for another member to change (no self-granted power)',
      resolve: (row, _args, context) => context.company !== null && context.company.roleId === row.id,
    }),
  }),
});

const CompanyRolePage = pageOf(CompanyRole, 'CompanyRole');

const memberCount = sql<number>`(select count(*) from ${companyOnUser} where ${companyOnUser.roleId} = ${companyRole.id})`.mapWith(Number);

function selectRoles(db: Writer, companyId: string) {
  return db
    .select({
      id: companyRole.id,
      role: companyRole.role,
      isDefault: companyRole.isDefault,
      permissions: companyRole.permissions,
      defaultPermissions: companyDefaultPermissions.permissions,
      memberCount,
    })
    .from(companyRole)
    .leftJoin(companyDefaultPermissions, eq(companyDefaultPermissions.id, companyRole.defaultPermissionsId))
    .where(and(eq(companyRole.companyId, companyId), isNull(companyRole.deletedAt)))
    .$dynamic();
}

/** A company's roles, the owner role first, then by name (the Roles page and the admin's company page). */
export function rolesInOrder(db: Writer, companyId: string) {
  return selectRoles(db, companyId).orderBy(desc(companyRole.isDefault), sql`lower(${companyRole.role})`, asc(companyRole.id));
}

async function readRole(db: Writer, companyId: string, id: string): Promise<RoleRow> {
  const [row] = await selectRoles(db, companyId).where(and(eq(companyRole.companyId, companyId), isNull(companyRole.deletedAt), eq(companyRole.id, id))).limit(1);
  if (!row) throw notFound('The role');
  return row;
}

/** A role of this company, locked for the write; another company's id is NOT_FOUND like an unknown one. */
async function lockedRole(tx: Writer, companyId: string, id: string) {
  const [row] = isUuid(id)
    ? await tx
        .select()
        .from(companyRole)
        .where(and(eq(companyRole.id, id), eq(companyRole.companyId, companyId), isNull(companyRole.deletedAt)))
        .limit(1)
        .for('update')
    : [];
  if (!row) throw notFound('The role');
  return row;
}

async function nameTaken(tx: Writer, companyId: string, name: string, exceptId: string | null): Promise<boolean> {
  const [row] = await tx
    .select({ id: companyRole.id })
    .from(companyRole)
    .where(and(eq(companyRole.companyId, companyId), isNull(companyRole.deletedAt), eq(sql`lower(${companyRole.role})`, name.toLowerCase()), exceptId ? ne(companyRole.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

builder.queryField('findManyCompanyRole', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyRolePage,
    description: "The selected company's roles, the owner role first, then by name; needs companyRole read",
    args: { ...pageArgs },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyRole', 'read');
      const window = pageWindow(args);
      const [items, [total]] = await Promise.all([
        rolesInOrder(context.db, companyId).limit(window.perPage).offset(window.offset),
        context.db.select({ total: count() }).from(companyRole).where(and(eq(companyRole.companyId, companyId), isNull(companyRole.deletedAt))),
      ]);
      return { items, total: total?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

export const CompanyPermission = builder.objectRef<CompanyPermissionRow>('CompanyPermission').implement({
  description: "What the company itself may do on one resource (its own permission set), whatever its roles say",
  fields: (t) => ({
    resource: t.exposeString('resource'),
    limited: t.exposeBoolean('limited', { description: 'The company set names the resource; when false its roles alone decide, and every action reads true' }),
    read: t.exposeBoolean('read'),
    create: t.exposeBoolean('create'),
    update: t.exposeBoolean('update'),
    delete: t.exposeBoolean('delete'),
  }),
});

builder.queryField('findCompanyPermissions', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [CompanyPermission],
    description:
      "The selected company's own permission set, one row per resource in the spec's order: a member may do only what both their role and this allow. Read-only: platform admins set it. Needs companyRole read, like the roles it bounds",
    resolve: async (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyRole', 'read');
      const [row] = await context.db.select({ permissions: companyPermissions.permissions }).from(companyPermissions).where(eq(companyPermissions.companyId, companyId)).limit(1);
      return companyPermissionRows(parsePermissionSet(row?.permissions));
    },
  }),
);

/** One row of a permission matrix as inputs send it: a permission resource and its four actions (roles, and the admin's company set). */
export function permissionRowInputs(t: PothosSchemaTypes.InputFieldBuilder<Types, 'InputObject'>) {
  return {
    resource: t.string({ required: true, description: 'A permission resource, e.g. jobAd' }),
    read: t.boolean({ required: true }),
    create: t.boolean({ required: true }),
    update: t.boolean({ required: true }),
    delete: t.boolean({ required: true }),
  };
}

const CompanyRolePermissionInput = builder.inputType('CompanyRolePermissionInput', {
  description: 'What the role allows on one resource; a resource left out allows nothing',
  fields: (t) => permissionRowInputs(t),
});

const CreateOneCompanyRoleInput = builder.inputType('CreateOneCompanyRoleInput', {
  fields: (t) => ({
    name: t.string({ required: true, description: 'Trimmed, 1 to 100 characters, unique in the company (case aside)' }),
    permissions: t.field({ type: [CompanyRolePermissionInput], required: true }),
  }),
});

const UpdateOneCompanyRoleInput = builder.inputType('UpdateOneCompanyRoleInput', {
  description: 'A partial edit: what is left out stays as it is; permissions, when sent, replace the whole matrix',
  fields: (t) => ({
    name: t.string(),
    permissions: t.field({ type: [CompanyRolePermissionInput] }),
  }),
});

/** Field issues name the API's fields (`name`), not the column (`role`). */
const roleIssues = (error: Parameters<typeof zodIssues>[0]) => zodIssues(error).map((issue) => ({ ...issue, path: issue.path.replace(/^role\b/, 'name') }));

builder.mutationField('createOneCompanyRole', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyRole,
    description:
      'Adds a role to the selected company; needs companyRole create. CONFLICT roleNameTaken; FORBIDDEN permissionNotHeld when it would allow something the caller may not do. Records companyRole.create',
    args: { data: t.arg({ type: CreateOneCompanyRoleInput, required: true }) },
    resolve: async (_root, { data }, context) => {
      const scope = requireCompanyPermission(context, 'companyRole', 'create');
      const { companyId } = scope;
      const parsed = roleCreateSchema.safeParse({ role: data.name, permissions: data.permissions });
      if (!parsed.success) throw invalidFields(roleIssues(parsed.error), COMPANY_ERRORS);
      requireMayGrant(scope, parsed.data.permissions);
      return context.db.transaction(async (tx) => {
        if (await nameTaken(tx, companyId, parsed.data.role, null)) throw conflict('roleNameTaken', COMPANY_ERRORS);
        const [created] = await tx.insert(companyRole).values({ companyId, role: parsed.data.role, permissions: parsed.data.permissions }).returning({ id: companyRole.id });
        await recordEvent(tx, context.viewer, {
          type: 'companyRole.create',
          toId: companyId,
          data: { entityId: created!.id, companyId, before: null, after: { role: parsed.data.role, permissions: parsed.data.permissions } },
        });
        return readRole(tx, companyId, created!.id);
      });
    },
  }),
);

builder.mutationField('updateOneCompanyRole', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyRole,
    description:
      "Renames a role of the selected company or replaces its permissions; needs companyRole update. The owner role is refused (CONFLICT ownerRoleLocked); so are changing what the caller's own role allows (FORBIDDEN roleHeldByYou; a rename is fine) and newly allowing something the caller may not do (FORBIDDEN permissionNotHeld). Records companyRole.update",
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: UpdateOneCompanyRoleInput, required: true }) },
    resolve: async (_root, { id, data }, context) => {
      const scope = requireCompanyPermission(context, 'companyRole', 'update');
      const { companyId } = scope;
      const parsed = roleUpdateSchema.safeParse({ role: data.name ?? undefined, permissions: data.permissions ?? undefined });
      if (!parsed.success) throw invalidFields(roleIssues(parsed.error), COMPANY_ERRORS);
      return context.db.transaction(async (tx) => {
        const before = await lockedRole(tx, companyId, String(id));
        if (before.isDefault) throw conflict('ownerRoleLocked', COMPANY_ERRORS);
        const set = Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined)) as { role?: string; permissions?: Record<string, Record<string, boolean>> };
        if (set.permissions) {
          const allowed = roleMatrixOf(await readRole(tx, companyId, before.id));
          requireMayEditRole(scope, before.id, allowed, set.permissions);
          requireMayGrant(scope, set.permissions, allowed);
        }
        if (Object.keys(set).length === 0) return readRole(tx, companyId, before.id);
        if (set.role !== undefined && (await nameTaken(tx, companyId, set.role, before.id))) throw conflict('roleNameTaken', COMPANY_ERRORS);
        await tx.update(companyRole).set({ ...set, updatedAt: new Date() }).where(eq(companyRole.id, before.id));
        await recordEvent(tx, context.viewer, {
          type: 'companyRole.update',
          toId: companyId,
          data: {
            entityId: before.id,
            companyId,
            before: Object.fromEntries(Object.keys(set).map((key) => [key, before[key as keyof typeof set]])),
            after: set,
          },
        });
        return readRole(tx, companyId, before.id);
      });
    },
  }),
);

builder.mutationField('deleteOneCompanyRole', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: 'ID',
    description:
      'Deletes a role of the selected company and answers its id; needs companyRole delete. Refused while members or open invitations hold it (CONFLICT roleInUse) and for the owner role (ownerRoleLocked). Records companyRole.delete',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) => {
      const { companyId } = requireCompanyPermission(context, 'companyRole', 'delete');
      return context.db.transaction(async (tx) => {
        const role = await lockedRole(tx, companyId, String(id));
        if (role.isDefault) throw conflict('ownerRoleLocked', COMPANY_ERRORS);
        const [invited] = await tx.select({ total: count() }).from(companyMemberInvitation).where(eq(companyMemberInvitation.roleId, role.id));
        if ((await membersHolding(tx, role.id)) > 0 || (invited?.total ?? 0) > 0) throw conflict('roleInUse', COMPANY_ERRORS);
        // Soft delete (the table keeps deletedAt): old events and memberships' history still name it.
        await tx.update(companyRole).set({ deletedAt: new Date() }).where(eq(companyRole.id, role.id));
        await recordEvent(tx, context.viewer, {
          type: 'companyRole.delete',
          toId: companyId,
          data: { entityId: role.id, companyId, before: { role: role.role, permissions: role.permissions }, after: null },
        });
        return role.id;
      });
    },
  }),
);
