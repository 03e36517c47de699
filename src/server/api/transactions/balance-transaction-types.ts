import { BALANCE_TRANSACTION_TYPES, type BalanceTransactionTypeValue } from '../../../lib/transactions/balance-transaction-types';
import { builder } from '../builder';
import { pageOf } from '../pagination';
import { LEDGER_EXPORT_FIRST_PART_ROWS, LEDGER_EXPORT_PART_ROWS } from '../../../lib/transactions/transactions-csv';

// The GraphQL types of the balance ledger, shared by the talent's side
// (my-balance-transactions.ts) and the company's (talent-roster/roster-ledger.ts): a
// transaction with its running balance, the totals per currency, the export, and the
// filter every ledger read takes.

/** A movement of a balance as a list and an export show it. */
export interface MovementRow {
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
  createdAt: Date;
}

/** A movement with its roster entry's running balance (a list's row). */
export interface TransactionRow extends MovementRow {
  balanceAfter: string;
}

export interface TotalRow {
  currency: string;
  moneyIn: string;
  moneyOut: string;
  net: string;
  count: number;
}

/** One part of a ledger's export (balance-transaction-export.ts). */
/** A roster entry's balance where an export starts (balance-transaction-export.ts). */
export interface StartBalance {
  rosterEntryId: string;
  currency: string;
  balance: string;
}

/** One part of a ledger's export (balance-transaction-export.ts). */
export interface ExportPart {
  items: MovementRow[];
  /** The id to ask the next part after; null when this part is the last. */
  nextAfter: string | null;
  /** On the first part only; empty on the others. */
  startBalances: StartBalance[];
}

export const TransactionType = builder.enumType('BalanceTransactionType', {
  description: "Kind of balance movement (the business constants' transaction types). COMISSION is the stored spelling; show it as 'Commission'",
  values: BALANCE_TRANSACTION_TYPES,
});

export const TransactionSort = builder.enumType('BalanceTransactionSort', {
  values: { NEWEST: { description: 'Newest first (default)' }, OLDEST: { description: 'Oldest first' } },
});

export const BalanceMovement = builder.interfaceRef<MovementRow>('BalanceMovement').implement({
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
    createdAt: t.field({ type: 'DateTime', description: 'When the transaction was booked', resolve: (row) => row.createdAt }),
  }),
});

export const BalanceTransaction = builder.objectRef<TransactionRow>('BalanceTransaction');
BalanceTransaction.implement({
  description: "A movement of a roster entry's balance with the balance after it",
  interfaces: [BalanceMovement],
  fields: (t) => ({
    balanceAfter: t.field({
      type: 'Decimal',
      description: "The roster entry's balance right after this transaction, over all its transactions (filters do not change it)",
      resolve: (row) => row.balanceAfter,
    }),
  }),
});

export const BalanceTransactionExportRow = builder.objectRef<MovementRow>('BalanceTransactionExportRow').implement({
  description: "A movement in a file export: its balance after is the reader's to add up, from the export's startBalances",
  interfaces: [BalanceMovement],
  fields: () => ({}),
});

const StartBalanceRef = builder.objectRef<StartBalance>('BalanceTransactionStartBalance').implement({
  description: "A roster entry's balance in one currency where an export starts",
  fields: (t) => ({
    rosterEntryId: t.exposeID('rosterEntryId'),
    currency: t.exposeString('currency'),
    balance: t.field({ type: 'Decimal', resolve: (row) => row.balance }),
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

export const BalanceTransactionExport = builder.objectRef<ExportPart>('BalanceTransactionExport').implement({
  description: `One part of a file export: up to ${LEDGER_EXPORT_PART_ROWS} movements (${LEDGER_EXPORT_FIRST_PART_ROWS} in the first part) of the filter's period and roster entries in the list's order, then the next part after \`nextAfter\`. Every type is there, as each moves the balance: a file of one type keeps those rows. A row's balance after is its entry's start balance plus its entry's changes up to and including it (OLDEST), or less its entry's changes read before it (NEWEST)`,
  fields: (t) => ({
    items: t.field({ type: [BalanceTransactionExportRow], resolve: (part) => part.items }),
    nextAfter: t.exposeID('nextAfter', { nullable: true, description: "Pass it as the export's `after` to read the next part; null after the last part" }),
    startBalances: t.field({
      type: [StartBalanceRef],
      description: "On the first part: each roster entry's balance before the period's first day (OLDEST) or after its last day (NEWEST), for the entries that have one; empty on the next parts",
      resolve: (part) => part.startBalances,
    }),
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

/** The arguments of a ledger's export: the filter, the order, and the row the part starts after. */
export const ledgerExportArgs = {
  ...ledgerArgs,
  ...builder.args((t) => ({ after: t.id({ required: false, description: "The previous part's nextAfter; none for the first part" }) })),
};
