/**
 * What each platform admin may do. The identity provider's admin role makes someone an
 * admin; their `admin` row (user.adminRoleId) says which parts of the admin area are theirs.
 * One short, fixed list, named after the work rather than the pages, so that a page or an
 * operation names the work it belongs to:
 *
 * - moderation: job ads and job applications (unpublish, remove), the talent search;
 * - verification: companies (verify, reject, their permission sets, deletion), talents'
 *   verification and their bank details;
 * - finance: the credit the platform gives companies;
 * - support: users (block, unblock, delete), the impersonation audit, the talent search;
 * - flags: feature flags and who holds them;
 * - admins: other admins' permissions. Only a super admin holds it: the admin row whose
 *   role is the configured admin role (default `super:admin`) holds every permission, those
 *   to come included, and no other row can be given this one.
 */
export const ASSIGNABLE_ADMIN_PERMISSIONS = ['moderation', 'verification', 'finance', 'support', 'flags'] as const;
export const ADMIN_PERMISSIONS = [...ASSIGNABLE_ADMIN_PERMISSIONS, 'admins'] as const;

export type AssignableAdminPermission = (typeof ASSIGNABLE_ADMIN_PERMISSIONS)[number];
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

/** How an admin row stores its permissions (`admin.permissions`): one flag per permission. */
export type AdminPermissionSet = Partial<Record<AdminPermission, boolean>>;

/** The admin row's role of an admin narrowed to a set; shared by every admin holding that set. */
const ROLE_PREFIX = 'admin:';

export function isAdminPermission(value: unknown): value is AdminPermission {
  return typeof value === 'string' && (ADMIN_PERMISSIONS as readonly string[]).includes(value);
}

export function isAssignableAdminPermission(value: unknown): value is AssignableAdminPermission {
  return typeof value === 'string' && (ASSIGNABLE_ADMIN_PERMISSIONS as readonly string[]).includes(value);
}

/**
 * The permissions an admin row grants: every one for the super admin role, else the
 * assignable ones flagged true. The stored JSON is read, not trusted: unknown names, the
 * super admin's own permission and anything but `true` grant nothing.
 */
export function adminPermissionsOf(row: { role: string; permissions: unknown } | null | undefined, superAdminRole: string): AdminPermission[] {
  if (!row) return [];
  if (row.role === superAdminRole) return [...ADMIN_PERMISSIONS];
  const stored = row.permissions;
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return [];
  return ASSIGNABLE_ADMIN_PERMISSIONS.filter((permission) => (stored as Record<string, unknown>)[permission] === true);
}

/** A page or an operation open to holders of any one of `required` (none listed: any admin). */
export function holdsAnyAdminPermission(held: readonly string[], required: readonly AdminPermission[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  return required.some((permission) => held.includes(permission));
}

/** A chosen set, deduplicated, in the list's order; the super admin's own permission dropped. */
export function assignableAdminPermissions(chosen: readonly unknown[]): AssignableAdminPermission[] {
  return ASSIGNABLE_ADMIN_PERMISSIONS.filter((permission) => chosen.includes(permission));
}

/** The admin row that stands for a set: its role name and stored permissions. */
export function adminRoleFor(chosen: readonly AssignableAdminPermission[]): { role: string; permissions: AdminPermissionSet } {
  const permissions = assignableAdminPermissions(chosen);
  return {
    role: `${ROLE_PREFIX}${permissions.length ? permissions.join('+') : 'none'}`,
    permissions: Object.fromEntries(permissions.map((permission) => [permission, true])),
  };
}

export type AdminPermissionChangeRefusal = 'ownAdminPermissions' | 'notAnAdmin';

/**
 * Who may set an admin's permissions: a super admin (the `admins` permission), for another
 * admin only. Nobody sets their own, so no admin widens or narrows their own power, and the
 * last super admin cannot lock the admin area out by mistake.
 */
export function adminPermissionChange(change: { isSelf: boolean; targetIsAdmin: boolean }): { ok: true } | { ok: false; reason: AdminPermissionChangeRefusal } {
  if (change.isSelf) return { ok: false, reason: 'ownAdminPermissions' };
  if (!change.targetIsAdmin) return { ok: false, reason: 'notAnAdmin' };
  return { ok: true };
}
