import { describe, expect, it } from 'vitest';
import { changeCreditSchema, creditChange, creditEndsAt, endCreditSchema, grantCreditSchema } from '../../../src/lib/admin/company-credit-input';
import { isCreditCurrent } from '../../../src/lib/talent-roster/company-credit';
import { zodIssues } from '../../../src/lib/forms/zod-issues';

const TODAY = '2026-11-28';
const codes = (result: ReturnType<ReturnType<typeof grantCreditSchema>['safeParse']> | ReturnType<typeof endCreditSchema.safeParse>) =>
  result.success ? [] : zodIssues(result.error).map((issue) => `${issue.path}:${issue.code}`);

describe('company credit input', () => {
  it('a grant takes an amount as people type it, a currency in any case, a last day and a reason', () => {
    const parsed = grantCreditSchema(TODAY).safeParse({ amount: ' 2 500,5 ', currency: 'eur', until: '31/12/2026', reason: ' Launch offer ' });
    expect(parsed.success && parsed.data).toEqual({ amount: '2500.50', currency: 'EUR', until: '2026-12-31', reason: 'Launch offer' });
  });

  it('a grant without a last day never ends', () => {
    const parsed = grantCreditSchema(TODAY).safeParse({ amount: '10', currency: 'GBP', until: '', reason: 'Pilot' });
    expect(parsed.success && parsed.data.until).toBeNull();
  });

  it('the amount is required, a number with at most two decimals, more than zero and bounded', () => {
    const amountCode = (amount: string) => codes(grantCreditSchema(TODAY).safeParse({ amount, currency: 'EUR', reason: 'Why' }));
    expect(amountCode('')).toEqual(['amount:creditAmountRequired']);
    expect(amountCode('12.345')).toEqual(['amount:creditAmountInvalid']);
    expect(amountCode('ten')).toEqual(['amount:creditAmountInvalid']);
    expect(amountCode('-5')).toEqual(['amount:creditAmountInvalid']);
    expect(amountCode('0')).toEqual(['amount:creditAmountNotPositive']);
    expect(amountCode('10000001')).toEqual(['amount:creditAmountTooLarge']);
  });

  it('a grant needs a known currency and a reason', () => {
    expect(codes(grantCreditSchema(TODAY).safeParse({ amount: '5', currency: '', reason: '' }))).toEqual(['currency:creditCurrencyRequired', 'reason:creditReasonRequired']);
    expect(codes(grantCreditSchema(TODAY).safeParse({ amount: '5', currency: 'XYZ1', reason: 'Why' }))).toContain('currency:currencyUnknown');
  });

  it('the last day is a real date, today or later', () => {
    expect(codes(changeCreditSchema(TODAY).safeParse({ amount: '5', until: '2026-02-30', reason: 'Why' }))).toEqual(['until:creditUntilInvalid']);
    expect(codes(changeCreditSchema(TODAY).safeParse({ amount: '5', until: '2026-11-27', reason: 'Why' }))).toEqual(['until:creditUntilPast']);
    expect(codes(changeCreditSchema(TODAY).safeParse({ amount: '5', until: TODAY, reason: 'Why' }))).toEqual([]);
  });

  it('ending a credit needs a reason', () => {
    expect(codes(endCreditSchema.safeParse({ reason: '  ' }))).toEqual(['reason:creditReasonRequired']);
  });

  it('a credit counts to the end of its last day, and not after', () => {
    const until = creditEndsAt('2026-12-31')!.toISOString();
    expect(isCreditCurrent({ until }, new Date('2026-12-31T23:59:00Z'))).toBe(true);
    expect(isCreditCurrent({ until }, new Date('2027-01-01T00:00:00Z'))).toBe(false);
    expect(creditEndsAt(null)).toBeNull();
  });

  it('an ended credit is neither changed nor ended again', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(creditChange({ until: new Date('2026-11-28T11:00:00Z') }, now)).toEqual({ ok: false, reason: 'creditEnded' });
    expect(creditChange({ until: null }, now)).toEqual({ ok: true });
    expect(creditChange({ until: new Date('2026-12-01T00:00:00Z') }, now)).toEqual({ ok: true });
  });
});
