import { describe, expect, it } from 'vitest';
import { bankDetailsAfterSave, keepsVerification, readPaymentProfile, type PaymentProfileText } from '../../../src/lib/billing/payment-profile-input';

const input = (overrides: Partial<PaymentProfileText> = {}): PaymentProfileText => ({
  currency: 'EUR',
  accountHolder: 'Tara Talent',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  bankName: 'Commerzbank',
  ...overrides,
});
const issuesOf = (text: PaymentProfileText, hasSavedIban = false) => {
  const result = readPaymentProfile(text, { hasSavedIban });
  return result.ok ? {} : Object.fromEntries(result.issues.map(({ path, code, params }) => [path, params ? { code, params } : code]));
};

describe('payment profile: currency and bank details', () => {
  it('normalises what was typed', () => {
    expect(readPaymentProfile(input({ currency: 'eur', accountHolder: '  Tara   Talent ', bic: 'cobadeff', bankName: '  ' }), { hasSavedIban: false })).toEqual({
      ok: true,
      value: { currency: 'EUR', accountHolder: 'Tara Talent', iban: 'DE89370400440532013000', bic: 'COBADEFF', bankName: null },
    });
  });

  it('names what is wrong with each field, as a code', () => {
    expect(issuesOf(input({ currency: 'EURO', accountHolder: ' ', iban: 'DE89 3704 0044 0532 0130 01', bic: 'COBADE', bankName: 'b'.repeat(141) }))).toEqual({
      currency: 'currencyInvalid',
      accountHolder: 'accountHolderRequired',
      iban: 'ibanChecksum',
      bic: 'bicFormat',
      bankName: { code: 'bankNameTooLong', params: { max: 140 } },
    });
    expect(issuesOf(input({ iban: '12345' }))).toEqual({ iban: 'ibanFormat' });
  });

  it('needs an IBAN the first time; later a blank IBAN keeps the saved one', () => {
    expect(issuesOf(input({ iban: '' }))).toEqual({ iban: 'ibanRequired' });
    const kept = readPaymentProfile(input({ iban: ' ' }), { hasSavedIban: true });
    expect(kept.ok && kept.value.iban).toBeNull();
    const stored = { accountHolder: 'Tara Talent', iban: 'PT50000201231234567890154', bic: 'COBADEFFXXX', bankName: 'Commerzbank' };
    expect(kept.ok && bankDetailsAfterSave(stored, kept.value).iban).toBe('PT50000201231234567890154');
  });
});

describe('verified flag: changing bank details resets it', () => {
  const stored = { accountHolder: 'Tara Talent', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bankName: 'Commerzbank' };

  it('keeps it when the account is the same (a new payout currency only)', () => {
    expect(keepsVerification(stored, { ...stored })).toBe(true);
  });

  it('drops it when any part of the account changes', () => {
    expect(keepsVerification(stored, { ...stored, iban: 'GB82WEST12345698765432' })).toBe(false);
    expect(keepsVerification(stored, { ...stored, accountHolder: 'Someone Else' })).toBe(false);
    expect(keepsVerification(stored, { ...stored, bic: null })).toBe(false);
    expect(keepsVerification(stored, { ...stored, bankName: 'Other bank' })).toBe(false);
  });

  it('starts unverified for a new profile', () => {
    expect(keepsVerification(null, stored)).toBe(false);
  });
});
