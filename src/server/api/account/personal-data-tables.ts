import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import {
  billing,
  billingLineItem,
  companyCredit,
  companyCreditChange,
  companyInvoiceDetail,
  companyLinkInvitation,
  companyMemberInvitation,
  companyOnUser,
  companySavedTalent,
  companyTalentNote,
  companyTalentRoster,
  generalEventslog,
  identityAccount,
  identityRecoveryCode,
  idp,
  impersonation,
  interview,
  interviewCalendarFeed,
  interviewScorecard,
  interviewSlot,
  invoice,
  jobAd,
  jobAlert,
  jobAssignment,
  message,
  messageTemplate,
  messageThread,
  messageThreadRead,
  messageThreadReport,
  personalDataExport,
  savedJobAd,
  signOnAttempt,
  talentBalanceTransaction,
  talentInvitation,
  talentJobApplication,
  talentJobApplicationStatus,
  talentPaymentProfile,
  talentPoolConsent,
  talentProfile,
  user,
  userFeatureFlag,
  userNotificationPreferences,
  webPushSubscription,
} from '../../db/schema';

// What a user's archive holds (docs/personal-data.md, "Downloading your data"): every column
// that names a person is decided here: rows found by it go in the archive, or they do not,
// with the reason. A unit test walks
// the database schema and fails on a column naming a user, a talent profile or a sign-in
// account that is in neither list, so a new table cannot leave the archive silently.

/** Who the archive is about: the user row, their talent profile, their built-in sign-in account. */
export type PersonReference = 'user' | 'talentProfile' | 'identityAccount';

/** Rows whose `column` is the person's id of that kind go in `records/<file>.json`. */
export interface ExportedColumn {
  file: string;
  table: PgTable;
  column: PgColumn;
  refers: PersonReference;
}

/** Rows whose `column` is the id of a row already in `records/<parent>.json` (whose id column is `parentColumn`). */
export interface ExportedThrough {
  file: string;
  table: PgTable;
  column: PgColumn;
  parent: string;
}

export interface NotExportedColumn {
  table: PgTable;
  column: PgColumn;
  reason: string;
}

export const EXPORTED_COLUMNS: readonly ExportedColumn[] = [
  { file: 'account', table: user, column: user.id, refers: 'user' },
  { file: 'sign-in-account', table: identityAccount, column: identityAccount.id, refers: 'identityAccount' },
  { file: 'talent-profile', table: talentProfile, column: talentProfile.userId, refers: 'user' },
  { file: 'payment-profile', table: talentPaymentProfile, column: talentPaymentProfile.talentProfileId, refers: 'talentProfile' },
  { file: 'notification-preferences', table: userNotificationPreferences, column: userNotificationPreferences.userId, refers: 'user' },
  { file: 'push-subscriptions', table: webPushSubscription, column: webPushSubscription.userId, refers: 'user' },
  { file: 'feature-flags', table: userFeatureFlag, column: userFeatureFlag.userId, refers: 'user' },
  { file: 'saved-jobs', table: savedJobAd, column: savedJobAd.userId, refers: 'user' },
  { file: 'job-alerts', table: jobAlert, column: jobAlert.userId, refers: 'user' },
  { file: 'company-memberships', table: companyOnUser, column: companyOnUser.userId, refers: 'user' },
  { file: 'applications', table: talentJobApplication, column: talentJobApplication.talentProfileId, refers: 'talentProfile' },
  { file: 'invitations', table: talentInvitation, column: talentInvitation.talentProfileId, refers: 'talentProfile' },
  { file: 'interviews', table: interview, column: interview.talentProfileId, refers: 'talentProfile' },
  { file: 'conversations', table: messageThread, column: messageThread.talentProfileId, refers: 'talentProfile' },
  { file: 'conversation-read-marks', table: messageThreadRead, column: messageThreadRead.userId, refers: 'user' },
  { file: 'conversation-reports', table: messageThreadReport, column: messageThreadReport.reporterUserId, refers: 'user' },
  { file: 'roster-entries', table: companyTalentRoster, column: companyTalentRoster.talentProfileId, refers: 'talentProfile' },
  { file: 'assignments', table: jobAssignment, column: jobAssignment.talentProfileId, refers: 'talentProfile' },
  { file: 'billings', table: billing, column: billing.talentProfileId, refers: 'talentProfile' },
  { file: 'invoices', table: invoice, column: invoice.talentProfileId, refers: 'talentProfile' },
  { file: 'invoice-details', table: companyInvoiceDetail, column: companyInvoiceDetail.talentId, refers: 'talentProfile' },
  // What companies recorded about the talent: the right of access covers their notes and lists too.
  { file: 'company-notes', table: companyTalentNote, column: companyTalentNote.talentProfileId, refers: 'talentProfile' },
  { file: 'company-shortlists', table: companySavedTalent, column: companySavedTalent.talentProfileId, refers: 'talentProfile' },
  { file: 'talent-pool-consents', table: talentPoolConsent, column: talentPoolConsent.talentProfileId, refers: 'talentProfile' },
  { file: 'impersonations', table: impersonation, column: impersonation.targetUserId, refers: 'user' },
  { file: 'activity', table: generalEventslog, column: generalEventslog.fromId, refers: 'user' },
  { file: 'notifications', table: generalEventslog, column: generalEventslog.toId, refers: 'user' },
];

