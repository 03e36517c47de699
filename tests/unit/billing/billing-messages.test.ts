import { describe, expect, it } from 'vitest';
import { BILLING_ERRORS, BILLING_ISSUE_CODES, PAYMENT_PROFILE_ERRORS, PAYMENT_PROFILE_ISSUE_CODES } from '../../../src/lib/billing/billing-issues';
import { BILLING_STATUSES } from '../../../src/lib/billing/billing-status';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { RATE_UNITS } from '../../../src/lib/job-ads/job-enums';

// The page translates issue codes, statuses and units with keys built at run time, which
// the literal-key check of i18n.test.ts cannot see: every one of them must have its text.
describe('billing page text exists for every code the rules can produce', () => {
  const t = getTranslator();
  const has = (key: string) => t(key) !== key;

  it('has a message for every billing and payment profile issue', () => {
    expect(BILLING_ISSUE_CODES.filter((code) => !has(`${BILLING_ERRORS}.${code}`))).toEqual([]);
    expect(PAYMENT_PROFILE_ISSUE_CODES.filter((code) => !has(`${PAYMENT_PROFILE_ERRORS}.${code}`))).toEqual([]);
  });

  it('names every status and rate unit', () => {
    expect(BILLING_STATUSES.filter((status) => !has(`billing.statuses.${status}`))).toEqual([]);
    expect(RATE_UNITS.filter((unit) => !has(`billing.units.${unit}`))).toEqual([]);
  });

  it('fills the parameters the API messages use', () => {
    expect(t('billing.errors.periodBeforeAssignment', { start: 'June 2025' })).toBe('The assignment starts in June 2025. Choose that month or a later one.');
    expect(t('billing.errors.quantityTooLarge', { max: '10000.00' })).toBe('The quantity can be at most 10000.00.');
  });
});
