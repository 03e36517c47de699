import SchemaBuilder from '@pothos/core';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import ScopeAuthPlugin, { AuthScopeFailureType, type AuthFailure } from '@pothos/plugin-scope-auth';
import type { ApiContext, SignedInContext } from './context';
import { ApiError, forbidden, unauthenticated } from './errors';
import { holdsAnyAdminPermission, type AdminPermission } from '../../lib/permissions/admin-permissions';

/** FORBIDDEN's machine reason for an admin whose admin permissions lack the operation's. */
export const ADMIN_PERMISSION_MISSING = 'adminPermissionMissing';

export interface BuilderTypes {
  Context: ApiContext;
  AuthScopes: {
    signedIn: boolean;
    /**
     * The admin area's one access check: the caller's token holds the admin role and the
     * caller acts as themselves (an impersonated user is never an admin). A company owner,
     * a member with every company permission or an impersonator is refused like anyone else.
     */
    admin: boolean;
    /**
     * `admin`, and the admin holds one of these admin permissions (their admin row,
     * lib/permissions/admin-permissions.ts): how every admin operation is declared, so
     * a moderation-only admin calling a finance operation is refused before it resolves.
     */
    adminPermission: AdminPermission | readonly AdminPermission[];
    /** The caller's token holds the impersonation role, impersonating or not. */
    impersonator: boolean;
  };
  /**
   * The context a field declared with `t.withAuth({ <scope>: true })` resolves with: every
   * scope below holds only for a signed-in caller, so the resolver's viewer is not null.
   */
  AuthContexts: {
    signedIn: SignedInContext;
    admin: SignedInContext;
    adminPermission: SignedInContext;
    impersonator: SignedInContext;
  };
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    Decimal: { Input: string; Output: string };
    JSON: { Input: unknown; Output: unknown };
    /** A file part of a multipart request (uploads); input only. */
    File: { Input: File; Output: never };
  };
  DefaultFieldNullability: false;
}

/** The builder's resolved types, for helpers that take a field builder (`t`) of any type. */
export type Types = PothosSchemaTypes.ExtendDefaultTypes<BuilderTypes>;

/**
 * Whether scope auth refused a call for lack of `scope`. A field's scope map fails as an
 * any-of (or all-of) failure listing each scope that did not hold.
 */
function refusedFor(failure: AuthFailure, scope: keyof BuilderTypes['AuthScopes']): boolean {
  if (failure.kind === AuthScopeFailureType.AuthScope) return failure.scope === scope;
  if (failure.kind === AuthScopeFailureType.AnyAuthScopes || failure.kind === AuthScopeFailureType.AllAuthScopes) return failure.failures.some((inner) => refusedFor(inner, scope));
  return false;
}

/**
 * The schema builder. It defines no types itself: each domain file under schema/ adds
 * its own (Pothos app layout). Scope auth comes first so every field is checked before
 * it resolves; the dataloader plugin then lets a field of a list's rows be loaded for the
 * whole list at once (t.loadable*), with one loader per request.
 */
export const builder = new SchemaBuilder<BuilderTypes>({
  plugins: [ScopeAuthPlugin, DataloaderPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (context) => ({
      signedIn: context.viewer !== null,
      admin: context.viewer?.isAdmin ?? false,
      adminPermission: (required) =>
        (context.viewer?.isAdmin ?? false) && holdsAnyAdminPermission(context.viewer!.adminPermissions, typeof required === 'string' ? [required] : required),
      impersonator: context.viewer?.isImpersonate ?? false,
    }),
    unauthorizedError: (_parent, context, _info, result) => {
      if (!context.viewer) return unauthenticated();
      if (refusedFor(result.failure, 'adminPermission') && context.viewer.isAdmin) {
        return new ApiError('FORBIDDEN', 'Your admin permissions do not include this', {
          reason: ADMIN_PERMISSION_MISSING,
          hint: 'a super admin sets which admin permissions you hold',
          httpStatus: 403,
        });
      }
      if (refusedFor(result.failure, 'admin') || refusedFor(result.failure, 'adminPermission')) {
        return new ApiError('FORBIDDEN', 'Only platform administrators may do this', { hint: 'sign in with an account holding the admin role', httpStatus: 403 });
      }
      return forbidden();
    },
  },
});
