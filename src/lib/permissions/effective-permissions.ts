import type { PermissionAction, PermissionResource, PermissionSet } from './resources';

/** Role and company permissions may arrive as JSON strings; anything unreadable grants nothing. */
export function parsePermissionSet(value: unknown): PermissionSet | null {
  let candidate = value;
  if (typeof candidate === 'string') {
    try {
      candidate = JSON.parse(candidate);
    } catch {
      return null;
    }
  }
  if (!candidate || typeof candidate !== 'object' || Array.isArray(candidate)) return null;
  const set: PermissionSet = {};
  for (const [resource, actions] of Object.entries(candidate)) {
    if (!actions || typeof actions !== 'object' || Array.isArray(actions)) continue;
    set[resource] = Object.fromEntries(
      Object.entries(actions).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
    );
  }
  return set;
}

/**
 * The permission merge: for each resource, when both sets define it an action is allowed only when
 * both allow it (a missing action denies); when only one defines it, its values apply.
 */
export function mergePermissionSets(role: PermissionSet, company: PermissionSet): PermissionSet {
  const merged: PermissionSet = {};
  for (const resource of new Set([...Object.keys(role), ...Object.keys(company)])) {
    const fromRole = role[resource];
    const fromCompany = company[resource];
    if (fromRole && fromCompany) {
      const actions = new Set([...Object.keys(fromRole), ...Object.keys(fromCompany)]);
      merged[resource] = Object.fromEntries([...actions].map((action) => [action, fromRole[action] === true && fromCompany[action] === true]));
    } else {
      merged[resource] = { ...(fromRole ?? fromCompany) };
    }
  }
  return merged;
}

export interface MembershipPermissionsInput {
  company: { verificationStatus: string; deletedAt?: Date | string | null; permissions?: unknown };
  role: { permissions?: unknown; defaultPermissions?: unknown } | null;
}

/**
 * A member's effective permissions in one company: the role's permissions,
 * falling back to the role's default permissions, merged with the company's own set.
 * Only verified, not deleted companies count: any other answers null.
 */
export function effectivePermissions({ company, role }: MembershipPermissionsInput): PermissionSet | null {
  if (company.verificationStatus !== 'verified' || company.deletedAt) return null;
  const roleSet = parsePermissionSet(role?.permissions) ?? parsePermissionSet(unwrapDefaults(role?.defaultPermissions)) ?? {};
  const companySet = parsePermissionSet(company.permissions) ?? {};
  return mergePermissionSets(roleSet, companySet);
}

// A role's default permissions may come as the companyDefaultPermissions row itself.
function unwrapDefaults(value: unknown): unknown {
  if (value && typeof value === 'object' && 'permissions' in value) return (value as { permissions: unknown }).permissions;
  return value;
}

export function can(permissions: PermissionSet | null | undefined, resource: PermissionResource, action: PermissionAction): boolean {
  return permissions?.[resource]?.[action] === true;
}

/** One of a page's alternative permissions (route table, anyPermissions) is held: a page without any needs none. */
export function permitsAnyOf(alternatives: readonly (readonly [PermissionResource, PermissionAction])[] | undefined, permissions: PermissionSet | null | undefined): boolean {
  return !alternatives?.length || alternatives.some(([resource, action]) => can(permissions, resource, action));
}

/** A page's permissions (route table) are all held: a page without any needs none. */
export function permitsPage(required: readonly (readonly [PermissionResource, PermissionAction])[] | undefined, permissions: PermissionSet | null | undefined): boolean {
  return (required ?? []).every(([resource, action]) => can(permissions, resource, action));
}
