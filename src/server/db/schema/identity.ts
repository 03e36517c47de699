import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps, timestamptz } from './columns';

/** Password accounts of the built-in identity provider (not the API's `user`). */
export const identityAccount = pgTable(
  'identity_account',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name'),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    emailVerified: boolean('email_verified').notNull().default(false),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('identity_account_email_lower_unique').on(sql`lower(${t.email})`)],
);

/** oidc-provider's adapter storage: one row per model instance (session, grant, code...). */
export const identityProviderState = pgTable(
  'identity_provider_state',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamptz('expires_at'),
    consumedAt: timestamptz('consumed_at'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ name: 'identity_provider_state_pk', columns: [t.model, t.id] }),
    index('identity_provider_state_grant_id_idx').on(t.grantId),
    index('identity_provider_state_uid_idx').on(t.uid),
    index('identity_provider_state_user_code_idx').on(t.userCode),
    index('identity_provider_state_expires_at_idx').on(t.expiresAt),
  ],
);
