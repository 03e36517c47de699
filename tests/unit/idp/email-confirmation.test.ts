import { describe, expect, it } from 'vitest';
import { createEmailConfirmationToken, EMAIL_CONFIRMATION_TTL_MS, readEmailConfirmationToken } from '../../../src/server/idp/email-confirmation';

const KEY = 'k'.repeat(43);
const ACCOUNT = '0b9e8a52-6c1f-4c3b-9f1e-2d8a7b6c5d4e';

describe('sign-up e-mail confirmation links', () => {
  it('name the account they were made for', () => {
    expect(readEmailConfirmationToken([KEY], createEmailConfirmationToken(KEY, ACCOUNT))).toBe(ACCOUNT);
  });

  it('expire after a day', () => {
    const made = new Date('2026-01-01T00:00:00Z');
    const token = createEmailConfirmationToken(KEY, ACCOUNT, made);
    expect(readEmailConfirmationToken([KEY], token, new Date(made.getTime() + EMAIL_CONFIRMATION_TTL_MS - 1))).toBe(ACCOUNT);
    expect(readEmailConfirmationToken([KEY], token, new Date(made.getTime() + EMAIL_CONFIRMATION_TTL_MS))).toBeNull();
  });

  it('are refused when signed with another key, altered, or malformed', () => {
    const token = createEmailConfirmationToken(KEY, ACCOUNT);
    expect(readEmailConfirmationToken(['o'.repeat(43)], token)).toBeNull();
    const [payload, signature] = token.split('.');
    const otherPayload = Buffer.from(`${ACCOUNT.replace('0b9e', '1b9e')}.${Date.now() + 1000}`).toString('base64url');
    expect(readEmailConfirmationToken([KEY], `${otherPayload}.${signature}`)).toBeNull();
    for (const bad of [null, '', 'a.b.c', `${payload}`, `${payload}.`, 'x'.repeat(600)]) expect(readEmailConfirmationToken([KEY], bad)).toBeNull();
  });

  it('still work after the key was rotated (the old key is kept second)', () => {
    const token = createEmailConfirmationToken(KEY, ACCOUNT);
    expect(readEmailConfirmationToken(['n'.repeat(43), KEY], token)).toBe(ACCOUNT);
  });
});
