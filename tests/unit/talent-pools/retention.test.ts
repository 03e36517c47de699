import { describe, expect, it } from 'vitest';
import { applicationErasedOn, POOL_CONSENT_MONTHS_RANGE, POOL_CONSENT_RENEWAL_DAYS, poolConsentEndsOn, REFUSED_APPLICATION_MONTHS_RANGE, renewalWindowOpens } from '../../../src/lib/talent-pools/retention';

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

  it('opens the renewal window a month before the end', () => {
    expect(POOL_CONSENT_RENEWAL_DAYS).toBe(30);
    expect(renewalWindowOpens(at('2028-12-01T10:00:00Z')).toISOString()).toBe('2028-11-01T10:00:00.000Z');
  });
});
