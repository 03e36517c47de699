import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { company, companyTalentRoster, jobAssignment, jobDescription, talentBalanceTransaction, talentProfile } from '../../db/schema';
import { CSV_EXPORT_MAX_ROWS } from '../../../lib/transactions/transactions-csv';
import type { ApiContext } from '../context';
import type { Writer } from '../../db/client';
import type { PageWindow } from '../pagination';
import { filterConditions, type LedgerFilter } from './balance-transaction-filter';
import type { ExportResult, TotalRow, TransactionRow } from './balance-transaction-types';

// Reading balance movements (the talentBalanceTransaction table) under a scope: a condition
// on the roster entry. The talent's side (my-balance-transactions.ts) reads only the
// entries of her own talent profile that she accepted (rosterHolds: a company she never
// let hold her has no ledger in her balances, whatever it tried to book); the company's
// side (talent-roster/roster-ledger.ts) reads the roster entries of the selected company.
// The running balance is computed in SQL over ALL of an entry's transactions before any
// filter applies, so a period or type filter never changes it.

/** Who reads the ledger: only the database handle (or a transaction) is needed. */
type Reader = Pick<ApiContext['db'], 'select'> | Writer;

/** Whose ledger: a condition on the roster entry (the talent's own profile, or the selected company). */
export type LedgerScope = SQL;

/**
 * All of the talent's transactions with the running balance of their roster entry: a
 * window sum per entry and currency, ordered by booking time and then id so that two
 * transactions booked in the same instant still get one fixed order.
 */
function ledgerOf({ db }: { db: Reader }, scope: LedgerScope) {
  const tx = talentBalanceTransaction;
  return db
    .select({
      id: tx.id,
      rosterEntryId: tx.companyTalentRosterId,
      // The roster entry's company: balances, the company filter and the rows all speak of the entry.
      companyId: companyTalentRoster.companyId,
      jobAssignmentId: tx.jobAssignmentId,
      type: tx.type,
      change: tx.change,
      currency: tx.currency,
      createdAt: tx.createdAt,
      balanceAfter: sql<string>`(sum(${tx.change}) over (partition by ${tx.companyTalentRosterId}, ${tx.currency} order by ${tx.createdAt}, ${tx.id}))::text`.as('balance_after'),
    })
    .from(tx)
    .innerJoin(companyTalentRoster, eq(companyTalentRoster.id, tx.companyTalentRosterId))
    .where(scope)
    .as('ledger');
}

type Sort = 'NEWEST' | 'OLDEST';

export async function selectTransactions(context: { db: Reader }, scope: LedgerScope, filter: LedgerFilter, sort: Sort, window: { limit: number; offset: number }): Promise<TransactionRow[]> {
  const ledger = ledgerOf(context, scope);
  const direction = sort === 'OLDEST' ? asc : desc;
  const rows = await context.db
    .select({
      id: ledger.id,
      rosterEntryId: ledger.rosterEntryId,
      companyId: ledger.companyId,
      companyName: company.name,
      talentProfileId: companyTalentRoster.talentProfileId,
      talentName: talentProfile.profileName,
      employeeNumber: companyTalentRoster.employeeNumber,
      jobAssignmentId: ledger.jobAssignmentId,
      assignmentTitle: jobDescription.title,
      type: ledger.type,
      change: ledger.change,
      currency: ledger.currency,
      balanceAfter: ledger.balanceAfter,
      createdAt: ledger.createdAt,
    })
    .from(ledger)
    .innerJoin(company, eq(company.id, ledger.companyId))
    .innerJoin(companyTalentRoster, eq(companyTalentRoster.id, ledger.rosterEntryId))
    .innerJoin(talentProfile, eq(talentProfile.id, companyTalentRoster.talentProfileId))
    .leftJoin(jobAssignment, eq(jobAssignment.id, ledger.jobAssignmentId))
    .leftJoin(jobDescription, eq(jobDescription.id, jobAssignment.jobDescriptionId))
    .where(filterConditions(ledger, filter))
    .orderBy(direction(ledger.createdAt), direction(ledger.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map((row) => ({ ...row, currency: row.currency.trim(), createdAt: new Date(row.createdAt) }));
}

/** The scope's transactions that pass the filter, from the tables (no window needed to count or sum). */
function filteredTransactions(scope: LedgerScope, filter: LedgerFilter): SQL {
  const tx = talentBalanceTransaction;
  return and(scope, filterConditions({ id: tx.id, createdAt: tx.createdAt, companyId: companyTalentRoster.companyId, rosterEntryId: tx.companyTalentRosterId, currency: tx.currency, type: tx.type }, filter))!;
}

/** How many of the scope's transactions pass the filter. */
async function countTransactions(context: ApiContext, scope: LedgerScope, filter: LedgerFilter): Promise<number> {
  const [counted] = await context.db
    .select({ total: count() })
    .from(talentBalanceTransaction)
    .innerJoin(companyTalentRoster, eq(companyTalentRoster.id, talentBalanceTransaction.companyTalentRosterId))
    .where(filteredTransactions(scope, filter));
  return counted?.total ?? 0;
}

/** One page of the scope's filtered transactions, with the count over all pages. */
export async function transactionPage(context: ApiContext, scope: LedgerScope, filter: LedgerFilter, sort: Sort | null | undefined, window: PageWindow) {
  const [items, total] = await Promise.all([
    selectTransactions(context, scope, filter, sort ?? 'NEWEST', { limit: window.perPage, offset: window.offset }),
    countTransactions(context, scope, filter),
  ]);
  return { items, total, page: window.page, perPage: window.perPage };
}

/** Money in, money out and net of the filtered transactions, one row per currency (summed in SQL numeric: exact). */
export async function transactionTotals(context: ApiContext, scope: LedgerScope, filter: LedgerFilter): Promise<TotalRow[]> {
  const change = talentBalanceTransaction.change;
  const rows = await context.db
    .select({
      currency: talentBalanceTransaction.currency,
      moneyIn: sql<string>`coalesce(sum(${change}) filter (where ${change} > 0), 0)::numeric(16,2)::text`,
      moneyOut: sql<string>`coalesce(sum(${change}) filter (where ${change} < 0), 0)::numeric(16,2)::text`,
      net: sql<string>`sum(${change})::numeric(16,2)::text`,
      count: count(),
    })
    .from(talentBalanceTransaction)
    .innerJoin(companyTalentRoster, eq(companyTalentRoster.id, talentBalanceTransaction.companyTalentRosterId))
    .where(filteredTransactions(scope, filter))
    .groupBy(talentBalanceTransaction.currency)
    .orderBy(talentBalanceTransaction.currency);
  return rows.map((row) => ({ ...row, currency: row.currency.trim() }));
}

/** Every filtered transaction for a file export, unless there are more than one export holds. */
export async function exportTransactions(context: ApiContext, scope: LedgerScope, filter: LedgerFilter, sort: Sort): Promise<ExportResult> {
  // One row past the limit tells "too many" in the same query (and snapshot) as the rows.
  const rows = await selectTransactions(context, scope, filter, sort, { limit: CSV_EXPORT_MAX_ROWS + 1, offset: 0 });
  const exceedsLimit = rows.length > CSV_EXPORT_MAX_ROWS;
  return { items: exceedsLimit ? [] : rows, limit: CSV_EXPORT_MAX_ROWS, exceedsLimit };
}
