import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../../lib/ids';

// The token of a job alert mail's unsubscribe link (issue 20 item 4): the alert id signed
// with the server's key (HMAC-SHA256), so nothing secret is stored and every instance
// sharing SESSION_SECRET reads every link. It only ever unsubscribes that one alert, so it
// does not expire: an old mail's link keeps working, as RFC 8058 expects.

// Domain separation: the key is derived for this purpose alone (bff/secrets.ts).
const PURPOSE = 'talentplace:job-alert-unsubscribe:v1';

function signature(key: string, alertId: string): Buffer {
  return createHmac('sha256', key).update(`${PURPOSE}\n${alertId}`).digest();
}

export function createUnsubscribeToken(key: string, alertId: string): string {
  return `${alertId}.${signature(key, alertId).toString('base64url')}`;
}

/** The alert id of a good token, or null (malformed, forged, or signed with another key). */
export function readUnsubscribeToken(key: string, token: string | null | undefined): string | null {
  if (!token || token.length > 200) return null;
  const [alertId, encoded, ...rest] = token.split('.');
  if (!alertId || !encoded || rest.length || !isUuid(alertId)) return null;
  const given = Buffer.from(encoded, 'base64url');
  const expected = signature(key, alertId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? alertId : null;
}
