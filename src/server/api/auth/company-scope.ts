import { and, eq } from 'drizzle-orm';
import type { PermissionSet } from '../../../lib/permissions/resources';
import type { AppDatabase } from '../../db/client';
import { companyOnUser } from '../../db/schema';
import { membershipPermissions, selectMemberships } from './memberships';
import { ApiError, forbidden } from '../errors';
import { isUuid } from '../../../lib/ids';

export interface CompanyScope {
  companyId: string;
  permissions: PermissionSet;
  /** The role the member holds there (null if it was deleted): no self-granted power keeps its permissions for others to change. */
  roleId: string | null;
}


/**
 * The `tp-company` header: the selected company must be verified, not deleted, and one
 * the user belongs to. Its effective permissions (the permission merge) are worked out once per request.
 */
export async function resolveCompanyScope(db: AppDatabase, userId: string, companyId: string): Promise<CompanyScope> {
  if (!isUuid(companyId)) throw new ApiError('BAD_USER_INPUT', 'tp-company must be a company id', { hint: 'send the id of a company you belong to' });
  const [membership] = await selectMemberships(db, and(eq(companyOnUser.userId, userId), eq(companyOnUser.companyId, companyId))!);
  const permissions = membership ? membershipPermissions(membership) : null;
  if (!permissions) throw forbidden('You are not a member of this verified company');
  return { companyId, permissions, roleId: membership?.roleId ?? null };
}
