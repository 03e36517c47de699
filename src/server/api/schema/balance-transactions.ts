import { and, asc, count, desc, eq, gte, lt, max, min, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { company, companyTalentRoster, jobAssignment, jobDescription, talentBalanceTransaction } from '../../db/schema';
import { isUuid } from '../../../lib/ids';
import { BALANCE_TRANSACTION_TYPES, type BalanceTransactionTypeValue } from '../../../lib/transactions/balance-transaction-types';
import { checkPeriod, periodBounds, periodProblemMessage } from '../../../lib/transactions/period';
import { CSV_EXPORT_MAX_ROWS } from '../../../lib/transactions/transactions-csv';
import { findMyTalentProfileId } from '../auth/my-talent-profile';
import type { ApiContext } from '../context';
import { builder } from '../builder';
import { ApiError, type FieldError } from '../errors';
import { pageArgs, pageOf, pageWindow } from '../pagination';

// A talent's balance movements (spec §3 talentBalanceTransaction) as the talent sees
// them: only rows of roster entries (companyTalentRoster) that belong to the caller's own
// talent profile. The running balance is computed in SQL over ALL of an entry's
// transactions before any filter applies, so a period or type filter never changes it.

interface TransactionRow {
  id: string;
  rosterEntryId: string;
  companyId: string;
  companyName: string;
  jobAssignmentId: string | null;
  assignmentTitle: string | null;
  type: BalanceTransactionTypeValue;
  change: string;
  currency: string;
  balanceAfter: string;
  createdAt: Date;
}

interface BalanceRow {
  rosterEntryId: string;
  companyId: string;
  companyName: string;
  currency: string;
  balance: string;
  transactionCount: number;
  firstTransactionAt: Date | null;
  lastTransactionAt: Date | null;
}

interface TotalRow {
  currency: string;
  moneyIn: string;
  moneyOut: string;
  net: string;
  count: number;
}

interface ExportResult {
  items: TransactionRow[];
  limit: number;
  exceedsLimit: boolean;
}

interface Filter {
  start: Date;
  endExclusive: Date;
  companyId: string | null;
  type: BalanceTransactionTypeValue | null;
}

const TransactionType = builder.enumType('BalanceTransactionType', {
  description: "Kind of balance movement (spec §9). COMISSION is the stored spelling; show it as 'Commission'",
  values: BALANCE_TRANSACTION_TYPES,
});

const TransactionSort = builder.enumType('BalanceTransactionSort', {
  values: { NEWEST: { description: 'Newest first (default)' }, OLDEST: { description: 'Oldest first' } },
});

const BalanceTransaction = builder.objectRef<TransactionRow>('BalanceTransaction');
BalanceTransaction.implement({
  description: "A movement of one of the signed-in talent's roster balances",
  fields: (t) => ({
    id: t.exposeID('id'),
    rosterEntryId: t.exposeID('rosterEntryId', { description: 'The roster entry (company and currency) whose balance moved' }),
    companyId: t.exposeID('companyId'),
    companyName: t.exposeString('companyName'),
    jobAssignmentId: t.exposeID('jobAssignmentId', { nullable: true }),
    assignmentTitle: t.exposeString('assignmentTitle', { nullable: true, description: "Role title of the assignment's job description, if any" }),
    type: t.field({ type: TransactionType, resolve: (row) => row.type }),
    change: t.field({ type: 'Decimal', description: 'Signed: money in is positive, money out negative', resolve: (row) => row.change }),
    currency: t.exposeString('currency'),
    balanceAfter: t.field({
      type: 'Decimal',
      description: "The roster entry's balance right after this transaction, over all its transactions (filters do not change it)",
      resolve: (row) => row.balanceAfter,
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When the transaction was booked', resolve: (row) => row.createdAt }),
  }),
});

const BalanceTransactionPage = pageOf(BalanceTransaction, 'BalanceTransaction');

const TalentBalance = builder.objectRef<BalanceRow>('TalentBalance').implement({
  description: "One of the signed-in talent's roster entries: a company, a currency and the current balance",
  fields: (t) => ({
    rosterEntryId: t.exposeID('rosterEntryId'),
    companyId: t.exposeID('companyId'),
    companyName: t.exposeString('companyName'),
    currency: t.exposeString('currency'),
    balance: t.field({ type: 'Decimal', resolve: (row) => row.balance }),
    transactionCount: t.exposeInt('transactionCount'),
    firstTransactionAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.firstTransactionAt }),
    lastTransactionAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.lastTransactionAt }),
  }),
});

