import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /** The authenticator app's shared secret (base32), set once a code confirmed it; null: no second factor. */
    totpSecret: text('totp_secret'),
    /** A secret shown for enrolment and not yet confirmed with a code (replaced when enrolment starts over). */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamptz('totp_enabled_at'),
    /** The time step (RFC 6238, 30 s) of the last code accepted: a code of that step or earlier is a replay. */
    totpLastStep: integer('totp_last_step'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('identity_account_email_lower_unique').on(sql`lower(${t.email})`)],
);

/** One-time recovery codes of an account with a second factor, stored as SHA-256 digests. */
export const identityRecoveryCode = pgTable(
  'identity_recovery_code',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => identityAccount.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('identity_recovery_code_account_hash_unique').on(t.accountId, t.codeHash)],
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
