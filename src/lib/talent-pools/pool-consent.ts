// Consent for talent pools (docs/personal-data.md, "Talent pools"): a company that keeps a
// talent beyond an application, in its saved talents, asks her first. The consent is one
// row per company and talent, answered by her alone; the company only reads where it stands.
//
// - `requested`: the company saved her and waits; it may keep her saved meanwhile.
// - `accepted`: she agreed, with the text she was shown kept; valid two years from the last
//   contact (POOL_CONSENT_MONTHS, the French regulator's guidance for recruitment pools).
// - `declined` / `withdrawn`: she said no, before or after agreeing. The company's saved
//   entries of her are removed at once and it cannot save her again; she can agree again
//   from her settings whenever she likes.
// - `expired`: her agreement reached the end of the company's period (retention.ts) without
//   being renewed: treated as a no until she agrees again.

export const POOL_CONSENT_STATUSES = ['requested', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
export type PoolConsentStatus = (typeof POOL_CONSENT_STATUSES)[number];

/** What the talent may answer; each status allows some of them (poolConsentAnswers). */
export const POOL_CONSENT_ANSWERS = ['accepted', 'declined', 'withdrawn'] as const;
export type PoolConsentAnswer = (typeof POOL_CONSENT_ANSWERS)[number];

/** The longest an accepted consent lasts after the last contact; each company may choose less (retention.ts). */
export const POOL_CONSENT_MONTHS = 24;

/** Where her settings list the companies that asked: /edit-account#talent-pools-heading. */
export const POOL_CONSENT_ANCHOR = 'talent-pools-heading';

/** The codes a refused write is worded by, in talentPools.errors. */
export const POOL_CONSENT_ERRORS = 'talentPools.errors';

const ANSWERS_BY_STATUS: Readonly<Record<PoolConsentStatus, readonly PoolConsentAnswer[]>> = {
  requested: ['accepted', 'declined'],
  accepted: ['accepted', 'withdrawn'],
  declined: ['accepted'],
  withdrawn: ['accepted'],
  expired: ['accepted'],
};

/**
 * The answers open to her from a status: an open request is accepted or declined; an
 * accepted consent is renewed (accepted again, which starts its period afresh) or withdrawn;
 * after a no or once it ended, she may still agree.
 */
export function poolConsentAnswers(status: PoolConsentStatus): readonly PoolConsentAnswer[] {
  return ANSWERS_BY_STATUS[status];
}

/** Whether the company may keep her in its pool (saved talents): unasked yet, waiting, or agreed. */
export function poolKeepsTalent(status: PoolConsentStatus | null): boolean {
  return status === null || status === 'requested' || status === 'accepted';
}

