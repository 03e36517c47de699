import { and, asc, count, desc, eq, gte, lt, max, min, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { company, companyTalentRoster, jobAssignment, jobDescription, talentBalanceTransaction, talentProfile } from '../../db/schema';
import { isUuid } from '../../../lib/ids';
import { isCurrencyCode, normalizeCurrency } from '../../../lib/money/currency-code';
import { BALANCE_TRANSACTION_TYPES, type BalanceTransactionTypeValue } from '../../../lib/transactions/balance-transaction-types';
import { checkPeriod, periodBounds, TRANSACTION_ERRORS } from '../../../lib/transactions/period';
import { CSV_EXPORT_MAX_ROWS } from '../../../lib/transactions/transactions-csv';
import { findMyTalentProfileId } from '../auth/my-talent-profile';
import { rosterHolds } from '../job-applications/talent-link';
import type { ApiContext } from '../context';
import type { Writer } from '../../db/client';
import { builder } from '../builder';
import { invalidFields } from '../errors';
import type { FieldIssue } from '../../../lib/forms/form-outcome';
import { pageArgs, pageOf, pageWindow, type PageWindow } from '../pagination';

// Balance movements (spec §3 talentBalanceTransaction) as the talent sees them: only rows
// of roster entries (companyTalentRoster) that belong to the caller's own talent profile
// and that she accepted (rosterHolds: a company she never let hold her has no ledger in
// her balances, whatever it tried to book).
// The running balance is computed in SQL over ALL of an entry's transactions before any
// filter applies, so a period or type filter never changes it. The company's side of the
// same ledger (src/server/api/talent-roster/roster-ledger.ts) reads it through the same
// functions with its own scope: the roster entries of the selected company.

interface TransactionRow {
  id: string;
  rosterEntryId: string;
  companyId: string;
  companyName: string;
  talentProfileId: string;
  talentName: string | null;
  employeeNumber: string | null;
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

export interface LedgerFilter {
  start: Date;
  endExclusive: Date;
  companyId: string | null;
  rosterEntryId: string | null;
  currency: string | null;
  type: BalanceTransactionTypeValue | null;
  /** One transaction only (to read back an entry just written). */
  transactionId?: string | null;
}

/** Who reads the ledger: only the database handle (or a transaction) is needed. */
type Reader = Pick<ApiContext['db'], 'select'> | Writer;

/** Whose ledger: a condition on the roster entry (the talent's own profile, or the selected company). */
export type LedgerScope = SQL;

export const TransactionType = builder.enumType('BalanceTransactionType', {
  description: "Kind of balance movement (spec §9). COMISSION is the stored spelling; show it as 'Commission'",
  values: BALANCE_TRANSACTION_TYPES,
});

export const TransactionSort = builder.enumType('BalanceTransactionSort', {
  values: { NEWEST: { description: 'Newest first (default)' }, OLDEST: { description: 'Oldest first' } },
});

export const BalanceTransaction = builder.objectRef<TransactionRow>('BalanceTransaction');
BalanceTransaction.implement({
  description: "A movement of a roster entry's balance: one of the signed-in talent's, or of the selected company's roster",
  fields: (t) => ({
    id: t.exposeID('id'),
    rosterEntryId: t.exposeID('rosterEntryId', { description: 'The roster entry (company and currency) whose balance moved' }),
    companyId: t.exposeID('companyId'),
    companyName: t.exposeString('companyName'),
    talentProfileId: t.exposeID('talentProfileId', { description: "The roster entry's talent" }),
    talentName: t.exposeString('talentName', { nullable: true, description: "The talent's profile name" }),
    employeeNumber: t.exposeString('employeeNumber', { nullable: true, description: "The roster entry's employee number" }),
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

export const BalanceTransactionPage = pageOf(BalanceTransaction, 'BalanceTransaction');

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

export const BalanceTransactionTotal = builder.objectRef<TotalRow>('BalanceTransactionTotal').implement({
  description: 'Sums of the filtered transactions in one currency (exact decimals)',
  fields: (t) => ({
    currency: t.exposeString('currency'),
    moneyIn: t.field({ type: 'Decimal', description: 'Sum of the positive changes', resolve: (row) => row.moneyIn }),
    moneyOut: t.field({ type: 'Decimal', description: 'Sum of the negative changes (zero or negative)', resolve: (row) => row.moneyOut }),
    net: t.field({ type: 'Decimal', resolve: (row) => row.net }),
    count: t.exposeInt('count'),
  }),
});

export const BalanceTransactionExport = builder.objectRef<ExportResult>('BalanceTransactionExport').implement({
  description: 'Every filtered transaction at once (for a file export), unless there are more than `limit`',
  fields: (t) => ({
    items: t.field({ type: [BalanceTransaction], description: 'Empty when exceedsLimit', resolve: (result) => result.items }),
    limit: t.exposeInt('limit'),
    exceedsLimit: t.exposeBoolean('exceedsLimit', { description: 'More rows match than one export may hold: ask for a shorter period' }),
  }),
});

export const FilterInput = builder.inputType('BalanceTransactionFilter', {
  fields: (t) => ({
    from: t.string({ required: true, description: 'First day of the period, yyyy-mm-dd (UTC), 1900-01-01..2099-12-31' }),
    to: t.string({ required: true, description: 'Last day of the period (included), yyyy-mm-dd (UTC), not before `from`' }),
    companyId: t.id({ required: false, description: "Only this company's roster entries" }),
    rosterEntryId: t.id({ required: false, description: 'Only this roster entry' }),
    currency: t.string({ required: false, description: 'Only this currency (ISO 4217)' }),
    type: t.field({ type: TransactionType, required: false }),
  }),
});

/** The arguments every ledger read takes: the filter and the order. */
export const ledgerArgs = builder.args((t) => ({
  filter: t.field({ type: FilterInput, required: true }),
  sort: t.field({ type: TransactionSort, required: false, description: 'Default NEWEST' }),
}));

type FilterArg = { from: string; to: string; companyId?: string | number | null; rosterEntryId?: string | number | null; currency?: string | null; type?: BalanceTransactionTypeValue | null };

const optionalArg = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? null : String(value));

/** The checked filter, or BAD_USER_INPUT naming each wrong field (`filter.from`, `filter.to`, `filter.companyId`...). */
export function readFilter(filter: FilterArg): LedgerFilter {
  const issues: FieldIssue[] = checkPeriod(filter.from, filter.to);
  const companyId = optionalArg(filter.companyId);
  if (companyId !== null && !isUuid(companyId)) issues.push({ path: 'companyId', code: 'companyUnknown' });
  const rosterEntryId = optionalArg(filter.rosterEntryId);
  if (rosterEntryId !== null && !isUuid(rosterEntryId)) issues.push({ path: 'rosterEntryId', code: 'rosterEntryUnknown' });
  const currency = filter.currency ? normalizeCurrency(filter.currency) : null;
  if (currency && !isCurrencyCode(currency)) issues.push({ path: 'currency', code: 'currencyInvalid' });
  if (issues.length) throw invalidFields(issues, TRANSACTION_ERRORS, 'filter');
  const { start, endExclusive } = periodBounds(filter.from.trim(), filter.to.trim());
  return { start, endExclusive, companyId, rosterEntryId, currency: currency || null, type: filter.type ?? null };
}

type Column = PgColumn | SQL.Aliased;

/** The filter's conditions on any relation that has these columns (the ledger or the tables). */
function filterConditions(columns: { id: Column; createdAt: Column; companyId: Column; rosterEntryId: Column; currency: Column; type: Column }, filter: LedgerFilter): SQL {
  const conditions = [gte(columns.createdAt as PgColumn, filter.start), lt(columns.createdAt as PgColumn, filter.endExclusive)];
  if (filter.companyId) conditions.push(eq(columns.companyId as PgColumn, filter.companyId));
  if (filter.rosterEntryId) conditions.push(eq(columns.rosterEntryId as PgColumn, filter.rosterEntryId));
  if (filter.currency) conditions.push(eq(columns.currency as PgColumn, filter.currency));
  if (filter.type) conditions.push(eq(columns.type as PgColumn, filter.type));
  if (filter.transactionId) conditions.push(eq(columns.id as PgColumn, filter.transactionId));
  return and(...conditions)!;
}

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

/** The talent's own ledger: her roster entries she accepted. */
const mine = (profileId: string) => and(eq(companyTalentRoster.talentProfileId, profileId), rosterHolds())!;

builder.queryField('myBalanceTransactions', (t) =>
  t.field({
    type: BalanceTransactionPage,
    description: "The signed-in talent's balance transactions in a period, each with its roster entry's running balance",
    authScopes: { signedIn: true },
    args: { ...pageArgs, ...ledgerArgs },
    resolve: async (_root, args, context) => {
      const filter = readFilter(args.filter);
      const window = pageWindow(args);
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return { items: [], total: 0, page: window.page, perPage: window.perPage };
      return transactionPage(context, mine(profileId), filter, args.sort, window);
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
      return transactionTotals(context, mine(profileId), filter);
    },
  }),
);

builder.queryField('myBalanceTransactionExport', (t) =>
  t.field({
    type: BalanceTransactionExport,
    description: `Every filtered transaction in one answer, for a file export; at most ${CSV_EXPORT_MAX_ROWS}`,
    authScopes: { signedIn: true },
    args: ledgerArgs,
    resolve: async (_root, args, context) => {
      const filter = readFilter(args.filter);
      const profileId = await findMyTalentProfileId(context);
      if (!profileId) return { items: [], limit: CSV_EXPORT_MAX_ROWS, exceedsLimit: false };
      return exportTransactions(context, mine(profileId), filter, args.sort ?? 'NEWEST');
    },
  }),
);

builder.queryField('myBalances', (t) =>
  t.field({
    type: [TalentBalance],
    description: "The signed-in talent's roster entries she accepted: company, currency and current balance (empty without a talent profile)",
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
        .where(mine(profileId))
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
