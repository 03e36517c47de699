import { z } from 'zod';
import { adminReason } from '../forms/field-rules';

// The platform's review of a talent's bank details (talentPaymentProfile.isVerified): an
// admin holding the verification permission checks the account belongs to the talent, then
// verifies it or refuses it with a reason the talent reads. Shared by the API, the admin
// page and the talent's billing page.

/** Where the locale files word this review's refusals and field issues (common namespace). */
export const PAYMENT_PROFILE_REVIEW_ERRORS = 'paymentProfileReview.errors';

/**
 * Where a payment profile stands: awaiting review (new, or changed since the last review),
 * verified, or refused (with the reason). Stored as the spec's isVerified flag beside the
 * refusal reason: the two never hold together.
 */
export const PAYMENT_PROFILE_REVIEW_STATES = ['awaiting', 'verified', 'refused'] as const;
export type PaymentProfileReviewState = (typeof PAYMENT_PROFILE_REVIEW_STATES)[number];

export function isPaymentProfileReviewState(value: unknown): value is PaymentProfileReviewState {
  return typeof value === 'string' && (PAYMENT_PROFILE_REVIEW_STATES as readonly string[]).includes(value);
}

export function paymentProfileReviewState(row: { isVerified: boolean; refusalReason: string | null }): PaymentProfileReviewState {
  if (row.isVerified) return 'verified';
  return row.refusalReason ? 'refused' : 'awaiting';
}

export type PaymentProfileReviewAction = 'verify' | 'refuse';

export type PaymentProfileReviewRefusal = 'alreadyVerified' | 'alreadyRefused' | 'noBankDetails' | 'ownPaymentProfile' | 'detailsChanged';

export type PaymentProfileReviewMove = { ok: true; to: Exclude<PaymentProfileReviewState, 'awaiting'> } | { ok: false; reason: PaymentProfileReviewRefusal };

/**
 * Whether a review may be made:
 * - nobody reviews their own bank details (an admin who is also a talent would otherwise
 *   vouch for the account their own money goes to: separation of duties);
 * - the details must be the ones the reviewer read (`seenUpdatedAt`): a talent who changed
 *   them meanwhile would otherwise have an account verified that nobody looked at;
 * - a profile without an account (no IBAN, no other account) has nothing to verify;
 * - verifying a verified profile or refusing a refused one changes nothing and is refused,
 *   while a refused profile may still be verified and a verified one refused (taken back).
 */
export function paymentProfileReviewMove(
  profile: { isVerified: boolean; refusalReason: string | null; hasAccount: boolean; isOwn: boolean; updatedAt: Date },
  action: PaymentProfileReviewAction,
  seenUpdatedAt: Date,
): PaymentProfileReviewMove {
  if (profile.isOwn) return { ok: false, reason: 'ownPaymentProfile' };
  if (profile.updatedAt.getTime() !== seenUpdatedAt.getTime()) return { ok: false, reason: 'detailsChanged' };
  if (!profile.hasAccount) return { ok: false, reason: 'noBankDetails' };
  const state = paymentProfileReviewState(profile);
  if (action === 'verify') return state === 'verified' ? { ok: false, reason: 'alreadyVerified' } : { ok: true, to: 'verified' };
  return state === 'refused' ? { ok: false, reason: 'alreadyRefused' } : { ok: true, to: 'refused' };
}

/** Why the details were refused: the talent reads it on their billing page and in the notification. */
export const refusePaymentProfileSchema = z.object({ reason: adminReason('reasonRequired') });

/**
 * Details a reviewer must check by hand: an account outside the IBAN scheme has no check
 * digits, so nothing caught a typing mistake on entry.
 */
export function needsManualCheck(bank: { iban?: string | null; otherAccount?: string | null }): boolean {
  return !bank.iban && Boolean(bank.otherAccount);
}
