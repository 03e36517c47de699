import type { Agent } from 'node:https';
import webpush from 'web-push';
import { isSubscriptionGone, type PushMessage } from '../../lib/notifications/push-subscription';
import type { VapidKeys } from './vapid-keys';

// The transport of the push channel, as the mailer is e-mail's: one message to one
// browser's subscription through its push service (RFC 8030), encrypted to the browser's
// keys (RFC 8291, aes128gcm) and signed with the site's VAPID key (RFC 8292), both by the
// web-push library. It knows nothing of users or events.

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** `sent`: the push service took it; `gone`: the subscription is no more (404/410), never to be tried again. */
export type PushOutcome = 'sent' | 'gone';

export interface PushSender {
  /** Throws for any other refusal or a network failure, which is worth trying again. */
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
}

/** How long a push service keeps a message for a browser that is offline: a day, then it is stale news. */
export const PUSH_TTL_SECONDS = 24 * 3600;

export interface PushSenderOptions {
  vapid: VapidKeys & { subject: string };
  /** The https agent for the push services (an outbound proxy, a private CA); Node's default otherwise. */
  agent?: Agent;
  timeoutMs?: number;
}

function statusOf(error: unknown): number | null {
  return error instanceof webpush.WebPushError ? error.statusCode : null;
}

export function createPushSender(options: PushSenderOptions): PushSender {
  return {
    async send(target, message) {
      try {
        await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(message), {
          vapidDetails: options.vapid,
          contentEncoding: 'aes128gcm',
          TTL: PUSH_TTL_SECONDS,
          timeout: options.timeoutMs ?? 10_000,
          ...(options.agent ? { agent: options.agent } : {}),
        });
        return 'sent';
      } catch (error) {
        const status = statusOf(error);
        if (status !== null && isSubscriptionGone(status)) return 'gone';
        if (status !== null) throw new Error(`the push service answered ${status}`, { cause: error });
        throw error;
      }
    },
  };
}
