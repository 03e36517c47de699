import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../lib/ids';

/** A confirmation link is good for a day; the sign-up it continues expires sooner. */
export const EMAIL_CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;

// Domain separation: the key also signs the provider's cookies, never with this prefix.
const PURPOSE = 'talentplace:email-confirmation:v1';

function signature(key: string, payload: string): Buffer {
  return createHmac('sha256', key).update(`${PURPOSE}\n${payload}`).digest();
}

/**
 * A token naming the account whose e-mail a sign-up link confirms: account id and
 * expiry, signed with the provider's secret. Stateless, so every instance can read it;
 * confirming twice changes nothing, so it need not be single-use.
 */
export function createEmailConfirmationToken(key: string, accountId: string, now = new Date()): string {
  const payload = `${accountId}.${now.getTime() + EMAIL_CONFIRMATION_TTL_MS}`;
  return `${Buffer.from(payload).toString('base64url')}.${signature(key, payload).toString('base64url')}`;
}

/** The account id of a good, unexpired token, or null. */
export function readEmailConfirmationToken(keys: readonly string[], token: string | null, now = new Date()): string | null {
  if (!token || token.length > 512) return null;
  const [encodedPayload, encodedSignature, ...rest] = token.split('.');
  if (!encodedPayload || !encodedSignature || rest.length) return null;
  const payload = Buffer.from(encodedPayload, 'base64url').toString('utf8');
  const given = Buffer.from(encodedSignature, 'base64url');
  // Any of the keys, newest first: a rotated key still honours links already sent.
  const valid = keys.some((key) => {
    const expected = signature(key, payload);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!valid) return null;
  const [accountId, expires] = payload.split('.');
  if (!accountId || !isUuid(accountId) || !/^\d+$/.test(expires ?? '')) return null;
  return Number(expires) > now.getTime() ? accountId : null;
}
