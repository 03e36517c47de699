import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { talentBalanceDay, talentBalanceTransaction } from '../../db/schema';
import { filterConditions, type LedgerFilter } from './balance-transaction-filter';
import type { TotalRow } from './balance-transaction-types';
import { ledgerColumns, type LedgerReader, type LedgerScope } from './ledger-scope';

// The sums of a filtered ledger, per currency: money in, money out, net and the number of
// rows; a whole company's from its ledger days. They are also the count of the list's pages, so a page and its totals asked in one
// call (the ledger pages' documents) read the rows once.

/**
 * Reads under way, per call and ledger and filter. Only a read in flight is shared, never
 * a finished one: a booking later in the same call is counted by the next read.
 */
const readsInFlight = new WeakMap<object, Map<string, Promise<TotalRow[]>>>();

/** A time at midnight UTC (the period's bounds) as the day it starts. */
const dayOf = (time: Date) => time.toISOString().slice(0, 10);

/**
 * A whole company's totals from its ledger days (talentBalanceDay, kept by the database): the
 * period's bounds are UTC midnights and the days are UTC days, so the sums are the rows' own.
 */
function sumDays(db: LedgerReader, companyId: string, filter: LedgerFilter): Promise<TotalRow[]> {
  const days = talentBalanceDay;
  return db
    .select({
      currency: days.currency,
      moneyIn: sql<string>`sum(${days.moneyIn})::numeric(16,2)::text`,
      moneyOut: sql<string>`sum(${days.moneyOut})::numeric(16,2)::text`,
      net: sql<string>`sum(${days.moneyIn} + ${days.moneyOut})::numeric(16,2)::text`,
      count: sql<number>`sum(${days.entries})::int`,
    })
    .from(days)
    .where(
      and(
        eq(days.companyId, companyId),
        gte(days.day, dayOf(filter.start)),
        lt(days.day, dayOf(filter.endExclusive)),
        filter.currency ? eq(days.currency, filter.currency) : undefined,
        filter.type ? eq(days.type, filter.type) : undefined,
      ),
    )
    .groupBy(days.currency)
    .having(sql`sum(${days.entries}) > 0`)
    .orderBy(days.currency)
    .then((rows) => rows.map((row) => ({ ...row, currency: row.currency.trim() })));
}

function sumTransactions(db: LedgerReader, scope: LedgerScope, filter: LedgerFilter): Promise<TotalRow[]> {
  const wholeCompany = scope.companyId && !filter.rosterEntryId && !filter.transactionId && (!filter.companyId || filter.companyId === scope.companyId);
  if (wholeCompany) return sumDays(db, scope.companyId!, filter);
  const { change, currency } = talentBalanceTransaction;
  return db
    .select({
      currency,
      moneyIn: sql<string>`coalesce(sum(${change}) filter (where ${change} > 0), 0)::numeric(16,2)::text`,
      moneyOut: sql<string>`coalesce(sum(${change}) filter (where ${change} < 0), 0)::numeric(16,2)::text`,
      net: sql<string>`sum(${change})::numeric(16,2)::text`,
      count: count(),
    })
    .from(talentBalanceTransaction)
    .where(and(scope.rows, filterConditions(ledgerColumns, filter)))
    .groupBy(currency)
    .orderBy(currency)
    .then((rows) => rows.map((row) => ({ ...row, currency: row.currency.trim() })));
}

/** Money in, money out, net and count of the filtered transactions, one row per currency (summed in SQL numeric: exact). */
export function transactionTotals(context: { db: LedgerReader }, scope: LedgerScope, filter: LedgerFilter): Promise<TotalRow[]> {
  let reads = readsInFlight.get(context);
  if (!reads) readsInFlight.set(context, (reads = new Map()));
  const key = `${scope.key} ${JSON.stringify(filter)}`;
  let read = reads.get(key);
  if (!read) {
    const shared = reads;
    read = sumTransactions(context.db, scope, filter).finally(() => shared.delete(key));
    reads.set(key, read);
  }
  return read;
}

/** How many transactions the totals sum. */
export const countOf = (totals: readonly TotalRow[]) => totals.reduce((sum, row) => sum + row.count, 0);
