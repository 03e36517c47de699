import { createHash } from 'node:crypto';
import { isUuid } from '../../lib/ids';
import { decodeCanonicalBase64url, hasValidSignature, signPayload } from '../crypto/signed-token';

// Links mailed to the owner of an address that act on their account: the sign-up
// confirmation and the password reset. A link is a signed token naming the account, its
// expiry and a stamp of the account's password hash. Stateless, so every instance reads
// every link; and since the stamp changes with the password, a link dies as soon as the
// password it was made under is replaced: a second sign-up for an unconfirmed address
// kills the first one's link, and a reset link works once.

/** What a link asks to act on: the account, as it was when the link was made. */
export interface AccountLink {
  accountId: string;
  /** passwordStamp of the account's password hash when the link was made. */
  stamp: string;
}

/** The two kinds of link, each with its own lifetime, never accepted for one another. */
export const ACCOUNT_LINKS = {
  /** Confirms a sign-up's address (and finishes signing in, in the browser that signed up). */
  emailConfirmation: { purpose: 'talentplace:email-confirmation:v2', ttlMs: 24 * 60 * 60 * 1000 },
  /** Sets a new password: short-lived, since whoever holds it takes the account. */
  passwordReset: { purpose: 'talentplace:password-reset:v1', ttlMs: 60 * 60 * 1000 },
} as const;
export type AccountLinkKind = keyof typeof ACCOUNT_LINKS;

/** A short digest of a password hash: changes whenever the password is set again (new salt). */
export function passwordStamp(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 22);
}

// The signing key also signs the provider's cookies, never with these purposes.
export function createAccountLinkToken(kind: AccountLinkKind, key: string, link: AccountLink, now = new Date()): string {
  const { purpose, ttlMs } = ACCOUNT_LINKS[kind];
  const payload = `${link.accountId}.${now.getTime() + ttlMs}.${link.stamp}`;
  return `${Buffer.from(payload).toString('base64url')}.${signPayload(key, purpose, payload)}`;
}

/** The link of a good, unexpired token of this kind, or null. The caller still checks the stamp against the account. */
export function readAccountLinkToken(kind: AccountLinkKind, keys: readonly string[], token: string | null, now = new Date()): AccountLink | null {
  if (!token || token.length > 512) return null;
  const [encodedPayload, encodedSignature, ...rest] = token.split('.');
  if (!encodedPayload || !encodedSignature || rest.length) return null;
  const payload = decodeCanonicalBase64url(encodedPayload)?.toString('utf8');
  if (payload === undefined) return null;
  // Any of the keys, newest first: a rotated key still honours links already sent.
  if (!hasValidSignature(keys, ACCOUNT_LINKS[kind].purpose, payload, encodedSignature)) return null;
  const [accountId, expires, stamp, ...extra] = payload.split('.');
  if (!accountId || !isUuid(accountId) || !/^\d+$/.test(expires ?? '') || !stamp || extra.length) return null;
  return Number(expires) > now.getTime() ? { accountId, stamp } : null;
}
