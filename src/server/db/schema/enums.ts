import { pgEnum } from 'drizzle-orm/pg-core';
import { VERIFICATION_STATUSES } from '../../../lib/admin/company-verification';
import { USER_STATUSES } from '../../../lib/admin/user-status';
import { BILLING_STATUSES } from '../../../lib/billing/billing-status';
import { COMPANY_LINK_STATUSES } from '../../../lib/company-links/company-link-rules';
import { INVOICE_STATUSES } from '../../../lib/invoices/invoice-kinds';
import { JOB_AD_MODERATIONS } from '../../../lib/job-ads/job-ad-moderation';
import { ASSIGNMENT_TYPES, EMPLOYMENT_TYPES, RATE_UNITS, WORK_MODES } from '../../../lib/job-ads/job-enums';
import { JOB_ALERT_FREQUENCIES } from '../../../lib/job-alerts/job-alert-input';
import { BALANCE_TRANSACTION_TYPES } from '../../../lib/transactions/balance-transaction-types';
import { ROSTER_CONSENTS } from '../../../lib/talent-roster/roster-consent';
import { POOL_CONSENT_STATUSES } from '../../../lib/talent-pools/pool-consent';

// The states and the business constants' enumerations. PostgreSQL enums so that a bad value is refused by the database, not
// only by the API. Lists the pages and rules use are written once, in src/lib, and the
// database takes them from there; so do their TypeScript unions (BillingStatusValue,
// RateUnitValue, ...): code imports those, and no second name is declared here.

export const billingStatus = pgEnum('billing_status', BILLING_STATUSES);

export const invoiceStatus = pgEnum('invoice_status', INVOICE_STATUSES);

export const verificationStatus = pgEnum('verification_status', VERIFICATION_STATUSES);

// Where a link between a client company and its provider stands (lib/company-links/company-link-rules.ts).
export const companyLinkStatus = pgEnum('company_link_status', COMPANY_LINK_STATUSES);

export const userStatus = pgEnum('user_status', USER_STATUSES);

// How an admin moderated a job ad; null when not at all.
export const jobAdModeration = pgEnum('job_ad_moderation', JOB_AD_MODERATIONS);

// A talent's answer to a company that put her on its roster (lib/talent-roster/roster-consent.ts).
export const rosterConsent = pgEnum('roster_consent', ROSTER_CONSENTS);

// Where a talent's consent to a company's talent pool stands (lib/talent-pools/pool-consent.ts).
export const poolConsentStatus = pgEnum('pool_consent_status', POOL_CONSENT_STATUSES);

export const rateUnit = pgEnum('rate_unit', RATE_UNITS);

export const employmentType = pgEnum('employment_type', EMPLOYMENT_TYPES);

export const workMode = pgEnum('work_mode', WORK_MODES);

export const assignmentType = pgEnum('assignment_type', ASSIGNMENT_TYPES);

// 'COMISSION' is spelled as the spec spells it: clients already send that value.
export const balanceTransactionType = pgEnum('balance_transaction_type', BALANCE_TRANSACTION_TYPES);

