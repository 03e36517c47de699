import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../../lib/ids';
import type { RosterConsent } from '../../../lib/talent-roster/roster-consent';
import { companyTalentRoster, jobAssignment, talentBalanceTransaction, talentProfile, user } from '../../db/schema';
import type { Writer } from '../../db/client';
import { notFound } from '../errors';
import { holdsApplicationOfRow, rosterHolds } from '../job-applications/talent-link';

// A company's talent roster (the companyTalentRoster table): the talents who work for it,
// each with an employment type, an employee number, a manager (a member of the company)
// and a balance in one currency, which is the running sum of the entry's ledger
// (roster-ledger.ts). Removing a talent is soft (deletedAt): the ledger and the notes
// stay, and adding the same talent again restores the row (one row per company and
// talent). Every id is looked up inside the tp-company company, so another company's id
// answers NOT_FOUND like an unknown one. Each write is an event addressed to the talent.
//
// Consent before a company holds a talent (lib/talent-roster/roster-consent.ts): adding a
// talent, by id or by e-mail, is a request she accepts or declines on her side
// (talent/roster-requests.ts). Until she accepts, the entry links her to nothing
// (talent-link.ts rosterHolds), takes no ledger entry (roster-ledger.ts) and shows the
// company no more of her than it saw before: a hidden profile's name and title stay withheld.
//
// This file reads the entries: the one query the types, queries and mutations beside it
// share, and what of the talent it shows the company.

export interface RosterRow {
  id: string;
  externalId: string | null;
  companyId: string;
  talentProfileId: string;
  talentName: string | null;
  talentJobTitle: string | null;
  /** The talent's account, to address events to; null for a profile without one. */
  talentUserId: string | null;
  /** Her answer to the company's request: only accepted holds her (rosterHoldsTalent). */
  consent: RosterConsent;
  consentAnsweredAt: Date | null;
  employmentType: string | null;
  employeeNumber: string | null;
  managerId: string | null;
  managerName: string | null;
  balance: string;
  currency: string;
  transactionCount: number;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

const managerName = sql<string | null>`coalesce(${user.displayName}, ${user.email})`;

/**
 * Whether the company knew the talent before she answered, so that her entry may show her
 * name and title: she accepted, her profile is visible to every company, or she applied to
 * it or works on its assignments (its candidates). A hidden profile it only typed the
 * address of stays withheld until she accepts.
 */
export function knownToCompany(db: Writer, companyId: string): SQL {
  return or(rosterHolds(), eq(talentProfile.isVisible, true), holdsApplicationOfRow(db, companyId), inArray(talentProfile.id, assignedTalents(db, companyId)))!;
}

/** The profile's column as the company may see it (knownToCompany), else null. */
export const shownToCompany = (db: Writer, companyId: string, column: typeof talentProfile.profileName | typeof talentProfile.jobTitle) =>
  sql<string | null>`case when ${knownToCompany(db, companyId)} then ${column} end`;

/**
 * The roster's order: entries on the roster before removed ones, then by the name as shown to
 * the company (a withheld name sorts as empty, so first), then by id. An accepted entry's name is its
 * talentSortName, kept on the entry by the database (migration 0049), so that sorting every
 * entry reads no profile; any other entry's is read from its profile only as far as
 * knownToCompany shows it, so that the order never reveals a withheld name.
 */
export function rosterNameOrder(db: Writer, companyId: string): SQL[] {
  const shownSortName = db
    .select({ name: sql<string | null>`case when ${knownToCompany(db, companyId)} then lower(${talentProfile.profileName}) end` })
    .from(talentProfile)
    .where(eq(talentProfile.id, companyTalentRoster.talentProfileId));
  return [
    sql`${companyTalentRoster.deletedAt} is not null`,
    sql`coalesce(case when ${rosterHolds()} then ${companyTalentRoster.talentSortName} else (${shownSortName}) end, '')`,
    asc(companyTalentRoster.id),
  ];
}

export function selectRoster(db: Writer, companyId: string) {
  return db
    .select({
      id: companyTalentRoster.id,
      externalId: companyTalentRoster.externalId,
      companyId: companyTalentRoster.companyId,
      talentProfileId: companyTalentRoster.talentProfileId,
      talentName: shownToCompany(db, companyId, talentProfile.profileName),
      talentJobTitle: shownToCompany(db, companyId, talentProfile.jobTitle),
      talentUserId: talentProfile.userId,
      consent: companyTalentRoster.consent,
      consentAnsweredAt: companyTalentRoster.consentAnsweredAt,
      employmentType: companyTalentRoster.employmentType,
      employeeNumber: companyTalentRoster.employeeNumber,
      managerId: companyTalentRoster.managerId,
      managerName,
      balance: companyTalentRoster.balance,
      currency: companyTalentRoster.currency,
      createdAt: companyTalentRoster.createdAt,
      updatedAt: companyTalentRoster.updatedAt,
      deletedAt: companyTalentRoster.deletedAt,
    })
    .from(companyTalentRoster)
    .innerJoin(talentProfile, eq(talentProfile.id, companyTalentRoster.talentProfileId))
    .leftJoin(user, eq(user.id, companyTalentRoster.managerId))
    .$dynamic();
}

/**
 * The rows as RosterRow, each with the length of its ledger: counted for these rows only,
 * along the ledger's index on the entry. Never inside a list's select, where PostgreSQL
 * counted the ledger of every row before the page's offset.
 */
export async function withTransactionCounts(db: Writer, rows: Array<Omit<RosterRow, 'transactionCount'>>): Promise<RosterRow[]> {
  if (!rows.length) return [];
  const tx = talentBalanceTransaction;
  const counted = await db
    .select({ id: tx.companyTalentRosterId, count: count() })
    .from(tx)
    .where(inArray(tx.companyTalentRosterId, rows.map((row) => row.id)))
    .groupBy(tx.companyTalentRosterId);
  const countOf = new Map(counted.map((row) => [row.id, row.count]));
  return rows.map((row) => ({ ...row, currency: row.currency.trim(), transactionCount: countOf.get(row.id) ?? 0 }));
}

/**
 * A roster entry of this company, removed ones included (their ledger stays readable);
 * another company's id is NOT_FOUND like an unknown one. `lock` holds the row for a write.
 */
export async function ownRosterEntry(db: Writer, companyId: string, id: string, lock = false): Promise<RosterRow> {
  if (!isUuid(id)) throw notFound('The roster entry');
  const query = selectRoster(db, companyId).where(and(eq(companyTalentRoster.id, id), eq(companyTalentRoster.companyId, companyId))).limit(1);
  const [row] = lock ? await query.for('update', { of: companyTalentRoster }) : await query;
  if (!row) throw notFound('The roster entry');
  const [entry] = await withTransactionCounts(db, [row]);
  return entry!;
}

/** Talents on the company's assignments (as client, provider or seller). */
export function assignedTalents(db: Writer, companyId: string, talent?: SQL) {
  return db
    .select({ talentProfileId: jobAssignment.talentProfileId })
    .from(jobAssignment)
    .where(and(talent, isNull(jobAssignment.deletedAt), or(eq(jobAssignment.clientCompanyId, companyId), eq(jobAssignment.providerCompanyId, companyId), eq(jobAssignment.salesCompanyId, companyId))));
}
