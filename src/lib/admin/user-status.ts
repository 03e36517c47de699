// A user's standing on the platform (the user status): what an admin may do
// from each status, who may not be touched, and what a status means for signing in.
// Shared by the API, the identity provider's sign-in and the admin pages.

/** The user statuses. */
export const USER_STATUSES = ['active', 'blocked', 'deleted'] as const;
export type UserStatusValue = (typeof USER_STATUSES)[number];

export const USER_STATUS_ACTIONS = ['block', 'unblock', 'delete'] as const;
export type UserStatusAction = (typeof USER_STATUS_ACTIONS)[number];

export type UserStatusRefusal = 'userDeleted' | 'alreadyInStatus' | 'ownAccount' | 'adminAccount';

export interface UserStatusTarget {
  status: string;
  /** The admin acting is this user. */
  isSelf: boolean;
  /** The user holds the platform admin role (mirrored from their token). */
  isAdmin: boolean;
}

/**
 * Blocking takes an active user off the platform (sessions ended, sign-in refused) until
 * unblocked; deleting erases them and is final. An admin never blocks or deletes their own
 * account (nobody could undo it) nor another admin's: admin accounts are managed where the
 * role is given, at the identity provider.
 */
export function userStatusMove(target: UserStatusTarget, action: UserStatusAction): { ok: true; to: UserStatusValue } | { ok: false; reason: UserStatusRefusal } {
  if (target.status === 'deleted') return { ok: false, reason: 'userDeleted' };
  if (target.isSelf) return { ok: false, reason: 'ownAccount' };
  if (target.isAdmin) return { ok: false, reason: 'adminAccount' };
  if (action === 'delete') return { ok: true, to: 'deleted' };
  const to: UserStatusValue = action === 'block' ? 'blocked' : 'active';
  return target.status === to ? { ok: false, reason: 'alreadyInStatus' } : { ok: true, to };
}

/** The moves the admin page offers for a user. */
export function userStatusActions(target: UserStatusTarget): UserStatusAction[] {
  return USER_STATUS_ACTIONS.filter((action) => userStatusMove(target, action).ok);
}

/** Only an active user may sign in, be signed in, or be acted as: any other status ends every session at once. */
export function maySignIn(status: string): boolean {
  return status === 'active';
}
