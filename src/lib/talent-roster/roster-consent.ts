/**
 * A talent's answer to a company that put her on its roster ("consent before a company
 * holds a talent", docs/security.md). A roster entry a company adds is `requested` until
 * she answers; only an `accepted` entry links her to the company (her hidden profile, her
 * documents) and only its ledger shows in her balances or takes new entries.
 */
export const ROSTER_CONSENTS = ['requested', 'accepted', 'declined'] as const;
export type RosterConsent = (typeof ROSTER_CONSENTS)[number];

/** Whether the roster entry links the talent to the company (reach, documents, ledger). */
export function rosterHoldsTalent(consent: RosterConsent): boolean {
  return consent === 'accepted';
}
