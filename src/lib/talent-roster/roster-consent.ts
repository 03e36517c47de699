/**
 * A talent's answer to a company that put her on its roster ("consent before a company
 * holds a talent", docs/security.md). A roster entry a company adds is `requested` until
 * she answers; only an `accepted` entry links her to the company (her hidden profile, her
 * documents) and only its ledger shows in her balances or takes new entries.
 */
export const ROSTER_CONSENTS = ['requested', 'accepted', 'declined'] as const;
export type RosterConsent = (typeof ROSTER_CONSENTS)[number];

/** What the talent may answer to a request. */
export const ROSTER_ANSWERS = ['accepted', 'declined'] as const;
export type RosterAnswer = (typeof ROSTER_ANSWERS)[number];

/** Whether the roster entry links the talent to the company (reach, documents, ledger). */
export function rosterHoldsTalent(consent: RosterConsent): boolean {
  return consent === 'accepted';
}

/** The consents that hold the talent, for a query's condition (the same rule, as a list). */
export const HOLDING_CONSENTS: readonly RosterConsent[] = ROSTER_CONSENTS.filter(rosterHoldsTalent);

/**
 * Whether the talent may answer the entry: only a request still open (not removed by the
 * company, not answered yet). An answer is given once; a company that was declined asks
 * again by adding her again.
 */
export function mayAnswerRosterRequest(entry: { consent: RosterConsent; removed: boolean }): boolean {
  return entry.consent === 'requested' && !entry.removed;
}

/**
 * The consent of an entry the company adds again (a removed one restored, or a declined
 * one asked again): an entry she accepted stays accepted, since removing was the company's
 * doing and its ledger, which she saw, comes back with it; anything else is a new request
 * she answers afresh.
 */
export function consentOnAddingAgain(consent: RosterConsent): RosterConsent {
  return rosterHoldsTalent(consent) ? consent : 'requested';
}

/**
 * Whether the company may add the talent again over her existing entry: once it removed
 * her, or once she declined (a new request). An entry on the roster and not declined is
 * there already.
 */
export function mayAddAgain(entry: { consent: RosterConsent; removed: boolean }): boolean {
  return entry.removed || entry.consent === 'declined';
}

export type LedgerRefusal = 'rosterEntryRemoved' | 'rosterAwaitsConsent' | 'rosterDeclined';

/**
 * Why nothing may be booked on a roster entry's ledger, or null when it may: a removed
 * entry takes no new entries, and neither does one the talent has not accepted (still a
 * request, or declined). Each reason is a field code worded in talentRoster.errors.
 */
export function ledgerRefusalOf(entry: { consent: RosterConsent; removed: boolean }): LedgerRefusal | null {
  if (entry.removed) return 'rosterEntryRemoved';
  if (rosterHoldsTalent(entry.consent)) return null;
  return entry.consent === 'declined' ? 'rosterDeclined' : 'rosterAwaitsConsent';
}
