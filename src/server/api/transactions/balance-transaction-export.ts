import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { companyTalentRoster, talentBalanceTransaction } from '../../db/schema';
import { isUuid } from '../../../lib/ids';
import { TRANSACTION_ERRORS } from '../../../lib/transactions/period';
import { ledgerExportPartRows } from '../../../lib/transactions/transactions-csv';
import type { ApiContext } from '../context';
import { invalidFields } from '../errors';
import { entryConditions, periodConditions, type LedgerFilter } from './balance-transaction-filter';
import type { ExportPart, StartBalance } from './balance-transaction-types';
import { movementsOf, orderOf, pickedColumns, type Sort } from './balance-transactions';
import { ledgerColumns, type LedgerScope } from './ledger-scope';

// A ledger's file export, read in parts (ledgerExportPartRows: a small first one, then
// LEDGER_EXPORT_PART_ROWS rows each) that follow each
// other along the list's order (booking time, then id): a part starts after the row that
// ended the one before, named by its id. The file is written part by part as it is sent
// (pages/*/transactions.csv.ts), so the web server holds one part at a time however long the
// ledger is, and no export is refused for its size.
//
// Running balances: summing each row's earlier rows, as a page does, reads an entry's whole
// history once per row (a second per part on a ledger of 300,000 rows). An export is read in
// order from its start instead, so its reader adds them up (lib/transactions/export-balances.ts)
// from each entry's balance where the export starts, given with the first part. Every type
// of row is sent, since each moves the balance; a file of one type keeps its own.

const tx = talentBalanceTransaction;
const roster = companyTalentRoster;

/** The condition "comes after the row `after` in the list's order", or null when that row is not in the scope. */
async function afterCondition(context: ApiContext, scope: LedgerScope, after: string, sort: Sort): Promise<SQL | null> {
  const [row] = await context.db.select({ id: tx.id }).from(tx).where(and(scope.rows, eq(tx.id, after))).limit(1);
  if (!row) return null;
  const last = alias(tx, 'last');
  const key = context.db.select({ createdAt: last.createdAt, id: last.id }).from(last).where(eq(last.id, after));
  return sort === 'OLDEST' ? sql`(${tx.createdAt}, ${tx.id}) > ${key}` : sql`(${tx.createdAt}, ${tx.id}) < ${key}`;
}

/**
 * Each roster entry's balance where the export starts, when not zero. Oldest first, the sum
 * of its rows before the period; newest first, its balance (the sum of all its rows, kept on
 * the entry) less its rows after the period. Either way only the rows outside the period on
 * the export's own side are read: none for the page's default period.
 */
async function startBalances(context: ApiContext, scope: LedgerScope, filter: LedgerFilter, sort: Sort): Promise<StartBalance[]> {
  // Newest first: the ledger's rows after the period summed per entry in one read, rather
  // than each entry's own (10,000 entries: 79 -> 5 ms for a month two months back).
  const later = context.db
    .select({ rosterEntryId: tx.companyTalentRosterId, change: sql<string | null>`sum(${tx.change})`.as('change') })
    .from(tx)
    .where(and(scope.rows, gte(tx.createdAt, filter.endExclusive)))
    .groupBy(tx.companyTalentRosterId)
    .as('later');
  const rows =
    sort === 'OLDEST'
      ? await context.db
          .select({ rosterEntryId: tx.companyTalentRosterId, currency: tx.currency, balance: sql<string>`sum(${tx.change})::text` })
          .from(tx)
          .where(and(scope.rows, ...entryConditions(ledgerColumns, filter), lt(tx.createdAt, filter.start)))
          .groupBy(tx.companyTalentRosterId, tx.currency)
          .having(sql`sum(${tx.change}) <> 0`)
      : await context.db
          .select({ rosterEntryId: roster.id, currency: roster.currency, balance: sql<string>`(${roster.balance} - coalesce(${later.change}, 0))::text` })
          .from(roster)
          .leftJoin(later, eq(later.rosterEntryId, roster.id))
          .where(and(scope.entries, ...entryConditions({ companyId: roster.companyId, rosterEntryId: roster.id, currency: roster.currency }, filter)))
          .then((entries) => entries.filter((entry) => entry.balance !== '0.00'));
  return rows.map((row) => ({ ...row, currency: row.currency.trim() }));
}

/**
 * One part of the export: up to ledgerExportPartRows(after) rows of the filter's period and
 * roster entries (every type) after the row `after` (from the first row when null), the id
 * to ask the next part after (null after the last part), and on the first part the
 * entries' start balances. An `after` that is not a row of this ledger is BAD_USER_INPUT
 * (`exportAfterUnknown`).
 */
export async function exportTransactions(context: ApiContext, scope: LedgerScope, filter: LedgerFilter, sort: Sort, after: string | null): Promise<ExportPart> {
  const follows = after === null ? undefined : isUuid(after) ? await afterCondition(context, scope, after, sort) : null;
  if (follows === null) throw invalidFields([{ path: 'after', code: 'exportAfterUnknown' }], TRANSACTION_ERRORS, null);
  // One row past the part tells whether another part follows.
  const size = ledgerExportPartRows(after);
  const picked = context.db
    .select(pickedColumns)
    .from(tx)
    .where(and(scope.rows, ...periodConditions(ledgerColumns, filter), ...entryConditions(ledgerColumns, filter), follows))
    .orderBy(...orderOf(tx, sort))
    .limit(size + 1)
    .as('picked');
  const [rows, balances] = await Promise.all([movementsOf(context.db, picked, sort, size + 1), after === null ? startBalances(context, scope, filter, sort) : []]);
  const items = rows.slice(0, size);
  return { items, nextAfter: rows.length > size ? (items.at(-1)?.id ?? null) : null, startBalances: balances };
}
