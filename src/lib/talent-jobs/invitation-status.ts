/**
 * Where a received invitation stands for the talent. A company may withdraw it only while
 * it is new (neither applied to nor ignored), and from then on it reads as withdrawn,
 * whatever happens to its job: an application made later, through the public ad, does not
 * answer an invitation that no longer stands. Otherwise applying answers it for good, so it
 * wins over ignoring: an ignored invitation can still be applied to, and then it reads as
 * applied. An ignored one stays ignored; anything else is new.
 */
export type InvitationStatus = 'new' | 'ignored' | 'applied' | 'withdrawn';

export function invitationStatus(invitation: { ignored: boolean; applied: boolean; withdrawn: boolean }): InvitationStatus {
  if (invitation.withdrawn) return 'withdrawn';
  if (invitation.applied) return 'applied';
  if (invitation.ignored) return 'ignored';
  return 'new';
}

/**
 * The list filters of /talent/invitations (?filter=), 'all' being the default. New and
 * Ignored keep the invitations in that status (so an ignored one applied to since leaves
 * Ignored, and a withdrawn one leaves both); the API's ReceivedInvitationFilter applies the
 * same rule in SQL.
 */
export type InvitationFilter = 'new' | 'ignored' | 'all';

export const INVITATION_FILTERS: readonly InvitationFilter[] = ['new', 'ignored', 'all'];

/** The filter of an address's ?filter= value; anything unknown shows all invitations. */
export function readInvitationFilter(value: string | null): InvitationFilter {
  return (INVITATION_FILTERS as readonly string[]).includes(value ?? '') ? (value as InvitationFilter) : 'all';
}
