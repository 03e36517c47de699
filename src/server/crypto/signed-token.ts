import { createHmac, timingSafeEqual } from 'node:crypto';

// Stateless signed tokens (a confirmation link, an unsubscribe link): the payload signed
// with HMAC-SHA256 under a purpose, so that a token made for one use is never accepted for
// another even under the same key, and every instance sharing the key reads every token.

function signature(key: string, purpose: string, payload: string): Buffer {
  return createHmac('sha256', key).update(`${purpose}\n${payload}`).digest();
}

/** The payload's signature for this purpose, base64url. */
export function signPayload(key: string, purpose: string, payload: string): string {
  return signature(key, purpose, payload).toString('base64url');
}

/**
 * The bytes of a base64url text written the one way we write it, or null. Node's decoder
 * ignores the spare bits of the last character and anything that is not base64url, so several
 * texts decode alike: a token is taken only as it was made.
 */
export function decodeCanonicalBase64url(text: string): Buffer | null {
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : null;
}

/** True when `encodedSignature` signs the payload for this purpose under any of the keys (a rotated key still honours what it signed). */
export function hasValidSignature(keys: readonly string[], purpose: string, payload: string, encodedSignature: string): boolean {
  const given = decodeCanonicalBase64url(encodedSignature);
  if (!given) return false;
  return keys.some((key) => {
    const expected = signature(key, purpose, payload);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
