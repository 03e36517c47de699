import { describe, expect, it } from 'vitest';
import { accountDeletionRefusal, confirmsDeletion, RECENT_SIGN_IN_MINUTES, signedInRecently, type AccountDeletionRequest } from '../../../src/lib/account/account-deletion';

const request = (change: Partial<AccountDeletionRequest> = {}): AccountDeletionRequest => ({
  impersonating: false,
  isAdmin: false,
  soleOwnerOf: [],
  signedInRecently: true,
  email: 'tala@example.test',
  confirmation: 'tala@example.test',
  ...change,
});

describe('the account deletion rule', () => {
  it('lets a talent or a member who typed their address delete their account', () => {
    expect(accountDeletionRefusal(request())).toBeNull();
  });

  it('takes the address whatever its case and the spaces around it', () => {
    expect(confirmsDeletion('Tala@Example.test', '  tala@example.TEST ')).toBe(true);
  });

  it('refuses another address, a blank one, or an account without one', () => {
    expect(accountDeletionRefusal(request({ confirmation: 'tal@example.test' }))).toBe('confirmationMismatch');
    expect(accountDeletionRefusal(request({ confirmation: '   ' }))).toBe('confirmationMismatch');
    expect(confirmsDeletion('', '')).toBe(false);
  });

  it('refuses the only owner of a company until it has another owner', () => {
    expect(accountDeletionRefusal(request({ soleOwnerOf: ['Northwind Labs'] }))).toBe('soleOwner');
  });

  it('refuses a platform admin: admin accounts are managed where the role is given', () => {
    expect(accountDeletionRefusal(request({ isAdmin: true }))).toBe('adminAccount');
  });

  it('refuses whoever acts as the user, before anything else', () => {
    expect(accountDeletionRefusal(request({ impersonating: true, isAdmin: true, soleOwnerOf: ['Northwind Labs'], confirmation: '' }))).toBe('impersonating');
  });
});

describe('the account deletion rule: a recent sign-in', () => {
  const now = Date.parse('2026-12-01T10:00:00Z');
  it(`offers deletion only within ${RECENT_SIGN_IN_MINUTES} minutes of the credentials being typed`, () => {
    expect(RECENT_SIGN_IN_MINUTES).toBe(15);
    expect(signedInRecently(now - 14 * 60_000, now)).toBe(true);
    expect(signedInRecently(now - 16 * 60_000, now)).toBe(false);
  });

  it('refuses a sign-in that is not recent, after the only-owner refusal (signing in again would not help there)', () => {
    expect(accountDeletionRefusal(request({ signedInRecently: false }))).toBe('signInAgain');
    expect(accountDeletionRefusal(request({ signedInRecently: false, soleOwnerOf: ['Northwind Labs'] }))).toBe('soleOwner');
    expect(accountDeletionRefusal(request({ signedInRecently: false, confirmation: 'someone@example.test' }))).toBe('signInAgain');
  });

  it('counts an unknown sign-in time, or one from the future, as not recent', () => {
    expect(signedInRecently(null, now)).toBe(false);
    expect(signedInRecently(undefined, now)).toBe(false);
    expect(signedInRecently(now + 10 * 60_000, now)).toBe(false);
  });
});
