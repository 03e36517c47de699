import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { company, companyRole } from './companies';
import { deletedAt, id, timestamps, timestamptz } from './columns';
import { eventType, userStatus } from './enums';
import type { AdminPermissionSet } from '../../../lib/permissions/admin-permissions';

/**
 * Settings of an external identity provider a company signs in with (spec: idp.config), by
 * protocol (lib/sign-on/sign-on-rules.ts). Nothing secret: the OIDC client secret is sealed
 * in its own column.
 */
export type IdpConfig =
  | { protocol: 'oidc'; issuer: string; clientId: string }
  | { protocol: 'saml'; entityId: string; ssoUrl: string; certificates: string[]; metadataXml: string; wantAssertionsSigned: true };

export interface UserPreferences {
  language?: string;
  timeZone?: string;
  theme?: 'light' | 'dark' | 'system';
  [preference: string]: unknown;
}

export const admin = pgTable('admin', {
  id: id(),
  role: text('role').notNull(),
  permissions: jsonb('permissions').$type<AdminPermissionSet>().notNull().default({}),
  ...timestamps(),
});

// The spec's idp entity: a company's identity provider, its slug starting a sign-in at
// /sign-in/<slug>. `email` (the spec's field) stays unused: the addresses a provider serves
// are the company's proven domains.
export const idp = pgTable(
  'idp',
  {
    id: id(),
    email: text('email'),
    slug: text('slug').notNull(),
    config: jsonb('config').$type<IdpConfig>().notNull(),
    /** The company whose staff sign in through it; rows written before companies had providers have none and serve nobody. */
    companyId: uuid('company_id').references((): AnyPgColumn => company.id, { onDelete: 'cascade' }),
    protocol: text('protocol').notNull().default('oidc'),
    /** The OIDC client secret, sealed (crypto/secret-box.ts) and bound to the row's id; never read back to a client. */
    clientSecretSealed: text('client_secret_sealed'),
    /** The role people join the company with at their first sign-in through this provider; null: nobody joins. */
    joinRoleId: uuid('join_role_id').references((): AnyPgColumn => companyRole.id, { onDelete: 'set null' }),
    /** Enforced single sign-on: addresses of the company's proven domains may not sign in with a password, but for the break-glass owner. */
    enforced: boolean('enforced').notNull().default(false),
    /** The one owner who keeps a password while sign-on is enforced (the way back in when the provider fails). */
    breakGlassUserId: uuid('break_glass_user_id').references((): AnyPgColumn => user.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('idp_slug_unique').on(t.slug),
    index('idp_company_id_idx').on(t.companyId),
    check('idp_protocol', sql`${t.protocol} in ('oidc', 'saml')`),
  ],
);

// A company's e-mail domain for single sign-on: claimed, then proven by a DNS TXT record
// holding `talentplace-verification=<token>` (lib/sign-on/company-domains.ts). Several
// companies may claim a domain, but only one can have it proven: the partial unique index
// makes a proven domain one company's, and an unproven claim (a squatter's) blocks nobody.
export const companyDomain = pgTable(
  'company_domain',
  {
    id: id(),
    companyId: uuid('company_id').notNull().references((): AnyPgColumn => company.id, { onDelete: 'cascade' }),
    /** Lowercase, without a trailing dot. */
    domain: text('domain').notNull(),
    /** The value the TXT record must hold after `talentplace-verification=`. */
    token: text('token').notNull(),
    /** When the record was last found; null while unproven (or since a check no longer found it). */
    verifiedAt: timestamptz('verified_at'),
    lastCheckedAt: timestamptz('last_checked_at'),
    /** Why the last check did not prove it (lib/sign-on/company-domains.ts, DOMAIN_CHECK_ISSUES); null after a proof. */
    lastCheckIssue: text('last_check_issue'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('company_domain_company_domain_unique').on(t.companyId, t.domain),
    uniqueIndex('company_domain_proven_unique').on(t.domain).where(sql`${t.verifiedAt} is not null`),
  ],
);

export const user = pgTable(
  'user',
  {
    id: id(),
    externalId: text('external_id').notNull(),
    email: text('email').notNull(),
    // Whether the identity provider vouches for the address (email_verified), kept in step
    // at each call: only a confirmed address is found by e-mail or takes up an invitation.
    emailVerified: boolean('email_verified').notNull().default(false),
    status: userStatus('status').notNull().default('active'),
    adminRoleId: uuid('admin_role_id').references(() => admin.id, { onDelete: 'set null' }),
    displayName: text('display_name'),
    phoneNumber: text('phone_number'),
    redirect: text('redirect'),
    preferences: jsonb('preferences').$type<UserPreferences>().notNull().default({}),
    lastVisit: timestamptz('last_visit'),
    // Spelled as the spec spells it (the identity provider a user signs in through).
    ipdId: uuid('ipd_id').references(() => idp.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('user_external_id_unique').on(t.externalId),
    uniqueIndex('user_email_lower_unique').on(sql`lower(${t.email})`),
    index('user_admin_role_id_idx').on(t.adminRoleId),
    index('user_ipd_id_idx').on(t.ipdId),
  ],
);

/** Per user and event type: through which channels the user wants to hear about it. */
export const userNotificationPreferences = pgTable(
  'user_notification_preferences',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    email: boolean('email').notNull().default(true),
    ui: boolean('ui').notNull().default(true),
    push: boolean('push').notNull().default(false),
    type: eventType('type').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('user_notification_preferences_user_type_unique').on(t.userId, t.type)],
);

export const featureFlag = pgTable(
  'feature_flag',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  // A deleted flag's name may be reused.
  (t) => [uniqueIndex('feature_flag_name_unique').on(t.name).where(sql`${t.deletedAt} is null`)],
);

export const userFeatureFlag = pgTable(
  'user_feature_flag',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    featureFlagId: uuid('feature_flag_id')
      .notNull()
      .references(() => featureFlag.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('user_feature_flag_user_flag_unique').on(t.userId, t.featureFlagId),
    index('user_feature_flag_feature_flag_id_idx').on(t.featureFlagId),
  ],
);

/**
 * One stretch of an impersonator acting as another user (accountable impersonation): who, as whom,
 * why, from when to when. The API honours `x-impersonate-as` only while such a row is
 * open, so nobody acts as someone without a stated reason; every write made meanwhile
 * carries the row's id in its event data (record-event.ts), which the audit view lists.
 * No cascade: users are soft-deleted, and the trail must outlive what it mentions.
 */
export const impersonation = pgTable(
  'impersonation',
  {
    id: id(),
    actorUserId: uuid('actor_user_id')
      .notNull()
      .references(() => user.id),
    targetUserId: uuid('target_user_id')
      .notNull()
      .references(() => user.id),
    reason: text('reason').notNull(),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    endedAt: timestamptz('ended_at'),
    ...timestamps(),
  },
  (t) => [
    index('impersonation_actor_open_idx').on(t.actorUserId, t.targetUserId).where(sql`${t.endedAt} is null`),
    index('impersonation_started_at_idx').on(t.startedAt.desc()),
    index('impersonation_target_user_id_idx').on(t.targetUserId),
  ],
);

/**
 * A user's archive of their own data (docs/personal-data.md, "Downloading your data"): asked
 * for on /edit-account, prepared by the queue, kept in the file storage under `file_key`
 * until `expires_at`, then deleted with its file.
 */
export const personalDataExport = pgTable(
  'personal_data_export',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['preparing', 'ready', 'failed'] }).notNull().default('preparing'),
    fileKey: text('file_key'),
    size: integer('size'),
    readyAt: timestamptz('ready_at'),
    expiresAt: timestamptz('expires_at'),
    ...timestamps(),
  },
  (t) => [index('personal_data_export_user_idx').on(t.userId, t.createdAt.desc())],
);
