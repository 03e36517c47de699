import { isUuid } from '../../lib/ids';
import { hasValidSignature, signPayload } from '../crypto/signed-token';

/** A confirmation link is good for a day; the sign-up it continues expires sooner. */
export const EMAIL_CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;

// Domain separation: the key also signs the provider's cookies, never with this prefix.
const PURPOSE = 'talentplace:email-confirmation:v1';

/**
 * A token naming the account whose e-mail a sign-up link confirms: account id and
 * expiry, signed with the provider's secret. Stateless, so every instance can read it;
 * confirming twice changes nothing, so it need not be single-use.
 */
export function createEmailConfirmationToken(key: string, accountId: string, now = new Date()): string {
  const payload = `${accountId}.${now.getTime() + EMAIL_CONFIRMATION_TTL_MS}`;
  return `${Buffer.from(payload).toString('base64url')}.${signPayload(key, PURPOSE, payload)}`;
}

/** The account id of a good, unexpired token, or null. */
export function readEmailConfirmationToken(keys: readonly string[], token: string | null, now = new Date()): string | null {
  if (!token || token.length > 512) return null;
  const [encodedPayload, encodedSignature, ...rest] = token.split('.');
  if (!encodedPayload || !encodedSignature || rest.length) return null;
  const payload = Buffer.from(encodedPayload, 'base64url').toString('utf8');
  // Any of the keys, newest first: a rotated key still honours links already sent.
  if (!hasValidSignature(keys, PURPOSE, payload, encodedSignature)) return null;
  const [accountId, expires] = payload.split('.');
  if (!accountId || !isUuid(accountId) || !/^\d+$/.test(expires ?? '')) return null;
  return Number(expires) > now.getTime() ? accountId : null;
}
