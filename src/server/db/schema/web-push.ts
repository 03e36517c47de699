import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, timestamps } from './columns';
import { user } from './users';

/**
 * The push channel's own key pair (VAPID, RFC 8292): generated at the first start and kept
 * here, so every instance on the database signs with the one key the browsers subscribed
 * with. One row; VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY in the environment take its place.
 */
export const webPushKey = pgTable(
  'web_push_key',
  {
    id: text('id').primaryKey(),
    /** base64url of the uncompressed P-256 point, as browsers take it (applicationServerKey). */
    publicKey: text('public_key').notNull(),
    /** base64url of the 32-byte private scalar. */
    privateKey: text('private_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('web_push_key_single_row', sql`${t.id} = 'current'`)],
);

/**
 * One browser's push subscription (Push API) for a user: where to post, and the keys its
 * messages are encrypted to (RFC 8291). The endpoint names the browser profile, so it is
 * unique: the account signed in last when it subscribed owns it.
 */
export const webPushSubscription = pgTable(
  'web_push_subscription',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key (base64url, 65 bytes decoded). */
    p256dh: text('p256dh').notNull(),
    /** The browser's authentication secret (base64url, 16 bytes decoded). */
    auth: text('auth').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('web_push_subscription_endpoint_unique').on(t.endpoint), index('web_push_subscription_user_id_idx').on(t.userId)],
);
