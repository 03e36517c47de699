import { COMPANY_ERRORS } from '../../../lib/forms/company-refusals';
import { can } from '../../../lib/permissions/effective-permissions';
import type { PermissionAction, PermissionResource } from '../../../lib/permissions/resources';
import { concernsActing, SEPARATION_OF_DUTIES } from '../../../lib/permissions/separation-of-duties';
import type { CompanyScope } from './company-scope';
import type { ApiContext, SignedInContext } from '../context';
import { ApiError, forbidden, forbiddenBecause } from '../errors';

/**
 * The company area's one access check (docs/architecture.md): the company selected with
 * tp-company (already checked by the context: verified, not deleted, the caller a member)
 * must grant every action named on the resource (the permission matrix). Resolvers call it before
 * anything else; what it answers is the only company id they may use.
 */
export function requireCompanyPermission(context: SignedInContext, resource: PermissionResource, ...actions: PermissionAction[]): CompanyScope & { userId: string } {
  const scope = context.company;
  if (!scope) throw new ApiError('FORBIDDEN', 'Select a company first (tp-company header)', { hint: 'send the id of a verified company you belong to', httpStatus: 403 });
  if (!actions.every((action) => can(scope.permissions, resource, action))) throw forbidden(`Your role may not ${actions.join(' and ')} ${resource}`);
  return { ...scope, userId: context.viewer.userId };
}

/**
 * Whether money concerning `talentUserId` (a talent profile's account) concerns the caller:
 * the user the call acts as or, while impersonating, the impersonator (separation of duties).
 */
export function concernsCaller(context: ApiContext, talentUserId: string | null): boolean {
  const viewer = context.viewer;
  return viewer !== null && concernsActing({ userId: viewer.userId, impersonatorUserId: viewer.actor?.userId ?? null }, talentUserId);
}

/**
 * Separation of duties (src/lib/permissions/separation-of-duties.ts): a billing, an invoice
 * or a ledger entry concerning the caller is for another member to approve, issue or
 * book, whatever the caller's role: FORBIDDEN separationOfDuties before anything is written.
 */
export function requireSeparateDuties(context: ApiContext, talentUserId: string | null): void {
  if (concernsCaller(context, talentUserId)) throw forbiddenBecause(SEPARATION_OF_DUTIES, COMPANY_ERRORS, 'this concerns you: another member of the company must do it');
}

/**
 * Whether a call is made from the company's side: from a company page (tp-domain) with a
 * company selected. A person who is both a talent and a member reads her own conversations
 * and interviews from the talent's pages whatever company she has selected.
 */
export const companySide = (context: SignedInContext) => context.domain === 'company' && context.company !== null;
