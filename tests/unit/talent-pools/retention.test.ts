import { describe, expect, it } from 'vitest';
import { applicationErasedOn, POOL_CONSENT_MONTHS_RANGE, POOL_CONSENT_RENEWAL_DAYS, poolConsentEndsOn, poolConsentHolds, poolRenewalDue, REFUSED_APPLICATION_MONTHS_RANGE } from '../../../src/lib/talent-pools/retention';

const day = 86_400_000;
const at = (iso: string) => new Date(iso);

describe('the retention rule', () => {
  it('keeps ended applications at most six months, and pool agreements at most two years; a company may choose less', () => {
    expect(REFUSED_APPLICATION_MONTHS_RANGE).toEqual({ min: 1, max: 6 });
    expect(POOL_CONSENT_MONTHS_RANGE).toEqual({ min: 1, max: 24 });
  });

  it("erases an ended application its company's months after it ended, in calendar months", () => {
    expect(applicationErasedOn(at('2026-01-15T09:00:00Z'), 6).toISOString()).toBe('2026-07-15T09:00:00.000Z');
    expect(applicationErasedOn(at('2026-11-30T09:00:00Z'), 1).toISOString()).toBe('2026-12-30T09:00:00.000Z');
  });

  it('ends an agreement its period after the last agreement', () => {
    expect(poolConsentEndsOn(at('2026-12-01T10:00:00Z'), 24).toISOString()).toBe('2028-12-01T10:00:00.000Z');
  });

  it('lets only an accepted agreement within its period hold', () => {
    const now = at('2027-06-01T00:00:00Z');
    expect(poolConsentHolds({ status: 'accepted', lastContactAt: at('2026-12-01T00:00:00Z') }, 24, now)).toBe(true);
    expect(poolConsentHolds({ status: 'accepted', lastContactAt: at('2026-12-01T00:00:00Z') }, 3, now)).toBe(false);
    expect(poolConsentHolds({ status: 'requested', lastContactAt: null }, 24, now)).toBe(false);
    expect(poolConsentHolds({ status: 'withdrawn', lastContactAt: at('2026-12-01T00:00:00Z') }, 24, now)).toBe(false);
    expect(poolConsentHolds(null, 24, now)).toBe(false);
  });

  it('mails the renewal once per window: a contact that moves the end gives the new window its own mail', () => {
    const mailedAt = at('2026-11-20T00:00:00Z');
    // The end moved to 2027-06-01 by a later contact: its window opens on 2027-05-02.
    const lastContactAt = at('2025-06-01T00:00:00Z');
    expect(poolRenewalDue({ status: 'accepted', lastContactAt, renewalMailedAt: mailedAt }, 24, at('2027-05-10T00:00:00Z'))).toBe(true);
    expect(poolRenewalDue({ status: 'accepted', lastContactAt, renewalMailedAt: at('2027-05-05T00:00:00Z') }, 24, at('2027-05-10T00:00:00Z'))).toBe(false);
  });

  it('mails the renewal once, within the last month of a holding agreement', () => {
    const lastContactAt = at('2025-01-10T00:00:00Z');
    const endsOn = poolConsentEndsOn(lastContactAt, 24);
    const monthBefore = new Date(endsOn.getTime() - POOL_CONSENT_RENEWAL_DAYS * day);
    expect(poolRenewalDue({ status: 'accepted', lastContactAt, renewalMailedAt: null }, 24, new Date(monthBefore.getTime() - day))).toBe(false);
    expect(poolRenewalDue({ status: 'accepted', lastContactAt, renewalMailedAt: null }, 24, monthBefore)).toBe(true);
    expect(poolRenewalDue({ status: 'accepted', lastContactAt, renewalMailedAt: monthBefore }, 24, new Date(monthBefore.getTime() + day))).toBe(false);
    expect(poolRenewalDue({ status: 'accepted', lastContactAt, renewalMailedAt: null }, 24, endsOn)).toBe(false);
  });
});
