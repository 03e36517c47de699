import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

// The second factor's rules, without storage: TOTP (RFC 6238: HMAC-SHA1, 6 digits, 30 s,
// what every authenticator app reads from an otpauth:// URI) and one-time recovery codes.
// The HOTP arithmetic and the constant-time comparison are otpauth's, not ours.

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/**
 * Steps either side of now a code is accepted for: one, so a code typed as it changes, or
 * a phone clock 30 s off, still works (RFC 6238 recommends at most one step of delay).
 */
export const TOTP_WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;

/** A new shared secret: 160 random bits (RFC 4226's recommended length), base32 as apps read it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = '', issuer = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** The otpauth:// URI an authenticator app scans: issuer and account named, the secret in it. */
export function otpauthUri(secret: string, accountName: string, issuer: string): string {
  return totpOf(secret, accountName, issuer).toString();
}

/** The secret in groups of four, as people type it into an app that cannot scan. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The time step a moment falls in (RFC 6238's T). */
export function totpStepAt(now: number): number {
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code for a moment: for tests, the demo script and the e2e helper. */
export function totpCodeAt(secret: string, now: number): string {
  return totpOf(secret).generate({ timestamp: now });
}

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'wrong' | 'replayed' };

/** What a typed code looks like once spaces and dashes are gone. */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

/**
 * Whether `code` is the account's code now (one step either side), and not one of a step
 * already used: `lastStep` is the step of the last code accepted, and a code of that step
 * or an earlier one is refused, so a code seen over a shoulder or in a proxy log is
 * worth nothing once it was used.
 */
export function checkTotp(secret: string, code: string, lastStep: number | null, now: number): TotpCheck {
  const token = normalizeCode(code);
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(token)) return { ok: false, reason: 'wrong' };
  const delta = totpOf(secret).validate({ token, timestamp: now, window: TOTP_WINDOW_STEPS });
  if (delta === null) return { ok: false, reason: 'wrong' };
  const step = totpStepAt(now) + delta;
  if (lastStep !== null && step <= lastStep) return { ok: false, reason: 'replayed' };
  return { ok: true, step };
}

// No 0/1/o/l/i: recovery codes are read off paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_HALF = 5;

/** Ten fresh recovery codes, `xxxxx-xxxxx` (about 49 bits each), shown once. */
export function newRecoveryCodes(): string[] {
  const half = () => Array.from({ length: RECOVERY_HALF }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${half()}-${half()}`);
}

/** Whether a typed code has the shape of a recovery code (and not of a TOTP code). */
export function looksLikeRecoveryCode(code: string): boolean {
  return new RegExp(`^[${RECOVERY_ALPHABET}]{${RECOVERY_HALF * 2}}$`).test(normalizeCode(code));
}

/**
 * What is stored of a recovery code: its SHA-256. A plain digest suffices (unlike for
 * passwords) because the codes are random with ~49 bits each and guesses are throttled.
 */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeCode(code)).digest('base64url');
}

/** Whether an account with these roles must have a second factor before it may sign in. */
export function requiresSecondFactor(roles: readonly string[], requiredRoles: readonly string[]): boolean {
  return roles.some((role) => requiredRoles.includes(role));
}
