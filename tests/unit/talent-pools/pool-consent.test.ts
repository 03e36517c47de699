import { describe, expect, it } from 'vitest';
import { POOL_CONSENT_MONTHS, poolConsentAnswers, poolKeepsTalent } from '../../../src/lib/talent-pools/pool-consent';
import { notificationHref, notificationKind } from '../../../src/lib/notifications/notification-text';
import { mailAudienceOf } from '../../../src/lib/notifications/notification-rules';

describe('the pool consent rule', () => {
  it('lets her accept or decline an open request, renew or withdraw a yes, and agree after a no or once it ended', () => {
    expect(poolConsentAnswers('requested')).toEqual(['accepted', 'declined']);
    expect(poolConsentAnswers('accepted')).toEqual(['accepted', 'withdrawn']);
    expect(poolConsentAnswers('declined')).toEqual(['accepted']);
    expect(poolConsentAnswers('withdrawn')).toEqual(['accepted']);
    expect(poolConsentAnswers('expired')).toEqual(['accepted']);
  });

  it('never offers a no she already gave', () => {
    for (const status of ['declined', 'withdrawn'] as const) expect(poolConsentAnswers(status)).not.toContain(status);
  });

  it('lets the company keep her while unasked, waiting or agreed, never after a no', () => {
    expect(poolKeepsTalent(null)).toBe(true);
    expect(poolKeepsTalent('requested')).toBe(true);
    expect(poolKeepsTalent('accepted')).toBe(true);
    expect(poolKeepsTalent('declined')).toBe(false);
    expect(poolKeepsTalent('withdrawn')).toBe(false);
    expect(poolKeepsTalent('expired')).toBe(false);
    expect(POOL_CONSENT_MONTHS).toBe(24);
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