// The event types: create, update and delete for each of eleven entities; company and talent
// profile have update only. Written out so the database enum can be read at a glance.
export const eventType = pgEnum('event_type', [
  'billing.create', 'billing.update', 'billing.delete',
  'companyHiringStep.create', 'companyHiringStep.update', 'companyHiringStep.delete',
  'invoice.create', 'invoice.update', 'invoice.delete',
  'companyOnUser.create', 'companyOnUser.update', 'companyOnUser.delete',
  'companyRole.create', 'companyRole.update', 'companyRole.delete',
  'companyTalentNote.create', 'companyTalentNote.update', 'companyTalentNote.delete',
  'companyTalentRoster.create', 'companyTalentRoster.update', 'companyTalentRoster.delete',
  'jobAd.create', 'jobAd.update', 'jobAd.delete',
  'jobAssignment.create', 'jobAssignment.update', 'jobAssignment.delete',
  'jobDescription.create', 'jobDescription.update', 'jobDescription.delete',
  'talentInvitation.create', 'talentInvitation.update', 'talentInvitation.delete',
  // Not among the spec's event types: an application's arrival and every move through the pipeline
  // are what its history and the talent's notifications are made of.
  'talentJobApplication.create', 'talentJobApplication.update',
  // Nor this: a company's move reached the talent as her application's public status, after
  // the company's delay (the move itself is the audit row talentJobApplication.update).
  'talentJobApplicationStatus.create',
  // Not among them either: a company member downloaded a talent's CV, resume or PDF.
  'talentDocument.read',
  // Nor these: shortlists of talents and their entries.
  'companySavedTalentList.create', 'companySavedTalentList.update', 'companySavedTalentList.delete',
  'companySavedTalent.create', 'companySavedTalent.update', 'companySavedTalent.delete',
  // Nor these: a platform admin blocked, unblocked or deleted a user; company
  // verification and permission changes by an admin are company.update rows.
  'user.update', 'user.delete',
  // Nor these: a talent's saved searches mailed as job alert digests.
  'jobAlert.create', 'jobAlert.update', 'jobAlert.delete',
  'company.update',
  'talentProfile.update',
  // Nor this: an admin opened a talent's profile (a hidden one included)
  // from the platform's talent search.
  'talentProfile.read',
  // Nor these: an impersonator started (with a reason) or stopped acting as a user.
  'impersonation.create', 'impersonation.update',
  // Nor these: an admin created, described or deleted a feature flag,
  // gave one to a user or took it back.
  'featureFlag.create', 'featureFlag.update', 'featureFlag.delete',
  'userFeatureFlag.create', 'userFeatureFlag.delete',
  // Nor these: a user's own housekeeping, addressed to no one, so that the impersonation
  // audit lists every write made as someone else: a job saved or unsaved, notifications
  // marked read, notification settings changed.
  'savedJobAd.create', 'savedJobAd.delete',
  'notification.update',
  'userNotificationPreferences.update',
  // The spec's entities have no event type of their own for the staffing link between two
  // companies: proposed (or an address invited), answered or ended.
  'companyOnProviderCompany.create', 'companyOnProviderCompany.update', 'companyOnProviderCompany.delete',
  // Nor these: a company's identity providers (single sign-on) added, changed or removed.
  'idp.create', 'idp.update', 'idp.delete',
  // Nor these: a company's e-mail domain claimed, proven (or found unproven again) or given up.
  'companyDomain.create', 'companyDomain.update', 'companyDomain.delete',
  // Nor these: a message written in a thread between a company and a talent.
  'message.create',
  // Nor this: a conversation closed or opened again by one of its sides (its audit trail).
  'messageThread.update',
  // Nor these: a company's message templates written, changed or removed (their audit trail).
  'messageTemplate.create', 'messageTemplate.update', 'messageTemplate.delete',
  // Nor these: a step's interview plan set or removed (its audit trail), interview times
  // proposed, booked, moved or cancelled, and an interviewer's scorecard submitted or corrected.
  'interviewPlan.update',
  'interview.create', 'interview.update',
  'interviewScorecard.create', 'interviewScorecard.update',
  // Nor these: a company asked a talent to keep her in its talent pool (saved talents), and
  // her answer (accepted, declined, withdrawn) addressed to the company.
  'talentPoolConsent.create', 'talentPoolConsent.update',
  // Nor this: the retention job erased an ended application's content, or ended a pool
  // agreement at the end of its period (lib/talent-pools/retention.ts): the company's log of it.
  'dataRetention.delete',
]);
export type EventType = (typeof eventType.enumValues)[number];

/** How often a job alert's digest is mailed. */
export const jobAlertFrequency = pgEnum('job_alert_frequency', JOB_ALERT_FREQUENCIES);
