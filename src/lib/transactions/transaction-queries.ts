import { graphql, type ResultOf } from '../graphql/graphql';
import { dataOf } from '../graphql/answer-data';
import type { DocumentAnswer } from '../graphql/send-document';
import { exportRunningBalances } from './export-balances';
import type { CsvTransactionRow } from './transactions-csv';
import { toApiFilter, type TransactionFilter, type TransactionSort } from './transaction-filter';

// The API operations behind /talent/transactions and its CSV export, and readers that
// turn their answers (and the company ledger's) into what the pages need. The types are derived from the documents.

export const TRANSACTIONS_PER_PAGE = 20;

// The fields of a transaction row: the page's table and the CSV export show the same, on
// the talent's page and on the company's (which names the talent instead of the company).
// An export's rows are the same movements without their balance, which the export adds up.
export const BALANCE_MOVEMENT_FRAGMENT = graphql(`
  fragment BalanceMovementFields on BalanceMovement {
    id rosterEntryId companyId companyName talentProfileId talentName employeeNumber assignmentTitle type change currency createdAt
  }
`);

export const BALANCE_TRANSACTION_ITEM_FRAGMENT = graphql(
  `
  fragment BalanceTransactionItem on BalanceTransaction { ...BalanceMovementFields balanceAfter }
`,
  [BALANCE_MOVEMENT_FRAGMENT],
);

export const MY_BALANCES_QUERY = graphql(`
  query MyBalances {
    myBalances { rosterEntryId companyId companyName currency balance transactionCount firstTransactionAt lastTransactionAt }
  }
`);

// One page of a ledger with its totals, and a ledger's export: the talent's documents
// below and the company's (lib/talent-roster/ledger-pages.ts) ask for these under the same
// names (`page`, `totals`, `ledgerExport`), so one reader serves both sides.
export const BALANCE_TRANSACTION_PAGE_FRAGMENT = graphql(
  `
  fragment BalanceTransactionPageFields on BalanceTransactionPage { items { ...BalanceTransactionItem } total page perPage pageCount }
`,
  [BALANCE_TRANSACTION_ITEM_FRAGMENT],
);

export const BALANCE_TRANSACTION_TOTAL_FRAGMENT = graphql(`
  fragment BalanceTransactionTotalFields on BalanceTransactionTotal { currency moneyIn moneyOut net count }
`);

export const BALANCE_TRANSACTION_EXPORT_FRAGMENT = graphql(
  `
  fragment BalanceTransactionExportFields on BalanceTransactionExport {
    nextAfter
    startBalances { rosterEntryId currency balance }
    items { ...BalanceMovementFields }
  }
`,
  [BALANCE_MOVEMENT_FRAGMENT],
);

export const TRANSACTIONS_QUERY = graphql(
  `
  query MyBalanceTransactions($filter: BalanceTransactionFilter!, $page: Int, $perPage: Int, $sort: BalanceTransactionSort) {
    page: myBalanceTransactions(filter: $filter, page: $page, perPage: $perPage, sort: $sort) { ...BalanceTransactionPageFields }
    totals: myBalanceTransactionTotals(filter: $filter) { ...BalanceTransactionTotalFields }
  }
`,
  [BALANCE_TRANSACTION_PAGE_FRAGMENT, BALANCE_TRANSACTION_TOTAL_FRAGMENT],
);

export const TRANSACTIONS_EXPORT_QUERY = graphql(
  `
  query MyBalanceTransactionExport($filter: BalanceTransactionFilter!, $sort: BalanceTransactionSort, $after: ID) {
    ledgerExport: myBalanceTransactionExport(filter: $filter, sort: $sort, after: $after) { ...BalanceTransactionExportFields }
  }
`,
  [BALANCE_TRANSACTION_EXPORT_FRAGMENT],
);

