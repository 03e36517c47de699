import { withDefaults, type NotificationChannel, type NotificationPreference } from './notification-preferences';

// Who hears of an event of the log, and through which channel (notifications: the
// generalEventslog with `read`, userNotificationPreferences). The API, the bell and the
// mail queue all ask these functions, so the three never disagree.

/** What the rules read of one event log row. */
export interface NotifiableEvent {
  type: string;
  toId: string | null;
  fromId: string | null;
  /** eventData.actorUserId: who really acted (the impersonator under impersonation). */
  actorUserId?: string | null;
}

/**
 * An event notifies the user it is addressed to (`toId`), never the person who did it: a
 * row whose actor is its addressee (a talent updating their own profile) tells nobody.
 * Rows addressed to a company or a profile match no user, so they notify no one.
 */
export function recipientOf(event: NotifiableEvent): string | null {
  if (!event.toId) return null;
  const actor = event.actorUserId ?? event.fromId;
  return actor === event.toId ? null : event.toId;
}

/** The event types a user hears of on one channel: their saved choice, else the default. */
export function eventTypesOnChannel(stored: ReadonlyArray<NotificationPreference>, channel: NotificationChannel): string[] {
  return withDefaults(stored)
    .filter((preference) => preference[channel])
    .map((preference) => preference.type);
}

/** True when the user hears of this event type on this channel. */
export function wantsOnChannel(stored: ReadonlyArray<NotificationPreference>, type: string, channel: NotificationChannel): boolean {
  return eventTypesOnChannel(stored, channel).includes(type);
}

/** The billing steps a talent is mailed about (event e-mails): their money moved on. */
export const MAILED_BILLING_STATUSES = ['APPROVED', 'REJECTED', 'INVOICED', 'PAID'] as const;

/** What the mail rule reads beyond the type: the status a billing moved to, an admin's review action, a member invitation. */
export interface MailableEvent extends NotifiableEvent {
  status?: string | null;
  /** eventData.action of an admin's company.update (verify, reject, delete, permissions) or talentProfile.update (the bank details' review). */
  action?: string | null;
  /** eventData.invitation of companyOnUser.create: an address was invited to join the company. */
  invitation?: boolean;
  /**
   * eventData.invitee: the copy of an invitation addressed to the user who holds the invited
   * address, for their notifications; the address itself is mailed through the company's row.
   */
  invitee?: boolean;
  /** eventData.removed of companyOnUser.delete: the copy addressed to the member a company removed. */
  removed?: boolean;
}

/** The platform's reviews of a talent's bank details, mailed to the talent (eventData.action of talentProfile.update). */
export const MAILED_PAYMENT_PROFILE_ACTIONS = ['paymentProfileVerify', 'paymentProfileRefuse'] as const;

/** The admin review actions the company's owners are mailed about (event e-mails). */
export const MAILED_COMPANY_ACTIONS = ['verify', 'reject'] as const;

/**
 * Which events are worth an e-mail at all, before anyone's preferences:
 * a move of the talent's application (rejection included), an invitation received or
 * withdrawn (the talent may have been about to answer it), a billing approved, rejected, invoiced or paid, a company verified or rejected by the
 * platform, a talent's bank details verified or refused by the platform, someone added or
 * invited to a company, and a staffing link proposed to a company
 * (or a company invited to one by e-mail). Everything else stays in the bell:
 * a billing's other edits (attachments, remarks) or a company's profile edits are not news
 * worth a mail.
 */
export function isMailedEvent(event: MailableEvent): boolean {
  return mailAudienceOf(event) !== null;
}

/**
 * Who a mailed event goes to. Most are addressed to a user (`toId`); the company's events
 * are addressed to the company, so their mail names its readers otherwise:
 * - `addressee`: the user of `toId` (applications, invitations, billings, a member removed);
 * - `companyOwners`: the owners of the company of `toId` (verified or rejected: they
 *   created it and read the reason on My Companies);
 * - `addedMember`: the user who joined (eventData.after.userId);
 * - `invitedAddress`: the e-mail address invited (eventData.after.email), registered or
 *   not, so that the mail tells nobody which: the mail is the invitation itself, with its
 *   single-use link. The invitee's own copy (invitee) is for the bell only.
 */
