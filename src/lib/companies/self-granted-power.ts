import { can } from '../permissions/effective-permissions';
import { PERMISSION_ACTIONS, PERMISSION_RESOURCES, type PermissionAction, type PermissionResource, type PermissionSet } from '../permissions/resources';

// No self-granted power (docs/security.md): nobody changes what a role they hold allows,
// and nobody grants a permission they do not hold themselves, whether by ticking it in a
// role's matrix (a new role or an edited one) or by giving someone, themselves included,
// a role that allows it. What a member holds is what they may do in the company: their
// role merged with the company's own set (the permission merge). Owners hold the default owner role,
// so everything the company's own set allows: the rule leaves them what they had, and who
// gives the owner role stays the owners' own rule (src/server/api/companies/members.ts).

/** One permission: an action on a permission resource. */
export type Permission = readonly [PermissionResource, PermissionAction];

/** The reasons a grant is refused (FORBIDDEN, worded in companies.errors). */
export const SELF_GRANTED_POWER_REASONS = {
  /** The role is the actor's own: what it allows is for someone else to change. */
  ownRole: 'roleHeldByYou',
  /** A role's matrix would newly allow something the actor may not do. */
  notHeld: 'permissionNotHeld',
  /** The role given would let its holder do something the actor may not do. */
  roleAllowsMore: 'roleAllowsMore',
} as const;

/**
 * What `wanted` allows that `held` does not, leaving out what `already` allowed: keeping a
 * tick someone else gave is not granting it, ticking it again once taken away is.
 */
export function permissionsNotHeld(wanted: PermissionSet, held: PermissionSet, already: PermissionSet = {}): Permission[] {
  return PERMISSION_RESOURCES.flatMap((resource) =>
    PERMISSION_ACTIONS.filter((action) => can(wanted, resource, action) && !can(already, resource, action) && !can(held, resource, action)).map((action): Permission => [resource, action]),
  );
}

/**
 * Whether one who holds `held` may set a role's matrix from `already` (nothing for a new
 * role) to `wanted`; and, `wanted` being what a role lets its holder do in the company,
 * whether they may give that role to anyone, themselves included.
 */
export function mayGrantPermissions(wanted: PermissionSet, held: PermissionSet, already: PermissionSet = {}): boolean {
  return permissionsNotHeld(wanted, held, already).length === 0;
}

/** Whether two matrices allow the same: a form resends the whole matrix with a new name. */
export function samePermissions(a: PermissionSet, b: PermissionSet): boolean {
  return PERMISSION_RESOURCES.every((resource) => PERMISSION_ACTIONS.every((action) => can(a, resource, action) === can(b, resource, action)));
}

/**
 * Whether a member may change what a role allows, given the role they hold: never their
 * own role (a change that leaves the matrix as it was, a rename, is not one).
 */
export function mayEditRolePermissions(roleId: string, heldRoleId: string | null, before: PermissionSet, after: PermissionSet): boolean {
  return roleId !== heldRoleId || samePermissions(before, after);
}

/** What of `set` one who holds `held` may grant: a new role's template, cut down to the form's own offer. */
export function grantablePart(set: PermissionSet, held: PermissionSet): PermissionSet {
  return Object.fromEntries(PERMISSION_RESOURCES.map((resource) => [resource, Object.fromEntries(PERMISSION_ACTIONS.map((action) => [action, can(set, resource, action) && can(held, resource, action)]))]));
}

/** "jobAd.delete, company.update": the permissions named in an error's hint for API clients. */
export function permissionNames(permissions: readonly Permission[]): string {
  return permissions.map(([resource, action]) => `${resource}.${action}`).join(', ');
}
