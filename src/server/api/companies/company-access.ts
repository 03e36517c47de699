import { can } from '../../../lib/permissions/effective-permissions';
import type { PermissionAction, PermissionResource } from '../../../lib/permissions/resources';
import type { CompanyScope } from '../auth/company-scope';
import type { ApiContext } from '../context';
import { ApiError, forbidden, unauthenticated } from '../errors';

/**
 * The company area's one access check (architecture §9): the company selected with
 * tp-company (already checked by the context: verified, not deleted, the caller a member)
 * must grant every action named on the resource (spec §6). Resolvers call it before
 * anything else; what it answers is the only company id they may use.
 */
export function requireCompanyPermission(context: ApiContext, resource: PermissionResource, ...actions: PermissionAction[]): CompanyScope & { userId: string } {
  if (!context.viewer) throw unauthenticated();
  const scope = context.company;
  if (!scope) throw new ApiError('FORBIDDEN', 'Select a company first (tp-company header)', { hint: 'send the id of a verified company you belong to', httpStatus: 403 });
  if (!actions.every((action) => can(scope.permissions, resource, action))) throw forbidden(`Your role may not ${actions.join(' and ')} ${resource}`);
  return { ...scope, userId: context.viewer.userId };
}
