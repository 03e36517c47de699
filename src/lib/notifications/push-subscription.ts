// A browser's push subscription as the Push API hands it over (PushSubscription.toJSON():
// endpoint and the keys p256dh and auth), checked before it is kept, and what a push
// carries. Pure, so the API checks with it and the island reads the same states.

/** Where the locale files word the issue codes (common namespace). */
export const PUSH_ERRORS = 'pushSubscription.errors';

export type PushIssueCode = 'endpointInvalid' | 'keyInvalid' | 'authInvalid';

/** Push services' endpoints are a few hundred characters; far more is not one. */
export const MAX_ENDPOINT_LENGTH = 2048;
/** An uncompressed P-256 point: 0x04, then x and y (RFC 8291 section 3.2). */
const P256DH_BYTES = 65;
/** The authentication secret (RFC 8291 section 3.2). */
const AUTH_BYTES = 16;

export interface PushSubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The bytes of base64url text (padding allowed), or null when it is not base64url. */
export function base64UrlBytes(text: string): Uint8Array | null {
  const trimmed = text.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(trimmed) || trimmed.length % 4 === 1) return null;
  const binary = atob(trimmed.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (trimmed.length % 4)) % 4));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

/**
 * A push service's endpoint: an https URL without credentials, as every browser's push
 * service gives. Plain http would let the message's metadata and the VAPID token be read on
 * the way.
 */
export function isPushEndpoint(raw: string): boolean {
  if (raw.length > MAX_ENDPOINT_LENGTH) return false;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

export type PushSubscriptionCheck = { ok: true; value: PushSubscriptionInput } | { ok: false; errors: Array<{ path: keyof PushSubscriptionInput; code: PushIssueCode }> };

/** A subscription to keep: an https endpoint and the two keys of the right lengths. */
export function checkPushSubscription(input: PushSubscriptionInput): PushSubscriptionCheck {
  const errors: Array<{ path: keyof PushSubscriptionInput; code: PushIssueCode }> = [];
  const endpoint = input.endpoint.trim();
  if (!isPushEndpoint(endpoint)) errors.push({ path: 'endpoint', code: 'endpointInvalid' });
  const key = base64UrlBytes(input.p256dh.trim());
  if (!key || key.length !== P256DH_BYTES || key[0] !== 4) errors.push({ path: 'p256dh', code: 'keyInvalid' });
  const auth = base64UrlBytes(input.auth.trim());
  if (!auth || auth.length !== AUTH_BYTES) errors.push({ path: 'auth', code: 'authInvalid' });
  if (errors.length) return { ok: false, errors };
  return { ok: true, value: { endpoint, p256dh: input.p256dh.trim(), auth: input.auth.trim() } };
}

/**
 * The push service's answer that the subscription is no more (RFC 8030 section 7.3: 404
 * unknown, 410 gone): it is removed, never tried again.
 */
export function isSubscriptionGone(status: number): boolean {
  return status === 404 || status === 410;
}

/**
 * What one push carries, and all it carries: the sentence of the notification, the
 * product's name as its title and the path of its page. Nothing secret: no token, no
 * reason, no address (the push service cannot read it, but the lock screen shows it).
 */
export interface PushMessage {
  title: string;
  body: string;
  /** A path on the site, opened when the notification is clicked. */
  url: string;
}

/** How the site settings' push step reads on this device. */
export const PUSH_DEVICE_STATES = ['unsupported', 'denied', 'subscribed', 'available'] as const;
export type PushDeviceState = (typeof PUSH_DEVICE_STATES)[number];

/**
 * The step's state from what the browser says: no service worker or Push API, notifications
 * refused for the site, a subscription of this browser kept, or ready to subscribe.
 */
export function pushDeviceState(browser: { supported: boolean; permission: 'default' | 'granted' | 'denied'; subscribed: boolean }): PushDeviceState {
  if (!browser.supported) return 'unsupported';
  if (browser.permission === 'denied') return 'denied';
  return browser.subscribed ? 'subscribed' : 'available';
}
