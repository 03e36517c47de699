import { sql } from 'drizzle-orm';
import type { PartyAddress, PartyDetails } from '../../../lib/invoices/invoice-parties';
import type { CompanyCreditAction } from '../../../lib/admin/company-credit-input';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  currency,
  currencyCheck,
  deletedAt,
  id,
  money,
  timestamps,
  timestamptz,
  type PermissionSet,
} from './columns';
import { companyLinkStatus, verificationStatus } from './enums';
import { talentProfile } from './talents';
import { user } from './users';

/** A postal address as companies and invoice parties keep it (the invoice rules' shape). */
export type PostalAddress = PartyAddress;

/** What an invoice needs to name its parties; shared with invoice.invoiceDetails. */
export interface InvoiceDetails extends PartyDetails {
  reference?: string;
  notes?: string;
  /** On an invoice without VAT: why (EN 16931 BT-120), as the issuer stated it. */
  vatExemptionReason?: string;
}

export const company = pgTable(
  'company',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    address: jsonb('address').$type<PostalAddress>(),
    country: text('country'),
    website: text('website'),
    industry: text('industry'),
    size: text('size'),
    type: text('type'),
    logo: text('logo'),
    isPossibleDuplicate: boolean('is_possible_duplicate').notNull().default(false),
    verificationStatus: verificationStatus('verification_status').notNull().default('pending'),
    /** Why the platform rejected the company; its owners see it. Cleared when verified. */
    rejectionReason: text('rejection_reason'),
    accountingCurrency: currency('accounting_currency'),
    /** Days an application may stay in an in-progress step before it is marked stuck. */
    stuckAfterDays: integer('stuck_after_days').notNull().default(14),
    /** Minutes before a move of an application reaches its talent (lib/job-applications/talent-status.ts): the company's undo. */
    talentStatusDelayMinutes: integer('talent_status_delay_minutes').notNull().default(15),
    /** Months after which an ended application without a valid pool agreement is erased (lib/talent-pools/retention.ts). */
    refusedApplicationMonths: integer('refused_application_months').notNull().default(6),
    /** Months a talent's agreement to the company's pool lasts from the last contact (lib/talent-pools/retention.ts). */
    poolConsentMonths: integer('pool_consent_months').notNull().default(24),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [
    currencyCheck('company_accounting_currency_iso', t.accountingCurrency),
    check('company_stuck_after_days_range', sql`${t.stuckAfterDays} between 1 and 365`),
    check('company_talent_status_delay_range', sql`${t.talentStatusDelayMinutes} between 0 and 1440`),
    check('company_refused_application_months_range', sql`${t.refusedApplicationMonths} between 1 and 6`),
    check('company_pool_consent_months_range', sql`${t.poolConsentMonths} between 1 and 24`),
    index('company_name_lower_idx').on(sql`lower(${t.name})`),
    index('company_verification_status_idx').on(t.verificationStatus),
  ],
);

export const companyCredit = pgTable(
  'company_credit',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    currency: currency('currency').notNull(),
    until: timestamptz('until'),
    updatedById: uuid('updated_by_id').references(() => user.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [currencyCheck('company_credit_currency_iso', t.currency), index('company_credit_company_id_idx').on(t.companyId)],
);

/**
 * The history of a company's credits: each grant, change and end by a platform admin, with
 * the credit as it stood after it and the admin's reason (the company reads it on its
 * transactions page; the admin who acted is kept for the platform's own audit).
 */
export const companyCreditChange = pgTable(
  'company_credit_change',
  {
    id: id(),
    creditId: uuid('credit_id')
      .notNull()
      .references(() => companyCredit.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'restrict' }),
    action: text('action').$type<CompanyCreditAction>().notNull(),
    amount: money('amount').notNull(),
    currency: currency('currency').notNull(),
    until: timestamptz('until'),
    reason: text('reason').notNull(),
    changedById: uuid('changed_by_id').references(() => user.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    currencyCheck('company_credit_change_currency_iso', t.currency),
    check('company_credit_change_action_known', sql`${t.action} in ('grant', 'change', 'end')`),
    index('company_credit_change_company_id_idx').on(t.companyId, t.createdAt),
    index('company_credit_change_credit_id_idx').on(t.creditId),
  ],
);

/** Platform-wide permission templates a company role starts from. */
export const companyDefaultPermissions = pgTable(
  'company_default_permissions',
  {
    id: id(),
    role: text('role').notNull(),
    permissions: jsonb('permissions').$type<PermissionSet>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [uniqueIndex('company_default_permissions_role_unique').on(t.role)],
);

/** The company's own ceiling, ANDed with the member's role (the permission merge). */
export const companyPermissions = pgTable(
  'company_permissions',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    permissions: jsonb('permissions').$type<PermissionSet>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [uniqueIndex('company_permissions_company_id_unique').on(t.companyId)],
);

export const companyRole = pgTable(
  'company_role',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    defaultPermissionsId: uuid('default_permissions_id').references(() => companyDefaultPermissions.id, {
      onDelete: 'set null',
    }),
    role: text('role').notNull(),
    permissions: jsonb('permissions').$type<PermissionSet>(),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex('company_role_company_role_unique').on(t.companyId, t.role).where(sql`${t.deletedAt} is null`),
    index('company_role_default_permissions_id_idx').on(t.defaultPermissionsId),
  ],
);

export const companyOnUser = pgTable(
  'company_on_user',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // A role still held by members cannot be removed from under them.
    roleId: uuid('role_id').references(() => companyRole.id, { onDelete: 'restrict' }),
    ...timestamps(),
  },
  // The unique index leads with company_id, so it also serves "members of a company".
  (t) => [
    uniqueIndex('company_on_user_company_user_unique').on(t.companyId, t.userId),
    index('company_on_user_user_id_idx').on(t.userId),
    index('company_on_user_role_id_idx').on(t.roleId),
  ],
);