export type TalentBalance = ResultOf<typeof MY_BALANCES_QUERY>['myBalances'][number];
export type BalanceTransactionItem = ResultOf<typeof BALANCE_TRANSACTION_ITEM_FRAGMENT>;
export type BalanceTransactionPage = ResultOf<typeof BALANCE_TRANSACTION_PAGE_FRAGMENT>;
export type BalanceTransactionTotal = ResultOf<typeof BALANCE_TRANSACTION_TOTAL_FRAGMENT>;
export type BalanceTransactionExport = ResultOf<typeof BALANCE_TRANSACTION_EXPORT_FRAGMENT>;

const apiSort = (sort: TransactionSort): 'NEWEST' | 'OLDEST' => (sort === 'oldest' ? 'OLDEST' : 'NEWEST');

/** The variables of a ledger page (the talent's document or the company's), from the address's filter. */
export function ledgerPageVariables(filter: TransactionFilter) {
  return { filter: toApiFilter(filter), page: filter.page, perPage: TRANSACTIONS_PER_PAGE, sort: apiSort(filter.sort) };
}

/** The variables of a ledger export's part: the page's filter and order, after the previous part (none for the first). */
export function ledgerExportVariables(filter: TransactionFilter, after: string | null) {
  return { filter: toApiFilter(filter), sort: apiSort(filter.sort), after };
}

/** The balances; throws when the API failed, so the page shows its error page. */
export function readBalances(answer: DocumentAnswer<ResultOf<typeof MY_BALANCES_QUERY>>): TalentBalance[] {
  return dataOf(answer, 'the balances').myBalances;
}

/** A ledger page and its totals, the talent's or the company's; throws when the API failed. */
export function readTransactions(answer: DocumentAnswer<{ page: BalanceTransactionPage; totals: BalanceTransactionTotal[] }>): { page: BalanceTransactionPage; totals: BalanceTransactionTotal[] } {
  const data = dataOf(answer, 'the transactions');
  return { page: data.page, totals: data.totals };
}

/** A part of a ledger's export, the talent's or the company's; throws when the API failed. */
export function readExport(answer: DocumentAnswer<{ ledgerExport: BalanceTransactionExport }>): BalanceTransactionExport {
  return dataOf(answer, 'the export').ledgerExport;
}

/**
 * The rows of a ledger's export part after part, each with its balance after (the ledger
 * export running balance) and only those of the filter's type: the first part (already
 * read, so that a refusal could still answer with a page), then each next when asked for.
 */
export async function* ledgerExportRows(
  first: BalanceTransactionExport,
  readAfter: (after: string) => Promise<BalanceTransactionExport>,
  filter: Pick<TransactionFilter, 'sort' | 'type'>,
): AsyncGenerator<CsvTransactionRow[]> {
  const balanceAfter = exportRunningBalances(apiSort(filter.sort), first.startBalances);
  const rowsOf = (part: BalanceTransactionExport) => part.items.map((row) => ({ ...row, balanceAfter: balanceAfter(row) })).filter((row) => filter.type === null || row.type === filter.type);
  let part = first;
  yield rowsOf(part);
  while (part.nextAfter !== null) {
    part = await readAfter(part.nextAfter);
    yield rowsOf(part);
  }
}

/** Earliest first and latest last transaction over all balances, for the default period. */
export function transactionSpan(balances: ReadonlyArray<Pick<TalentBalance, 'firstTransactionAt' | 'lastTransactionAt'>>): { first: string | null; last: string | null } {
  const firsts = balances.map((balance) => balance.firstTransactionAt).filter((value): value is string => value !== null).sort();
  const lasts = balances.map((balance) => balance.lastTransactionAt).filter((value): value is string => value !== null).sort();
  return { first: firsts[0] ?? null, last: lasts.at(-1) ?? null };
}

/** My companies for the company filter, once each, by name. */
export function balanceCompanies(balances: readonly TalentBalance[]): Array<{ id: string; name: string }> {
  const byId = new Map(balances.map((balance) => [balance.companyId, balance.companyName]));
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
}
