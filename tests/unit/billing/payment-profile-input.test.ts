import { describe, expect, it } from 'vitest';
import { maskOtherAccount } from '../../../src/lib/billing/bank-details';
import { bankDetailsAfterSave, keepsVerification, readPaymentProfile, type PaymentProfileText } from '../../../src/lib/billing/payment-profile-input';

const input = (overrides: Partial<PaymentProfileText> = {}): PaymentProfileText => ({
  currency: 'EUR',
  accountHolder: 'Tara Talent',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  bankName: 'Commerzbank',
  ...overrides,
});
const issuesOf = (text: PaymentProfileText, hasSavedAccount = false) => {
  const result = readPaymentProfile(text, { hasSavedAccount });
  return result.ok ? {} : Object.fromEntries(result.issues.map(({ path, code, params }) => [path, params ? { code, params } : code]));
};

describe('payment profile: currency and bank details', () => {
  it('normalises what was typed', () => {
    expect(readPaymentProfile(input({ currency: 'eur', accountHolder: '  Tara   Talent ', bic: 'cobadeff', bankName: '  ' }), { hasSavedAccount: false })).toEqual({
      ok: true,
      value: { currency: 'EUR', accountHolder: 'Tara Talent', iban: 'DE89370400440532013000', bic: 'COBADEFF', bankName: null, otherAccount: null },
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
    const kept = readPaymentProfile(input({ iban: ' ' }), { hasSavedAccount: true });
    expect(kept.ok && kept.value.iban).toBeNull();
    const stored = { accountHolder: 'Tara Talent', iban: 'PT50000201231234567890154', bic: 'COBADEFFXXX', bankName: 'Commerzbank' };
    expect(kept.ok && bankDetailsAfterSave(stored, kept.value).iban).toBe('PT50000201231234567890154');
  });
});

describe('payment profile: an account outside the IBAN scheme', () => {
  const usAccount = '  Routing   021000021 \n\n  Account 1234 5678 9  ';

  it('takes the account as the talent wrote it instead of an IBAN, each line tidied', () => {
    const read = readPaymentProfile(input({ iban: '', otherAccount: usAccount }), { hasSavedAccount: false });
    expect(read.ok && read.value).toMatchObject({ iban: null, otherAccount: 'Routing 021000021\nAccount 1234 5678 9' });
  });

  it('refuses an IBAN and another account together: payments go to one account', () => {
    expect(issuesOf(input({ otherAccount: usAccount }))).toEqual({ otherAccount: 'accountTwice' });
  });

  it('refuses more than 300 characters', () => {
    expect(issuesOf(input({ iban: '', otherAccount: '9'.repeat(301) }))).toEqual({ otherAccount: { code: 'otherAccountTooLong', params: { max: 300 } } });
  });

  it('replaces the saved account of the other kind, and both left blank keep the saved one', () => {
    const ibanStored = { accountHolder: 'Tara Talent', iban: 'DE89370400440532013000', otherAccount: null, bic: null, bankName: null };
    const other = readPaymentProfile(input({ iban: '', bic: '', bankName: '', otherAccount: 'Account 123456789' }), { hasSavedAccount: true });
    const afterOther = other.ok ? bankDetailsAfterSave(ibanStored, other.value) : null;
    expect(afterOther).toMatchObject({ iban: null, otherAccount: 'Account 123456789' });
    const blank = readPaymentProfile(input({ iban: '', bic: '', bankName: '' }), { hasSavedAccount: true });
    expect(blank.ok && afterOther && bankDetailsAfterSave(afterOther, blank.value)).toMatchObject({ iban: null, otherAccount: 'Account 123456789' });
    const iban = readPaymentProfile(input({ bic: '', bankName: '' }), { hasSavedAccount: true });
    expect(iban.ok && afterOther && bankDetailsAfterSave(afterOther, iban.value)).toMatchObject({ iban: 'DE89370400440532013000', otherAccount: null });
  });

  it('is masked to its last four letters and digits', () => {
    expect(maskOtherAccount('Routing 021000021\nAccount 1234 5678 9')).toBe('•••• 6789');
    expect(maskOtherAccount('12-34')).toBe('••••');
  });
});

describe('verified flag: changing bank details resets it', () => {
  const stored = { accountHolder: 'Tara Talent', iban: 'DE89370400440532013000', otherAccount: null, bic: 'COBADEFFXXX', bankName: 'Commerzbank' };

  it('keeps it when the account is the same (a new payout currency only)', () => {
    expect(keepsVerification(stored, { ...stored })).toBe(true);
  });

  it('drops it when any part of the account changes', () => {
    expect(keepsVerification(stored, { ...stored, iban: 'GB82WEST12345698765432' })).toBe(false);
    expect(keepsVerification(stored, { ...stored, accountHolder: 'Someone Else' })).toBe(false);
    expect(keepsVerification(stored, { ...stored, bic: null })).toBe(false);
    expect(keepsVerification(stored, { ...stored, bankName: 'Other bank' })).toBe(false);
    expect(keepsVerification({ ...stored, iban: null, otherAccount: 'Account 1' }, { ...stored, iban: null, otherAccount: 'Account 2' })).toBe(false);
  });

  it('starts unverified for a new profile', () => {
    expect(keepsVerification(null, stored)).toBe(false);
  });
});
