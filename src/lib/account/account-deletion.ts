// The account deletion rule (docs/personal-data.md, "Deleting your own account"): who may
// delete their own account, when, and what they confirm it with. The API applies it under the
// user's row lock (the sign-in's time from the access token's auth_time); the page shows the
// API's answer before anyone types anything.

/** Why deleting one's own account is refused; worded by the locale files (`account.errors.<code>`). */
export type AccountDeletionRefusal = 'impersonating' | 'adminAccount' | 'soleOwner' | 'signInAgain' | 'confirmationMismatch';

export interface AccountDeletionRequest {
  /** Someone acting as the user (impersonation) never deletes the account they act as. */
  impersonating: boolean;
  /** A platform admin's account is managed where the role is given, as for blocking. */
  isAdmin: boolean;
  /** The companies the user is the only owner of: each needs another owner, or to be closed, first. */
  soleOwnerOf: readonly string[];
  /** The credentials were typed within RECENT_SIGN_IN_MINUTES (signedInRecently): a browser left signed in is not enough. */
  signedInRecently: boolean;
  /** The account's e-mail address, and what was typed to confirm. */
  email: string;
  confirmation: string;
}

/** The typed confirmation is the account's address, whatever its case and surrounding spaces. */
export function confirmsDeletion(email: string, confirmation: string): boolean {
  return confirmation.trim().toLowerCase() === email.trim().toLowerCase() && email.trim() !== '';
}

/** Null when the account may be deleted now; else the first reason it may not. */
export function accountDeletionRefusal(request: AccountDeletionRequest): AccountDeletionRefusal | null {
  if (request.impersonating) return 'impersonating';
  if (request.isAdmin) return 'adminAccount';
  if (request.soleOwnerOf.length > 0) return 'soleOwner';
  if (!request.signedInRecently) return 'signInAgain';
  if (!confirmsDeletion(request.email, request.confirmation)) return 'confirmationMismatch';
  return null;
}

/**
 * How recent the person's last sign-in with their credentials must be to delete the account:
 * a browser left signed in, or a token taken from it, is not enough to erase an account.
 * Older, the page asks for the credentials again first.
 */
export const RECENT_SIGN_IN_MINUTES = 15;

/** The sign-in address's parameter asking the provider for the credentials again (prompt=login). */
export const REAUTHENTICATE_PARAM = 'reauth';

/** Whether the credentials were typed within RECENT_SIGN_IN_MINUTES of `now`; unknown is not recent. */
export function signedInRecently(authenticatedAt: number | null | undefined, now: number): boolean {
  return typeof authenticatedAt === 'number' && now - authenticatedAt <= RECENT_SIGN_IN_MINUTES * 60_000 && authenticatedAt <= now + 60_000;
}
