import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { needsManualCheck, paymentProfileReviewMove, paymentProfileReviewState, refusePaymentProfileSchema } from '../../../src/lib/billing/payment-profile-review';
import { isMailedEvent, mailAudienceOf, mailRecipientOf } from '../../../src/lib/notifications/notification-rules';
import { notificationHref, notificationMail, notificationWords, type NotificationFacts } from '../../../src/lib/notifications/notification-text';

const SEEN = new Date('2026-03-02T10:00:00.000Z');
const profile = (extra: Partial<Parameters<typeof paymentProfileReviewMove>[0]> = {}) => ({ isVerified: false, refusalReason: null, hasAccount: true, isOwn: false, updatedAt: SEEN, ...extra });
const t = getTranslator();

describe('review state: awaiting until the platform verifies or refuses the bank details', () => {
  it('reads verified, refused (a reason kept) or awaiting', () => {
    expect(paymentProfileReviewState({ isVerified: true, refusalReason: null })).toBe('verified');
    expect(paymentProfileReviewState({ isVerified: false, refusalReason: 'Not your account' })).toBe('refused');
    expect(paymentProfileReviewState({ isVerified: false, refusalReason: null })).toBe('awaiting');
  });
});

describe('review moves: verify or refuse, never one\'s own, never details changed since read', () => {
  it('verifies details awaiting review or refused before', () => {
    expect(paymentProfileReviewMove(profile(), 'verify', SEEN)).toEqual({ ok: true, to: 'verified' });
    expect(paymentProfileReviewMove(profile({ refusalReason: 'Wrong holder' }), 'verify', SEEN)).toEqual({ ok: true, to: 'verified' });
  });

  it('refuses details awaiting review, or takes a verification back', () => {
    expect(paymentProfileReviewMove(profile(), 'refuse', SEEN)).toEqual({ ok: true, to: 'refused' });
    expect(paymentProfileReviewMove(profile({ isVerified: true }), 'refuse', SEEN)).toEqual({ ok: true, to: 'refused' });
  });

  it('refuses a move to where the details already are', () => {
    expect(paymentProfileReviewMove(profile({ isVerified: true }), 'verify', SEEN)).toEqual({ ok: false, reason: 'alreadyVerified' });
    expect(paymentProfileReviewMove(profile({ refusalReason: 'x' }), 'refuse', SEEN)).toEqual({ ok: false, reason: 'alreadyRefused' });
  });

  it('separation of duties: nobody reviews their own bank details', () => {
    expect(paymentProfileReviewMove(profile({ isOwn: true }), 'verify', SEEN)).toEqual({ ok: false, reason: 'ownPaymentProfile' });
    expect(paymentProfileReviewMove(profile({ isOwn: true }), 'refuse', SEEN)).toEqual({ ok: false, reason: 'ownPaymentProfile' });
  });

  it('refuses a review of details the talent changed after the reviewer read them', () => {
    const later = new Date(SEEN.getTime() + 1);
    expect(paymentProfileReviewMove(profile({ updatedAt: later }), 'verify', SEEN)).toEqual({ ok: false, reason: 'detailsChanged' });
    expect(paymentProfileReviewMove(profile({ updatedAt: later }), 'refuse', SEEN)).toEqual({ ok: false, reason: 'detailsChanged' });
  });

  it('has nothing to verify without an account', () => {
    expect(paymentProfileReviewMove(profile({ hasAccount: false }), 'verify', SEEN)).toEqual({ ok: false, reason: 'noBankDetails' });
  });
});

describe('refusal reason: required, the talent reads it', () => {
  it('needs a reason and keeps it trimmed', () => {
    expect(refusePaymentProfileSchema.safeParse({ reason: '  ' }).error?.issues[0]?.message).toBe('reasonRequired');
    expect(refusePaymentProfileSchema.safeParse({ reason: 'x'.repeat(1001) }).error?.issues[0]?.message).toBe('reasonTooLong');
    expect(refusePaymentProfileSchema.parse({ reason: ' Not your account ' })).toEqual({ reason: 'Not your account' });
  });
});

describe('manual check: an account outside the IBAN scheme is flagged for the reviewer', () => {
  it('flags free-text accounts, not IBANs', () => {
    expect(needsManualCheck({ otherAccount: 'ABA 021000021 / 000123456789' })).toBe(true);
    expect(needsManualCheck({ iban: 'DE89370400440532013000' })).toBe(false);
    expect(needsManualCheck({})).toBe(false);
  });
});

describe("the talent is told of the review: bell, and mail as their settings say", () => {
  const TALENT = '5d0c4b6a-0000-4000-8000-000000000001';
  const ADMIN = '5d0c4b6a-0000-4000-8000-000000000002';
  const event = (action: string) => ({ type: 'talentProfile.update', toId: TALENT, fromId: ADMIN, action });
  const facts = (action: string, reason: string | null = null): NotificationFacts => ({
    type: 'talentProfile.update', entityId: null, companyId: null, companyName: null, title: null, step: null, stepGroup: null, reason, status: null, billingPeriod: null, invoiceNumber: null, document: null, action,
  });

  it('mails a verification or a refusal to the talent, not the talent\'s own profile edits', () => {
    expect(mailAudienceOf(event('paymentProfileVerify'))).toBe('addressee');
    expect(mailAudienceOf(event('paymentProfileRefuse'))).toBe('addressee');
    expect(isMailedEvent({ type: 'talentProfile.update', toId: TALENT, fromId: TALENT })).toBe(false);
  });

  it('respects the talent\'s e-mail setting for the type (on by default)', () => {
    expect(mailRecipientOf(event('paymentProfileVerify'), [])).toBe(TALENT);
    expect(mailRecipientOf(event('paymentProfileVerify'), [{ type: 'talentProfile.update', email: false, ui: true, push: false }])).toBeNull();
  });

  it('words both and leads to the billing page\'s payment profile, with the reason of a refusal', () => {
    expect(notificationWords(facts('paymentProfileVerify'), t, 'en')).toMatchObject({ kind: 'bankDetailsVerified', detail: null });
    expect(notificationWords(facts('paymentProfileRefuse', 'Wrong holder'), t, 'en')).toMatchObject({ kind: 'bankDetailsRefused', detail: expect.stringContaining('Wrong holder') });
    expect(notificationHref(facts('paymentProfileRefuse'))).toBe('/talent/billing#payment-profile');
    expect(notificationMail(facts('paymentProfileRefuse', 'Wrong holder'), t, { origin: 'https://x.test', productName: 'Talentplace' }, 'en')).toMatchObject({
      subject: 'Your bank details could not be verified',
      text: expect.stringContaining('https://x.test/talent/billing#payment-profile'),
    });
  });
});
