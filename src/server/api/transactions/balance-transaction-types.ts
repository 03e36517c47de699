import { BALANCE_TRANSACTION_TYPES, type BalanceTransactionTypeValue } from '../../../lib/transactions/balance-transaction-types';
import { builder } from '../builder';
import { pageOf } from '../pagination';

// The GraphQL types of the balance ledger, shared by the talent's side
// (my-balance-transactions.ts) and the company's (talent-roster/roster-ledger.ts): a
// transaction with its running balance, the totals per currency, the export, and the
// filter every ledger read takes.

export interface TransactionRow {
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

export interface TotalRow {
  currency: string;
  moneyIn: string;
  moneyOut: string;
  net: string;
  count: number;
}

export interface ExportResult {
  items: TransactionRow[];
  limit: number;
  exceedsLimit: boolean;
}

export const TransactionType = builder.enumType('BalanceTransactionType', {
  description: "Kind of balance movement (the business constants' transaction types). COMISSION is the stored spelling; show it as 'Commission'",
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
