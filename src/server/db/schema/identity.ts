import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { id, timestamps, timestamptz } from './columns';
import { idp } from './users';

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
    /**
     * The company identity provider this account signs in through (single sign-on) and the
     * subject it names the person by: one account per person of that provider, found again
     * at each sign-in even after their address changed there.
     */
    federatedIdpId: uuid('federated_idp_id').references((): AnyPgColumn => idp.id, { onDelete: 'set null' }),
    federatedSubject: text('federated_subject'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('identity_account_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('identity_account_federated_unique').on(t.federatedIdpId, t.federatedSubject),
  ],
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

/**
 * A sign-in sent to a company's identity provider and not yet come back (single sign-on):
 * bound to the provider's interaction it finishes, with what checks the answer (the OIDC
 * nonce and PKCE verifier, the SAML request id). Used once: `consumedAt` is set when the
 * answer is accepted, so the same answer replayed is refused.
 */
export const signOnAttempt = pgTable(
  'sign_on_attempt',
  {
    id: id(),
    /** The state (OIDC) or relay state (SAML) sent with the request: random, never guessable. */
    state: text('state').notNull(),
    interactionUid: text('interaction_uid').notNull(),
    idpId: uuid('idp_id')
      .notNull()
      .references((): AnyPgColumn => idp.id, { onDelete: 'cascade' }),
    /** The address typed on the sign-in page (the provider is asked for it), if any. */
    email: text('email'),
    nonce: text('nonce'),
    codeVerifier: text('code_verifier'),
    /** The SAML AuthnRequest's ID: the answer's InResponseTo must name it. */
    requestId: text('request_id'),
    /** The account the accepted answer signed in; null until then. */
    accountId: uuid('account_id').references(() => identityAccount.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('sign_on_attempt_state_unique').on(t.state), index('sign_on_attempt_expires_at_idx').on(t.expiresAt)],
);
