import { describe, expect, it } from 'vitest';
import {
  checkTotp,
  groupedSecret,
  hashRecoveryCode,
  looksLikeRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  RECOVERY_CODE_COUNT,
  requiresSecondFactor,
  totpCodeAt,
  totpStepAt,
} from '../../../src/server/idp/second-factor';
import { createSecondFactorToken, readSecondFactorToken, SECOND_FACTOR_TOKEN_TTL_MS } from '../../../src/server/idp/second-factor-token';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII "12345678901234567890".
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const STEP_MS = 30_000;
const NOW = Date.parse('2026-11-28T20:00:10Z');

describe('second factor: TOTP codes', () => {
  it('computes the RFC 6238 test vectors (6 digits of the 8 the RFC lists)', () => {
    expect(totpCodeAt(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCodeAt(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(totpCodeAt(RFC_SECRET, 2_000_000_000_000)).toBe('279037');
  });

  it('TOTP window: accepts the code of now and of one step either side, refuses two steps away', () => {
    const secret = newTotpSecret();
    for (const offset of [-1, 0, 1]) {
      expect(checkTotp(secret, totpCodeAt(secret, NOW + offset * STEP_MS), null, NOW)).toEqual({ ok: true, step: totpStepAt(NOW) + offset });
    }
    for (const offset of [-2, 2]) expect(checkTotp(secret, totpCodeAt(secret, NOW + offset * STEP_MS), null, NOW)).toEqual({ ok: false, reason: 'wrong' });
  });

  it('replay refused: a code of the last step used, or of an earlier one, is refused; a later one passes', () => {
    const secret = newTotpSecret();
    const step = totpStepAt(NOW);
    expect(checkTotp(secret, totpCodeAt(secret, NOW), step, NOW)).toEqual({ ok: false, reason: 'replayed' });
    expect(checkTotp(secret, totpCodeAt(secret, NOW - STEP_MS), step, NOW)).toEqual({ ok: false, reason: 'replayed' });
    expect(checkTotp(secret, totpCodeAt(secret, NOW + STEP_MS), step, NOW)).toEqual({ ok: true, step: step + 1 });
  });

  it('refuses anything but six digits (spaces typed in the middle are fine), and another secret\'s code', () => {
    const secret = newTotpSecret();
    const code = totpCodeAt(secret, NOW);
    expect(checkTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, null, NOW).ok).toBe(true);
    expect(checkTotp(secret, code.slice(1), null, NOW)).toEqual({ ok: false, reason: 'wrong' });
    expect(checkTotp(secret, `${code}0`, null, NOW)).toEqual({ ok: false, reason: 'wrong' });
    expect(checkTotp(secret, '', null, NOW)).toEqual({ ok: false, reason: 'wrong' });
    expect(checkTotp(newTotpSecret(), code, null, NOW).ok).toBe(false);
  });

  it('makes 160-bit secrets, an otpauth URI any app reads, and groups the secret for typing', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(otpauthUri(secret, 'ada@talentplace.test', 'Talentplace'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Talentplace:ada@talentplace.test');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret, issuer: 'Talentplace', algorithm: 'SHA1', digits: '6', period: '30' });
    expect(groupedSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});

describe('second factor: recovery codes', () => {
  it('makes ten different codes read off paper (no 0, 1, o, l, i), each shaped as a recovery code', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) {
      expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
      expect(looksLikeRecoveryCode(code)).toBe(true);
    }
    expect(looksLikeRecoveryCode('123456')).toBe(false);
  });

  it('stores a digest, the same however the code is typed (case, dash, spaces)', () => {
    const [code] = newRecoveryCodes();
    const digest = hashRecoveryCode(code!);
    expect(digest).not.toContain(code!.replace('-', ''));
    expect(hashRecoveryCode(code!.toUpperCase().replace('-', ' '))).toBe(digest);
    expect(hashRecoveryCode(newRecoveryCodes()[0]!)).not.toBe(digest);
  });
});

describe('second factor: who must have one', () => {
  it('platform admins and support agents must; other accounts may', () => {
    const required = ['super:admin', 'super:impersonate'];
    expect(requiresSecondFactor(['super:admin'], required)).toBe(true);
    expect(requiresSecondFactor(['talent', 'super:impersonate'], required)).toBe(true);
    expect(requiresSecondFactor([], required)).toBe(false);
    expect(requiresSecondFactor(['talent'], required)).toBe(false);
  });
});

describe('second factor: the sign-in step token', () => {
  const KEY = 'k'.repeat(32);
  const ACCOUNT = '0b5a3c3e-7c2f-4d8e-9b1a-2f3e4d5c6b7a';

  it('names the account for its own interaction and stage, until it expires', () => {
    const token = createSecondFactorToken('password', KEY, 'uid-1', ACCOUNT, NOW);
    expect(readSecondFactorToken('password', [KEY], 'uid-1', token, NOW)).toBe(ACCOUNT);
    expect(readSecondFactorToken('password', ['another key'.repeat(4), KEY], 'uid-1', token, NOW)).toBe(ACCOUNT);
    expect(readSecondFactorToken('password', [KEY], 'uid-1', token, NOW + SECOND_FACTOR_TOKEN_TTL_MS)).toBeNull();
  });

  it('is refused for another interaction, for the other stage, under another key, or altered', () => {
    const token = createSecondFactorToken('password', KEY, 'uid-1', ACCOUNT, NOW);
    expect(readSecondFactorToken('password', [KEY], 'uid-2', token, NOW)).toBeNull();
    // A password-stage token never counts as "the code was given".
    expect(readSecondFactorToken('done', [KEY], 'uid-1', token, NOW)).toBeNull();
    expect(readSecondFactorToken('password', ['x'.repeat(32)], 'uid-1', token, NOW)).toBeNull();
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(Buffer.from(payload!, 'base64url').toString().replace(ACCOUNT, ACCOUNT.replace('0b5a', '1b5a'))).toString('base64url');
    expect(readSecondFactorToken('password', [KEY], 'uid-1', `${forged}.${signature}`, NOW)).toBeNull();
    expect(readSecondFactorToken('password', [KEY], 'uid-1', null, NOW)).toBeNull();
  });
});
