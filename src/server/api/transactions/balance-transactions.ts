import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { company, companyTalentRoster, jobAssignment, jobDescription, talentBalanceTransaction, talentProfile } from '../../db/schema';
import type { ApiContext } from '../context';
import type { PageWindow } from '../pagination';
import { filterConditions, type LedgerFilter } from './balance-transaction-filter';
import type { MovementRow, TransactionRow } from './balance-transaction-types';
import { countOf, transactionTotals } from './ledger-totals';
import { ledgerColumns, type LedgerReader, type LedgerScope } from './ledger-scope';

// Reading balance movements (the talentBalanceTransaction table) a page at a time under a
// scope (ledger-scope.ts): the talent's side (my-balance-transactions.ts) and the company's
// (talent-roster/roster-ledger.ts) show the same rows and running balances. A page picks
// its rows first, in the list's order along the ledger's index, and only then computes
// their running balances and looks up their names: a page costs its own rows, not the
// whole ledger before it. The running balance is over ALL of an entry's transactions, so
// a period or type filter never changes it.

export type Sort = 'NEWEST' | 'OLDEST';

const tx = talentBalanceTransaction;

/** What a read picks of each ledger row before its balance and names are added (withDetails). */
export const pickedColumns = {
  id: tx.id,
  rosterEntryId: tx.companyTalentRosterId,
  jobAssignmentId: tx.jobAssignmentId,
  type: tx.type,
  change: tx.change,
  currency: tx.currency,
  createdAt: tx.createdAt,
};

/** Rows picked by a read: a subquery with the picked columns (its alias is always `picked`). */
type PickedRows = ReturnType<typeof pageOfRows>;

/** Booking time, then id: two transactions booked in the same instant still get one fixed order. */
export const orderOf = (rows: { createdAt: AnyColumn; id: AnyColumn }, sort: Sort) => {
  const direction = sort === 'OLDEST' ? asc : desc;
  return [direction(rows.createdAt), direction(rows.id)];
};

/** One window of the scope's filtered rows, in the list's order: the rows alone, no balance and no names yet. */
function pageOfRows(db: LedgerReader, scope: LedgerScope, filter: LedgerFilter, sort: Sort, window: { limit: number; offset: number }) {
  return db
    .select(pickedColumns)
    .from(tx)
    .where(and(scope.rows, filterConditions(ledgerColumns, filter)))
    .orderBy(...orderOf(tx, sort))
    .limit(window.limit)
    .offset(window.offset)
    .as('picked');
}

/**
 * A picked row's running balance: the sum of its roster entry's rows up to and including
 * it in booking order (time, then id), read along the entry's index. Computed for the
 * picked rows only, never for the rows a page skips.
 */
function balanceAfter(db: LedgerReader, picked: PickedRows): SQL<string> {
  const earlier = alias(tx, 'earlier');
  const sum = db
    .select({ sum: sql`sum(${earlier.change})` })
    .from(earlier)
    .where(and(eq(earlier.companyTalentRosterId, picked.rosterEntryId), eq(earlier.currency, picked.currency), sql`(${earlier.createdAt}, ${earlier.id}) <= (${picked.createdAt}, ${picked.id})`));
  return sql<string>`(${sum})::text`;
}

/** The picked rows with what a row shows (the roster entry's company and talent, the assignment's role title), in the list's order, at most `limit`; and `balance` as balanceAfter when given. */
async function selectDetails(db: LedgerReader, picked: PickedRows, balance: SQL<string> | null, sort: Sort, limit: number) {
  const rows = await db
    .select({
      id: picked.id,
      rosterEntryId: picked.rosterEntryId,
      // The roster entry's company: balances, the company filter and the rows all speak of the entry.
      companyId: companyTalentRoster.companyId,
      companyName: company.name,
      talentProfileId: companyTalentRoster.talentProfileId,
      talentName: talentProfile.profileName,
      employeeNumber: companyTalentRoster.employeeNumber,
      jobAssignmentId: picked.jobAssignmentId,
      assignmentTitle: jobDescription.title,
      type: picked.type,
      change: picked.change,
      currency: picked.currency,
      balanceAfter: balance ?? sql<string>`null`,
      createdAt: picked.createdAt,
    })
    .from(picked)
    .innerJoin(companyTalentRoster, eq(companyTalentRoster.id, picked.rosterEntryId))
    .innerJoin(company, eq(company.id, companyTalentRoster.companyId))
    .innerJoin(talentProfile, eq(talentProfile.id, companyTalentRoster.talentProfileId))
    .leftJoin(jobAssignment, eq(jobAssignment.id, picked.jobAssignmentId))
    .leftJoin(jobDescription, eq(jobDescription.id, jobAssignment.jobDescriptionId))
    .orderBy(...orderOf(picked, sort))
    .limit(limit);
  return rows.map((row) => ({ ...row, currency: row.currency.trim(), createdAt: new Date(row.createdAt) }));
}

/** The picked rows with their balance and what a row shows, in the list's order, at most `limit`. */
export function withDetails(db: LedgerReader, picked: PickedRows, balance: SQL<string>, sort: Sort, limit: number): Promise<TransactionRow[]> {
  return selectDetails(db, picked, balance, sort, limit);
}

/** The picked rows with what a row shows and no balance (an export's, whose reader adds the balances up), in the list's order, at most `limit`. */
export async function movementsOf(db: LedgerReader, picked: PickedRows, sort: Sort, limit: number): Promise<MovementRow[]> {
  return (await selectDetails(db, picked, null, sort, limit)).map(({ balanceAfter: _none, ...row }) => row);
}

/** A window of the scope's filtered transactions, each with its running balance. */
export function selectTransactions(context: { db: LedgerReader }, scope: LedgerScope, filter: LedgerFilter, sort: Sort, window: { limit: number; offset: number }): Promise<TransactionRow[]> {
  const picked = pageOfRows(context.db, scope, filter, sort, window);
  return withDetails(context.db, picked, balanceAfter(context.db, picked), sort, window.limit);
}

/** One page of the scope's filtered transactions, with the count over all pages (from the totals, which read the same rows). */
export async function transactionPage(context: ApiContext, scope: LedgerScope, filter: LedgerFilter, sort: Sort | null | undefined, window: PageWindow) {
  const [items, totals] = await Promise.all([
    selectTransactions(context, scope, filter, sort ?? 'NEWEST', { limit: window.perPage, offset: window.offset }),
    transactionTotals(context, scope, filter),
  ]);
  return { items, total: countOf(totals), page: window.page, perPage: window.perPage };
}