export const EXPORTED_THROUGH: readonly ExportedThrough[] = [
  { file: 'application-statuses', table: talentJobApplicationStatus, column: talentJobApplicationStatus.talentJobApplicationId, parent: 'applications' },
  { file: 'messages', table: message, column: message.threadId, parent: 'conversations' },
  { file: 'interview-scorecards', table: interviewScorecard, column: interviewScorecard.interviewId, parent: 'interviews' },
  { file: 'billing-lines', table: billingLineItem, column: billingLineItem.billingId, parent: 'billings' },
  { file: 'balance-transactions', table: talentBalanceTransaction, column: talentBalanceTransaction.companyTalentRosterId, parent: 'roster-entries' },
];

const COMPANY_WORK = "a company's record of a member's work on its own or other people's records, kept by the company; the member's acts are in the archive's activity";
const PLATFORM_WORK = "the platform's record of an admin's work on another person's records";

export const NOT_EXPORTED_COLUMNS: readonly NotExportedColumn[] = [
  ...[billing.createdById, billing.approvedById, billing.rejectedById, billing.invoicedById, billing.paidById].map((column) => ({ table: billing, column, reason: COMPANY_WORK })),
  { table: billingLineItem, column: billingLineItem.createdById, reason: COMPANY_WORK },
  { table: companyCredit, column: companyCredit.updatedById, reason: COMPANY_WORK },
  { table: companyCreditChange, column: companyCreditChange.changedById, reason: COMPANY_WORK },
  { table: companyLinkInvitation, column: companyLinkInvitation.invitedById, reason: COMPANY_WORK },
  { table: companyMemberInvitation, column: companyMemberInvitation.invitedById, reason: COMPANY_WORK },
  { table: companySavedTalent, column: companySavedTalent.userId, reason: COMPANY_WORK },
  { table: companyTalentNote, column: companyTalentNote.userId, reason: COMPANY_WORK },
  { table: talentPoolConsent, column: talentPoolConsent.requestedById, reason: COMPANY_WORK },
  { table: companyTalentRoster, column: companyTalentRoster.managerId, reason: COMPANY_WORK },
  { table: idp, column: idp.breakGlassUserId, reason: "a company's sign-on setting naming the member who may still sign in with a password; shown on the company's sign-on page" },
  { table: interview, column: interview.organizerUserId, reason: COMPANY_WORK },
  { table: interviewScorecard, column: interviewScorecard.interviewerUserId, reason: COMPANY_WORK },
  { table: interviewSlot, column: interviewSlot.createdByUserId, reason: COMPANY_WORK },
  { table: invoice, column: invoice.createdById, reason: COMPANY_WORK },
  { table: invoice, column: invoice.paidById, reason: COMPANY_WORK },
  { table: jobAd, column: jobAd.ownerUserId, reason: COMPANY_WORK },
  { table: message, column: message.authorUserId, reason: "the talent's messages come with her conversations; a member's, written for a company, are the company's record" },
  { table: messageTemplate, column: messageTemplate.createdByUserId, reason: COMPANY_WORK },
  { table: messageThread, column: messageThread.blockedByUserId, reason: COMPANY_WORK },
  { table: messageThreadReport, column: messageThreadReport.resolvedByUserId, reason: PLATFORM_WORK },
  { table: talentBalanceTransaction, column: talentBalanceTransaction.createdById, reason: COMPANY_WORK },
  { table: talentInvitation, column: talentInvitation.invitedByUserId, reason: COMPANY_WORK },
  { table: talentPaymentProfile, column: talentPaymentProfile.reviewedById, reason: PLATFORM_WORK },
  { table: impersonation, column: impersonation.actorUserId, reason: PLATFORM_WORK },
  { table: interviewCalendarFeed, column: interviewCalendarFeed.userId, reason: 'a secret address of the interview calendar, no data about the person; shown and renewed on the interviews page' },
  { table: identityRecoveryCode, column: identityRecoveryCode.accountId, reason: 'second-step recovery codes, stored as hashes: secrets, not data about the person' },
  { table: signOnAttempt, column: signOnAttempt.accountId, reason: "a sign-in under way through a company's provider, kept minutes" },
  { table: personalDataExport, column: personalDataExport.userId, reason: 'the archives themselves, listed on the page that offers them' },
  { table: talentProfile, column: talentProfile.externalUserId, reason: "the profile's copy of the sign-in id: the profile comes whole in talent-profile, found by its user" },
];

