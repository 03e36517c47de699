/**
 * Where a received invitation stands for the talent. Applying answers an invitation for
 * good, so it wins over ignoring: an ignored invitation can still be applied to, and then
 * it reads as applied. Otherwise an ignored one stays ignored; anything else is new.
 */
export type InvitationStatus = 'new' | 'ignored' | 'applied';

export function invitationStatus(invitation: { ignored: boolean; applied: boolean }): InvitationStatus {
  if (invitation.applied) return 'applied';
  if (invitation.ignored) return 'ignored';
  return 'new';
}

/**
 * The list filters of /talent/invitations (?filter=), 'all' being the default. New and
 * Ignored keep the invitations in that status (so an ignored one applied to since leaves
 * Ignored); the API's ReceivedInvitationFilter applies the same rule in SQL.
 */
export type InvitationFilter = 'new' | 'ignored' | 'all';

export const INVITATION_FILTERS: readonly InvitationFilter[] = ['new', 'ignored', 'all'];

/** The filter of an address's ?filter= value; anything unknown shows all invitations. */
export function readInvitationFilter(value: string | null): InvitationFilter {
  return (INVITATION_FILTERS as readonly string[]).includes(value ?? '') ? (value as InvitationFilter) : 'all';
}
