import { and, eq } from 'drizzle-orm';
import { COMPANY_ERRORS } from '../../../lib/forms/company-refusals';
import { mayEditRolePermissions, permissionNames, permissionsNotHeld, SELF_GRANTED_POWER_REASONS } from '../../../lib/companies/self-granted-power';
import { membershipPermissions } from '../auth/memberships';
import type { PermissionSet } from '../../../lib/permissions/resources';
import type { CompanyScope } from '../auth/company-scope';
import type { ApiContext } from '../context';
import { company, companyDefaultPermissions, companyPermissions, companyRole } from '../../db/schema';
import { forbiddenBecause, notFound } from '../errors';
import type { Writer } from '../../db/client';

// No self-granted power, where the API writes a role's matrix or gives a role: the rule
// itself is src/lib/companies/self-granted-power.ts; what the caller holds is the selected
// company's scope (their role merged with the company's own set, worked out once per request).

/** A role's matrix may newly allow only what the caller holds (`before`: the role's matrix as it is; nothing for a new role). */
export function requireMayGrant(scope: CompanyScope, wanted: PermissionSet, before: PermissionSet = {}): void {
  const missing = permissionsNotHeld(wanted, scope.permissions, before);
  if (missing.length) throw forbiddenBecause(SELF_GRANTED_POWER_REASONS.notHeld, COMPANY_ERRORS, `your role does not allow ${permissionNames(missing)}`);
}

/** What the role the caller holds allows is for someone else to change (a rename is not a change). */
export function requireMayEditRole(scope: CompanyScope, roleId: string, before: PermissionSet, after: PermissionSet): void {
  if (!mayEditRolePermissions(roleId, scope.roleId, before, after)) throw forbiddenBecause(SELF_GRANTED_POWER_REASONS.ownRole, COMPANY_ERRORS, 'ask another member who may edit roles');
}

/** What a member holding the role may do in the company: the role's set (or its template) merged with the company's own (the permission merge). */
async function permissionsGivenBy(tx: Writer, companyId: string, roleId: string): Promise<PermissionSet> {
  const [row] = await tx
    .select({
      verificationStatus: company.verificationStatus,
      deletedAt: company.deletedAt,
      companyPermissions: companyPermissions.permissions,
      rolePermissions: companyRole.permissions,
      defaultPermissions: companyDefaultPermissions.permissions,
    })
    .from(companyRole)
    .innerJoin(company, eq(company.id, companyRole.companyId))
    .leftJoin(companyPermissions, eq(companyPermissions.companyId, company.id))
    .leftJoin(companyDefaultPermissions, eq(companyDefaultPermissions.id, companyRole.defaultPermissionsId))
    .where(and(eq(companyRole.id, roleId), eq(companyRole.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('The role');
  return membershipPermissions(row) ?? {};
}

/**
 * Giving a role (to a member, a newcomer or oneself) is refused when it would let its
 * holder do anything the caller may not: FORBIDDEN roleAllowsMore. Called at the top of
 * the write, with the role already found in the selected company.
 */
export async function requireMayGiveRole(tx: Writer, context: ApiContext, roleId: string): Promise<void> {
  const scope = context.company!;
  const missing = permissionsNotHeld(await permissionsGivenBy(tx, scope.companyId, roleId), scope.permissions);
  if (missing.length) throw forbiddenBecause(SELF_GRANTED_POWER_REASONS.roleAllowsMore, COMPANY_ERRORS, `your role does not allow ${permissionNames(missing)}`);
}