/**
 * A client company and a provider (staffing) company that serves it, agreed by both: one
 * proposes, the other accepts (lib/company-links/company-link-rules.ts). Only an accepted
 * link lets either name the other on an assignment. One row per pair and direction: a new
 * proposal after a decline or an end reuses it.
 */
export const companyOnProviderCompany = pgTable(
  'company_on_provider_company',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    providerCompanyId: uuid('provider_company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    status: companyLinkStatus('status').notNull().default('proposed'),
    /** The company that made the last proposal: the other one answers it. */
    proposedByCompanyId: uuid('proposed_by_company_id').references(() => company.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('company_on_provider_company_pair_unique').on(t.companyId, t.providerCompanyId),
    index('company_on_provider_company_provider_idx').on(t.providerCompanyId),
    check('company_on_provider_company_not_self', sql`${t.companyId} <> ${t.providerCompanyId}`),
  ],
);

/**
 * A company's invitation to link, sent to an e-mail address rather than to a company on the
 * platform: the holder of the address accepts it for a company they own (one they may
 * create first). Only the SHA-256 of the mailed link's token is kept; the row goes once
 * answered or withdrawn.
 */
export const companyLinkInvitation = pgTable(
  'company_link_invitation',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    /** What the invited company would be to the inviting one (PROVIDES_TO_US or WE_PROVIDE_TO). */
    relation: text('relation').notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedById: uuid('invited_by_id').references(() => user.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('company_link_invitation_token_unique').on(t.tokenHash),
    uniqueIndex('company_link_invitation_company_email_unique').on(t.companyId, sql`lower(${t.email})`),
    index('company_link_invitation_email_idx').on(sql`lower(${t.email})`),
    check('company_link_invitation_relation', sql`${t.relation} in ('PROVIDES_TO_US', 'WE_PROVIDE_TO')`),
  ],
);

export const companyHiringStep = pgTable(
  'company_hiring_step',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    stepName: text('step_name').notNull(),
    stepDescription: text('step_description'),
    order: integer('order').notNull().default(0),
    group: text('group'),
    /** What the talent reads while her application is in this in-progress step (lib/job-applications/talent-status.ts); null: In review. */
    talentStatus: text('talent_status'),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('company_hiring_step_company_order_idx').on(t.companyId, t.order),
    check('company_hiring_step_talent_status', sql`${t.talentStatus} in ('APPLIED', 'IN_REVIEW', 'INTERVIEW', 'OFFER')`),
  ],
);

/**
 * A company's reasons for ending an application without a hire (the rejection reasons), by who ended
 * it: REJECTED by the company, WITHDRAWN by the candidate. New companies start with
 * lib/job-applications/rejection-reasons.ts.
 */
export const companyRejectionReason = pgTable(
  'company_rejection_reason',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    label: text('label').notNull(),
    order: integer('order').notNull().default(0),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [
    check('company_rejection_reason_kind', sql`${t.kind} in ('REJECTED', 'WITHDRAWN')`),
    index('company_rejection_reason_company_idx').on(t.companyId, t.kind, t.order),
  ],
);

export const companyInvoiceDetail = pgTable(
  'company_invoice_detail',
  {
    id: id(),
    talentId: uuid('talent_id').references(() => talentProfile.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    details: jsonb('details').$type<InvoiceDetails>().notNull().default({}),
    currency: currency('currency'),
    ...timestamps(),
  },
  (t) => [
    currencyCheck('company_invoice_detail_currency_iso', t.currency),
    index('company_invoice_detail_company_id_idx').on(t.companyId),
    index('company_invoice_detail_talent_id_idx').on(t.talentId),
  ],
);

/**
 * An invitation to join a company sent to an address that has no user yet
 * (createOneCompanyOnUser); the invited person joins with its role on first sign-in.
 * One open invitation per company and address (case-insensitive).
 */
export const companyMemberInvitation = pgTable(
  'company_member_invitation',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    // A role promised to someone cannot be removed from under the invitation either.
    roleId: uuid('role_id')
      .notNull()
      .references(() => companyRole.id, { onDelete: 'restrict' }),
    invitedById: uuid('invited_by_id').references(() => user.id, { onDelete: 'set null' }),
    // SHA-256 of the single-use token its mail's link carries (the token itself is never
    // stored); null for invitations made before links carried one.
    tokenHash: text('token_hash'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('company_member_invitation_token_hash_unique').on(t.tokenHash),
    uniqueIndex('company_member_invitation_company_email_unique').on(t.companyId, sql`lower(${t.email})`),
    index('company_member_invitation_email_idx').on(sql`lower(${t.email})`),
    index('company_member_invitation_role_id_idx').on(t.roleId),
  ],
);