const BalanceTransactionTotal = builder.objectRef<TotalRow>('BalanceTransactionTotal').implement({
  description: 'Sums of the filtered transactions in one currency (exact decimals)',
  fields: (t) => ({
    currency: t.exposeString('currency'),
    moneyIn: t.field({ type: 'Decimal', description: 'Sum of the positive changes', resolve: (row) => row.moneyIn }),
    moneyOut: t.field({ type: 'Decimal', description: 'Sum of the negative changes (zero or negative)', resolve: (row) => row.moneyOut }),
    net: t.field({ type: 'Decimal', resolve: (row) => row.net }),
    count: t.exposeInt('count'),
  }),
});

const BalanceTransactionExport = builder.objectRef<ExportResult>('BalanceTransactionExport').implement({
  description: 'Every filtered transaction at once (for a file export), unless there are more than `limit`',
  fields: (t) => ({
    items: t.field({ type: [BalanceTransaction], description: 'Empty when exceedsLimit', resolve: (result) => result.items }),
    limit: t.exposeInt('limit'),
    exceedsLimit: t.exposeBoolean('exceedsLimit', { description: 'More rows match than one export may hold: ask for a shorter period' }),
  }),
});

const FilterInput = builder.inputType('BalanceTransactionFilter', {
  fields: (t) => ({
    from: t.string({ required: true, description: 'First day of the period, yyyy-mm-dd (UTC), 1900-01-01..2099-12-31' }),
    to: t.string({ required: true, description: 'Last day of the period (included), yyyy-mm-dd (UTC), not before `from`' }),
    companyId: t.id({ required: false, description: "Only this company's roster entries" }),
    type: t.field({ type: TransactionType, required: false }),
  }),
});

type FilterArg = { from: string; to: string; companyId?: string | number | null; type?: BalanceTransactionTypeValue | null };

/** The checked filter, or BAD_USER_INPUT naming each wrong field (`filter.from`, `filter.to`, `filter.companyId`). */
function readFilter(filter: FilterArg): Filter {
  const fieldErrors: FieldError[] = checkPeriod(filter.from, filter.to).map((problem) => ({ field: `filter.${problem.field}`, message: periodProblemMessage(problem) }));
  const companyId = filter.companyId === null || filter.companyId === undefined || filter.companyId === '' ? null : String(filter.companyId);
  if (companyId !== null && !isUuid(companyId)) fieldErrors.push({ field: 'filter.companyId', message: 'Choose one of your companies' });
  if (fieldErrors.length) throw new ApiError('BAD_USER_INPUT', fieldErrors[0]!.message, { fieldErrors });
  const { start, endExclusive } = periodBounds(filter.from.trim(), filter.to.trim());
  return { start, endExclusive, companyId, type: filter.type ?? null };
}

/** The filter's conditions on any relation that has these three columns (the ledger or the tables). */
function filterConditions(columns: { createdAt: PgColumn | SQL.Aliased; companyId: PgColumn | SQL.Aliased; type: PgColumn | SQL.Aliased }, filter: Filter): SQL {
  const conditions = [gte(columns.createdAt as PgColumn, filter.start), lt(columns.createdAt as PgColumn, filter.endExclusive)];
  if (filter.companyId) conditions.push(eq(columns.companyId as PgColumn, filter.companyId));
  if (filter.type) conditions.push(eq(columns.type as PgColumn, filter.type));
  return and(...conditions)!;
}

/**
 * All of the talent's transactions with the running balance of their roster entry: a
 * window sum per entry and currency, ordered by booking time and then id so that two
 * transactions booked in the same instant still get one fixed order.
 */
function ledgerOf({ db }: ApiContext, profileId: string) {
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
    .where(eq(companyTalentRoster.talentProfileId, profileId))
    .as('ledger');
}

type Sort = 'NEWEST' | 'OLDEST';

