import { isUuid } from '../../../lib/ids';
import { hasValidSignature, signPayload } from '../../crypto/signed-token';

// The token of a job alert mail's unsubscribe link: the alert id signed
// with the server's key (HMAC-SHA256), so nothing secret is stored and every instance
// sharing SESSION_SECRET reads every link. It only ever unsubscribes that one alert, so it
// does not expire: an old mail's link keeps working, as RFC 8058 expects.

// Domain separation: the key is derived for this purpose alone (bff/secrets.ts).
const PURPOSE = 'talentplace:job-alert-unsubscribe:v1';

export function createUnsubscribeToken(key: string, alertId: string): string {
  return `${alertId}.${signPayload(key, PURPOSE, alertId)}`;
}

/** The alert id of a good token, or null (malformed, forged, or signed with another key). */
export function readUnsubscribeToken(key: string, token: string | null | undefined): string | null {
  if (!token || token.length > 200) return null;
  const [alertId, encoded, ...rest] = token.split('.');
  if (!alertId || !encoded || rest.length || !isUuid(alertId)) return null;
  return hasValidSignature([key], PURPOSE, alertId, encoded) ? alertId : null;
}
