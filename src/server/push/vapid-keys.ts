import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { base64UrlBytes } from '../../lib/notifications/push-subscription';
import type { AppDatabase } from '../db/client';
import { webPushKey } from '../db/schema';

/** The push channel's key pair (VAPID, RFC 8292), base64url as browsers and web-push take it. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KEY_ID = 'current';

/** Why a configured or stored pair is refused, or null when it is a P-256 pair's two halves. */
function vapidKeysProblem(keys: VapidKeys): string | null {
  const publicKey = base64UrlBytes(keys.publicKey);
  if (!publicKey || publicKey.length !== 65 || publicKey[0] !== 4) return 'the public key must be an uncompressed P-256 point, base64url (65 bytes)';
  const privateKey = base64UrlBytes(keys.privateKey);
  if (!privateKey || privateKey.length !== 32) return 'the private key must be a P-256 private key, base64url (32 bytes)';
  return null;
}

async function readStored(db: AppDatabase): Promise<VapidKeys | null> {
  const [row] = await db.select({ publicKey: webPushKey.publicKey, privateKey: webPushKey.privateKey }).from(webPushKey).where(eq(webPushKey.id, KEY_ID)).limit(1);
  return row ?? null;
}

/**
 * The key pair pushes are signed with. VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both, from
 * `npx web-push generate-vapid-keys`) when set; otherwise generated on the very first start
 * and kept in the database, so every instance on it signs with the key browsers subscribed
 * with (as the identity provider keeps its signing key). Instances starting together both
 * try to insert; the first insert wins and all read it. Changing the pair makes every
 * subscription useless: browsers subscribe again from the site settings.
 */
export async function loadOrCreateVapidKeys(db: AppDatabase, env: Record<string, string | undefined>): Promise<VapidKeys> {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (publicKey || privateKey) {
    if (!publicKey || !privateKey) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither to keep a generated pair in the database');
    const problem = vapidKeysProblem({ publicKey, privateKey });
    if (problem) throw new Error(`VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: ${problem}`);
    return { publicKey, privateKey };
  }
  let stored = await readStored(db);
  if (!stored) {
    await db
      .insert(webPushKey)
      .values({ id: KEY_ID, ...webpush.generateVAPIDKeys() })
      .onConflictDoNothing();
    stored = await readStored(db);
  }
  const problem = stored ? vapidKeysProblem(stored) : 'it could not be stored';
  if (problem || !stored) throw new Error(`The push key pair in web_push_key is unusable (${problem}); deleting its row makes the next start create a new one, after which browsers subscribe again`);
  return stored;
}

/**
 * Who runs the push channel, as push services ask (RFC 8292 section 2.1: a mailto: or https:
 * URI they may contact about the traffic): VAPID_SUBJECT, else the site when it is served
 * over https, else the sender's mail address.
 */
export function vapidSubject(env: Record<string, string | undefined>, publicOrigin: string, mailFrom: string): string {
  const configured = env.VAPID_SUBJECT?.trim();
  if (configured) {
    if (!/^(mailto:|https:\/\/)/.test(configured)) throw new Error(`VAPID_SUBJECT must be a mailto: or https: URI, got "${configured}"`);
    return configured;
  }
  if (publicOrigin.startsWith('https://')) return publicOrigin;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