export type MailAudience = 'addressee' | 'companyOwners' | 'addedMember' | 'invitedAddress';

export function mailAudienceOf(event: MailableEvent): MailAudience | null {
  switch (event.type) {
    // A company's message to the talent (the talent's messages to a company are addressed to the company: its inbox shows them).
    case 'message.create':
    case 'talentJobApplicationStatus.create':
    case 'talentInvitation.create':
    case 'talentInvitation.delete':
      return 'addressee';
    // Interview times proposed wait for the talent's choice; a booking, move or cancel is mailed as its calendar invitation instead (interview-invitations.ts).
    case 'interview.create':
      return 'addressee';
    // A company asks to keep the talent in its talent pool: it waits for her answer.
    case 'talentPoolConsent.create':
      return 'addressee';
    // A move told to the talent before public statuses (the company's own moves are audit rows now); her withdrawal is the company's bell only.
    case 'talentJobApplication.update':
      return event.action === 'withdraw' ? null : 'addressee';
    case 'interview.update':
      return event.action === 'propose' ? 'addressee' : null;
    case 'billing.update':
      return (MAILED_BILLING_STATUSES as readonly string[]).includes(event.status ?? '') ? 'addressee' : null;
    case 'talentProfile.update':
      return (MAILED_PAYMENT_PROFILE_ACTIONS as readonly string[]).includes(event.action ?? '') ? 'addressee' : null;
    case 'company.update':
      return (MAILED_COMPANY_ACTIONS as readonly string[]).includes(event.action ?? '') ? 'companyOwners' : null;
    case 'companyOnUser.delete':
      return event.removed ? 'addressee' : null;
    case 'companyOnUser.create':
      if (event.invitee) return null;
      return event.invitation ? 'invitedAddress' : 'addedMember';
    // A company link proposed: each owner of the company it is proposed to has a copy
    // (invitee) and is mailed, since it waits for their answer; an address invited gets the
    // invitation itself. The proposer's own row is its audit trail.
    case 'companyOnProviderCompany.create':
      if (event.invitation) return 'invitedAddress';
      return event.invitee ? 'addressee' : null;
    default:
      return null;
  }
}

/** The user an event addressed to a user is mailed to, given that user's saved preferences; null for nobody. */
export function mailRecipientOf(event: MailableEvent, stored: ReadonlyArray<NotificationPreference>): string | null {
  const recipient = recipientOf(event);
  if (!recipient || mailAudienceOf(event) !== 'addressee') return null;
  return wantsOnChannel(stored, event.type, 'email') ? recipient : null;
}

/**
 * Whether one reader of a company's event (an owner, the member added) hears of it on a
 * channel (e-mail, push): not when they did it themselves, and only when the channel is on
 * for the type in their settings.
 */
export function companyReaderHears(event: MailableEvent, readerId: string, stored: ReadonlyArray<NotificationPreference>, channel: NotificationChannel): boolean {
  if ((event.actorUserId ?? event.fromId) === readerId) return false;
  return wantsOnChannel(stored, event.type, channel);
}

/** The company audiences (mailAudienceOf): events addressed to a company that users of it hear of. */
export function isCompanyAudience(audience: MailAudience | null): audience is 'companyOwners' | 'addedMember' {
  return audience === 'companyOwners' || audience === 'addedMember';
}

/** The bell shows at most this many; more reads "99+". */
export const UNREAD_COUNT_CAP = 99;

/** "3", or "99+" past the cap. */
export function unreadCountText(count: number): string {
  return count > UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP}+` : String(count);
}

/**
 * The user an event is pushed to (web push), given that user's saved preferences: the one
 * it notifies (recipientOf), when push is on for its type. Push is never on unasked
 * (defaultNotificationPreference), and a user with no subscribed browser gets nothing.
 */
export function pushRecipientOf(event: NotifiableEvent, stored: ReadonlyArray<NotificationPreference>): string | null {
  const recipient = recipientOf(event);
  if (!recipient) return null;
  return wantsOnChannel(stored, event.type, 'push') ? recipient : null;
}
