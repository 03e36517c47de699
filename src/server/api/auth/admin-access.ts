import type { Viewer } from './viewer';
import type { ApiContext } from '../context';
import { ApiError, unauthenticated } from '../errors';

/**
 * The admin area's one access check (isAdmin): the caller's token holds
 * the admin role, and the caller acts as themselves (an impersonated user is never an
 * admin). Every admin operation calls it before anything else; a company owner, a member
 * with every company permission, or an impersonator gets FORBIDDEN like anyone else.
 */
export function requireAdmin(context: ApiContext): Viewer {
  if (!context.viewer) throw unauthenticated();
  if (!context.viewer.isAdmin) {
    throw new ApiError('FORBIDDEN', 'Only platform administrators may do this', { hint: 'sign in with an account holding the admin role', httpStatus: 403 });
  }
  return context.viewer;
}
