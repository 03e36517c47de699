import { describe, expect, it } from 'vitest';
import { POOL_CONSENT_MONTHS, POOL_CONSENT_STATUSES, poolConsentAnswers, poolConsentValidUntil, poolKeepsTalent } from '../../../src/lib/talent-pools/pool-consent';
import { notificationHref, notificationKind } from '../../../src/lib/notifications/notification-text';
import { mailAudienceOf } from '../../../src/lib/notifications/notification-rules';

describe('the pool consent rule', () => {
  it('lets her accept or decline an open request, withdraw a yes, and agree after a no', () => {
    expect(poolConsentAnswers('requested')).toEqual(['accepted', 'declined']);
    expect(poolConsentAnswers('accepted')).toEqual(['withdrawn']);
    expect(poolConsentAnswers('declined')).toEqual(['accepted']);
    expect(poolConsentAnswers('withdrawn')).toEqual(['accepted']);
  });

  it('never offers the answer she already gave', () => {
    for (const status of POOL_CONSENT_STATUSES) expect(poolConsentAnswers(status)).not.toContain(status);
  });

  it('lets the company keep her while unasked, waiting or agreed, never after a no', () => {
    expect(poolKeepsTalent(null)).toBe(true);
    expect(poolKeepsTalent('requested')).toBe(true);
    expect(poolKeepsTalent('accepted')).toBe(true);
    expect(poolKeepsTalent('declined')).toBe(false);
    expect(poolKeepsTalent('withdrawn')).toBe(false);
  });

  it('keeps an accepted consent two years from the last contact', () => {
    expect(POOL_CONSENT_MONTHS).toBe(24);
    expect(poolConsentValidUntil(new Date('2026-12-01T10:00:00Z')).toISOString()).toBe('2028-12-01T10:00:00.000Z');
  });

  it('tells the talent of a request by mail and leads her to her settings', () => {
    const event = { type: 'talentPoolConsent.create', toId: 'talent-user', fromId: 'member', status: null, stepGroup: null };
    expect(mailAudienceOf(event)).toBe('addressee');
    expect(notificationKind({ ...event, action: null })).toBe('poolConsentRequested');
    expect(notificationHref({ type: event.type, entityId: 'consent', companyId: 'company', status: null })).toBe('/edit-account#talent-pools-heading');
  });

  it('mails nobody of her answer: the company reads it on its saved talents', () => {
    expect(mailAudienceOf({ type: 'talentPoolConsent.update', toId: 'company', fromId: 'talent-user' })).toBeNull();
  });
});
