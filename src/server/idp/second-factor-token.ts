import { isUuid } from '../../lib/ids';
import { decodeCanonicalBase64url, hasValidSignature, signPayload } from '../crypto/signed-token';

// Between the password and the second factor of one sign-in, the form carries a signed
// token: "this account gave its password in this interaction". It is bound to the
// interaction (whose uid only the browser holding oidc-provider's interaction cookie can
// use), lives ten minutes, and is made under its own purpose, so no other signed token of
// the product is ever taken for it. Stateless, so any instance reads it.

/**
 * `password`: the password was right, a code (or enrolment) is still due.
 * `done`: the second factor was given too (enrolment shows the recovery codes first).
 */
export type SecondFactorStage = 'password' | 'done';

const PURPOSES: Record<SecondFactorStage, string> = {
  password: 'talentplace:second-factor-password:v1',
  done: 'talentplace:second-factor-done:v1',
};
export const SECOND_FACTOR_TOKEN_TTL_MS = 10 * 60_000;

export function createSecondFactorToken(stage: SecondFactorStage, key: string, uid: string, accountId: string, now = Date.now()): string {
  const payload = `${uid}.${accountId}.${now + SECOND_FACTOR_TOKEN_TTL_MS}`;
  return `${Buffer.from(payload).toString('base64url')}.${signPayload(key, PURPOSES[stage], payload)}`;
}

/** The account of a good, unexpired token of this stage made for this interaction, or null. */
export function readSecondFactorToken(stage: SecondFactorStage, keys: readonly string[], uid: string, token: string | null, now = Date.now()): string | null {
  if (!token || token.length > 512) return null;
  const [encodedPayload, encodedSignature, ...rest] = token.split('.');
  if (!encodedPayload || !encodedSignature || rest.length) return null;
  const payload = decodeCanonicalBase64url(encodedPayload)?.toString('utf8');
  if (payload === undefined) return null;
  if (!hasValidSignature(keys, PURPOSES[stage], payload, encodedSignature)) return null;
  const parts = payload.split('.');
  const expires = parts.pop();
  const accountId = parts.pop();
  // The uid is the rest (oidc-provider's uids have no dots, but nothing depends on it).
  if (parts.join('.') !== uid || !accountId || !isUuid(accountId) || !/^\d+$/.test(expires ?? '')) return null;
  return Number(expires) > now ? accountId : null;
}