async function selectTransactions(context: ApiContext, profileId: string, filter: Filter, sort: Sort, window: { limit: number; offset: number }): Promise<TransactionRow[]> {
  const ledger = ledgerOf(context, profileId);
  const direction = sort === 'OLDEST' ? asc : desc;
  const rows = await context.db
    .select({
      id: ledger.id,
      rosterEntryId: ledger.rosterEntryId,
      companyId: ledger.companyId,
      companyName: company.name,
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
    .leftJoin(jobAssignment, eq(jobAssignment.id, ledger.jobAssignmentId))
    .leftJoin(jobDescription, eq(jobDescription.id, jobAssignment.jobDescriptionId))
    .where(filterConditions(ledger, filter))
    .orderBy(direction(ledger.createdAt), direction(ledger.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map((row) => ({ ...row, currency: row.currency.trim(), createdAt: new Date(row.createdAt) }));
}

/** The talent's transactions that pass the filter, from the tables (no window needed to count or sum). */
function myFilteredTransactions(profileId: string, filter: Filter): SQL {
  return and(
    eq(companyTalentRoster.talentProfileId, profileId),
    filterConditions({ createdAt: talentBalanceTransaction.createdAt, companyId: companyTalentRoster.companyId, type: talentBalanceTransaction.type }, filter),
  )!;
}

builder.queryField('myBalanceTransactions', (t) =>
  t.field({
    type: BalanceTransactionPage,
    description: "The signed-in talent's balance transactions in a period, each with its roster entry's running balance",
    authScopes: { signedIn: true },
    args: {
      ...pageArgs,
      filter: t.arg({ type: FilterInput, required: true }),
      sort: t.arg({ type: TransactionSort, required: false, description: 'Default NEWEST' }),
    },
    resolve: async (_root, args, context) => {
      const filter = readFilter(args.filter);
      const window = pageWindow(args);
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return { items: [], total: 0, page: window.page, perPage: window.perPage };
      const [items, [counted]] = await Promise.all([
        selectTransactions(context, profileId, filter, args.sort ?? 'NEWEST', { limit: window.perPage, offset: window.offset }),
        context.db
          .select({ total: count() })
          .from(talentBalanceTransaction)
          .innerJoin(companyTalentRoster, eq(companyTalentRoster.id, talentBalanceTransaction.companyTalentRosterId))
          .where(myFilteredTransactions(profileId, filter)),
      ]);
      return { items, total: counted?.total ?? 0, page: window.page, perPage: window.perPage };
    },
  }),
);

builder.queryField('myBalanceTransactionTotals', (t) =>
  t.field({
    type: [BalanceTransactionTotal],
    description: 'Money in, money out and net of the filtered transactions, one row per currency (summed in SQL numeric: exact)',
    authScopes: { signedIn: true },
    args: { filter: t.arg({ type: FilterInput, required: true }) },
    resolve: async (_root, args, context) => {
      const filter = readFilter(args.filter);
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return [];
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
        .where(myFilteredTransactions(profileId, filter))
        .groupBy(talentBalanceTransaction.currency)
        .orderBy(talentBalanceTransaction.currency);
      return rows.map((row) => ({ ...row, currency: row.currency.trim() }));
    },
  }),
);

builder.queryField('myBalanceTransactionExport', (t) =>
  t.field({
    type: BalanceTransactionExport,
    description: `Every filtered transaction in one answer, for a file export; at most ${CSV_EXPORT_MAX_ROWS}`,
    authScopes: { signedIn: true },
    args: {
      filter: t.arg({ type: FilterInput, required: true }),
      sort: t.arg({ type: TransactionSort, required: false, description: 'Default NEWEST' }),
    },
    resolve: async (_root, args, context) => {
      const filter = readFilter(args.filter);
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return { items: [], limit: CSV_EXPORT_MAX_ROWS, exceedsLimit: false };
      // One row past the limit tells "too many" in the same query (and snapshot) as the rows.
      const rows = await selectTransactions(context, profileId, filter, args.sort ?? 'NEWEST', { limit: CSV_EXPORT_MAX_ROWS + 1, offset: 0 });
      const exceedsLimit = rows.length > CSV_EXPORT_MAX_ROWS;
      return { items: exceedsLimit ? [] : rows, limit: CSV_EXPORT_MAX_ROWS, exceedsLimit };
    },
  }),
);

builder.queryField('myBalances', (t) =>
  t.field({
    type: [TalentBalance],
    description: "The signed-in talent's roster entries: company, currency and current balance (empty without a talent profile)",
    authScopes: { signedIn: true },
    resolve: async (_root, _args, context) => {
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return [];
      const roster = companyTalentRoster;
      const tx = talentBalanceTransaction;
      const rows = await context.db
        .select({
          rosterEntryId: roster.id,
          companyId: roster.companyId,
          companyName: company.name,
          currency: roster.currency,
          balance: roster.balance,
          transactionCount: count(tx.id),
          firstTransactionAt: min(tx.createdAt),
          lastTransactionAt: max(tx.createdAt),
        })
        .from(roster)
        .innerJoin(company, eq(company.id, roster.companyId))
        .leftJoin(tx, eq(tx.companyTalentRosterId, roster.id))
        .where(eq(roster.talentProfileId, profileId))
        .groupBy(roster.id, company.id)
        .orderBy(company.name, roster.currency, roster.id);
      return rows.map((row) => ({
        ...row,
        currency: row.currency.trim(),
        firstTransactionAt: row.firstTransactionAt ? new Date(row.firstTransactionAt) : null,
        lastTransactionAt: row.lastTransactionAt ? new Date(row.lastTransactionAt) : null,
      }));
    },
  }),
);