/**
 * Columns left out of the rows that are exported: secrets and what the search made of the
 * profile (the profile's own fields are there).
 */
export const OMITTED_COLUMNS: ReadonlyMap<PgTable, readonly PgColumn[]> = new Map<PgTable, PgColumn[]>([
  [identityAccount, [identityAccount.passwordHash, identityAccount.totpSecret, identityAccount.totpPendingSecret, identityAccount.totpLastStep]],
  [webPushSubscription, [webPushSubscription.p256dh, webPushSubscription.auth]],
  [talentProfile, [talentProfile.identificationToken, talentProfile.searchDocument, talentProfile.skillKeys, talentProfile.languageKeys]],
]);

/** The tables a person's ids live in, and the names of columns holding one without a foreign key. */
const PERSON_TABLES = new Set(['user', 'talent_profile', 'identity_account']);
const PERSON_COLUMN_NAME = /(^|_)(user_id|talent_profile_id|talent_id|account_id|from_id|to_id|by_id)$/;

/** The columns of a table that name a person: a foreign key to a user, a talent profile or a sign-in account, or a column named like one. */
function personColumns(table: PgTable): PgColumn[] {
  const config = getTableConfig(table);
  const referencing = new Set(
    config.foreignKeys.flatMap((foreignKey) => {
      const reference = foreignKey.reference();
      return PERSON_TABLES.has(getTableConfig(reference.foreignTable).name) ? reference.columns : [];
    }),
  );
  return config.columns.filter((column) => referencing.has(column) || PERSON_COLUMN_NAME.test(column.name));
}

/**
 * The columns of `tables` that name a person and are neither exported nor left out with a
 * reason: what the schema walk test requires to be empty.
 */
export function undecidedPersonColumns(tables: readonly PgTable[]): string[] {
  const decided = new Set<PgColumn>([...EXPORTED_COLUMNS, ...EXPORTED_THROUGH, ...NOT_EXPORTED_COLUMNS].map((entry) => entry.column));
  return tables.flatMap((table) => personColumns(table).filter((column) => !decided.has(column)).map((column) => `${getTableConfig(table).name}.${column.name}`));
}

/**
 * The tables that hold a person's data: the person tables themselves, those with a column
 * naming a person, and those read through one for the archive. docs/personal-data.md says
 * of each how long it is kept and how the archive and the erasure reach it.
 */
export function personalDataTableNames(tables: readonly PgTable[]): string[] {
  const through = new Set<PgTable>(EXPORTED_THROUGH.map((entry) => entry.table));
  return tables
    .filter((table) => PERSON_TABLES.has(getTableConfig(table).name) || through.has(table) || personColumns(table).length > 0)
    .map((table) => getTableConfig(table).name)
    .sort();
}
