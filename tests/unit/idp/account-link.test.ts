import { describe, expect, it } from 'vitest';
import { ACCOUNT_LINKS, createAccountLinkToken, passwordStamp, readAccountLinkToken } from '../../../src/server/idp/account-link';

const KEY = 'k'.repeat(43);
const LINK = { accountId: '0b9e8a52-6c1f-4c3b-9f1e-2d8a7b6c5d4e', stamp: passwordStamp('scrypt$32768$8$1$salt$hash') };

describe('account links (sign-up confirmation, password reset)', () => {
  it('name the account and the password stamp they were made under', () => {
    expect(readAccountLinkToken('emailConfirmation', [KEY], createAccountLinkToken('emailConfirmation', KEY, LINK))).toEqual(LINK);
    expect(readAccountLinkToken('passwordReset', [KEY], createAccountLinkToken('passwordReset', KEY, LINK))).toEqual(LINK);
  });

  it('a confirmation link expires after a day, a reset link after an hour', () => {
    const made = new Date('2026-01-01T00:00:00Z');
    for (const kind of ['emailConfirmation', 'passwordReset'] as const) {
      const token = createAccountLinkToken(kind, KEY, LINK, made);
      const { ttlMs } = ACCOUNT_LINKS[kind];
      expect(readAccountLinkToken(kind, [KEY], token, new Date(made.getTime() + ttlMs - 1))).toEqual(LINK);
      expect(readAccountLinkToken(kind, [KEY], token, new Date(made.getTime() + ttlMs))).toBeNull();
    }
    expect(ACCOUNT_LINKS.passwordReset.ttlMs).toBe(60 * 60 * 1000);
    expect(ACCOUNT_LINKS.emailConfirmation.ttlMs).toBe(24 * 60 * 60 * 1000);
  });

  it('one kind of link is never accepted as the other', () => {
    expect(readAccountLinkToken('passwordReset', [KEY], createAccountLinkToken('emailConfirmation', KEY, LINK))).toBeNull();
    expect(readAccountLinkToken('emailConfirmation', [KEY], createAccountLinkToken('passwordReset', KEY, LINK))).toBeNull();
  });

  it('are refused when signed with another key, altered, or malformed', () => {
    const token = createAccountLinkToken('passwordReset', KEY, LINK);
    expect(readAccountLinkToken('passwordReset', ['o'.repeat(43)], token)).toBeNull();
    const [payload, signature] = token.split('.');
    const otherPayload = Buffer.from(`${LINK.accountId.replace('0b9e', '1b9e')}.${Date.now() + 1000}.${LINK.stamp}`).toString('base64url');
    expect(readAccountLinkToken('passwordReset', [KEY], `${otherPayload}.${signature}`)).toBeNull();
    for (const bad of [null, '', 'a.b.c', `${payload}`, `${payload}.`, 'x'.repeat(600)]) expect(readAccountLinkToken('passwordReset', [KEY], bad)).toBeNull();
  });

  it('still work after the key was rotated (the old key is kept second)', () => {
    const token = createAccountLinkToken('emailConfirmation', KEY, LINK);
    expect(readAccountLinkToken('emailConfirmation', ['n'.repeat(43), KEY], token)).toEqual(LINK);
  });

  it('the password stamp changes whenever the password hash does', () => {
    expect(passwordStamp('scrypt$a$b')).not.toBe(passwordStamp('scrypt$a$c'));
    expect(passwordStamp('scrypt$a$b')).toBe(passwordStamp('scrypt$a$b'));
  });
});
