import { and, count, eq, lt, sql } from 'drizzle-orm';
import { talentBalanceTransaction } from '../../db/schema';
import { CSV_EXPORT_MAX_ROWS } from '../../../lib/transactions/transactions-csv';
import type { ApiContext } from '../context';
import { entryConditions, filterConditions, periodConditions, rowConditions, type LedgerFilter } from './balance-transaction-filter';
import type { ExportResult } from './balance-transaction-types';
import { pickedColumns, withDetails, type Sort } from './balance-transactions';
import { ledgerColumns, type LedgerReader, type LedgerScope } from './ledger-scope';

// A ledger's file export: every filtered row at once, each with its running balance. Too
// many rows for one file are refused after a count that stops past the limit, before any
// balance is computed. The balances of many rows come from one ordered pass (a window sum)
// over the period's rows, started from each roster entry's sum before the period: summing
// each row's earlier rows on its own, as a page does, would read an entry's history once
// per row.

const tx = talentBalanceTransaction;

/** The filtered rows of the scope, each with its running balance, as rows picked for withDetails. */
function rowsWithBalances(db: LedgerReader, scope: LedgerScope, filter: LedgerFilter) {
  // A company, roster entry or currency holds for all of an entry's rows or none: it may
  // narrow what is summed. The type may not: every type moves the balance.
  const ofEntries = and(scope.rows, ...entryConditions(ledgerColumns, filter));
  const opening = db
    .select({ rosterEntryId: tx.companyTalentRosterId, currency: tx.currency, amount: sql<string>`sum(${tx.change})`.as('opening_amount') })
    .from(tx)
    .where(and(ofEntries, lt(tx.createdAt, filter.start)))
    .groupBy(tx.companyTalentRosterId, tx.currency)
    .as('opening');
  const inPeriod = db
    .select({
      ...pickedColumns,
      periodSum: sql<string>`sum(${tx.change}) over (partition by ${tx.companyTalentRosterId}, ${tx.currency} order by ${tx.createdAt}, ${tx.id})`.as('period_sum'),
    })
    .from(tx)
    .where(and(ofEntries, ...periodConditions(tx, filter)))
    .as('in_period');
  return db
    .select({
      id: inPeriod.id,
      rosterEntryId: inPeriod.rosterEntryId,
      jobAssignmentId: inPeriod.jobAssignmentId,
      type: inPeriod.type,
      change: inPeriod.change,
      currency: inPeriod.currency,
      createdAt: inPeriod.createdAt,
      balanceAfter: sql<string>`(${inPeriod.periodSum} + coalesce(${opening.amount}, 0))::text`.as('balance_after'),
    })
    .from(inPeriod)
    .leftJoin(opening, and(eq(opening.rosterEntryId, inPeriod.rosterEntryId), eq(opening.currency, inPeriod.currency)))
    .where(and(...rowConditions(inPeriod, filter)))
    .as('picked');
}

/** How many rows pass the filter, counting no further than `cap`: enough to refuse an export without counting the whole ledger. */
async function countUpTo(db: LedgerReader, scope: LedgerScope, filter: LedgerFilter, cap: number): Promise<number> {
  const rows = db.select({ id: tx.id }).from(tx).where(and(scope.rows, filterConditions(ledgerColumns, filter))).limit(cap).as('capped');
  const [counted] = await db.select({ rows: count() }).from(rows);
  return counted?.rows ?? 0;
}

/** Every filtered transaction for a file export, unless there are more than one export holds. */
export async function exportTransactions(context: ApiContext, scope: LedgerScope, filter: LedgerFilter, sort: Sort): Promise<ExportResult> {
  const refused: ExportResult = { items: [], limit: CSV_EXPORT_MAX_ROWS, exceedsLimit: true };
  if ((await countUpTo(context.db, scope, filter, CSV_EXPORT_MAX_ROWS + 1)) > CSV_EXPORT_MAX_ROWS) return refused;
  const picked = rowsWithBalances(context.db, scope, filter);
  // One row past the limit still tells "too many" when entries were booked since the count.
  const rows = await withDetails(context.db, picked, sql<string>`${picked.balanceAfter}`, sort, CSV_EXPORT_MAX_ROWS + 1);
  return rows.length > CSV_EXPORT_MAX_ROWS ? refused : { items: rows, limit: CSV_EXPORT_MAX_ROWS, exceedsLimit: false };
}
