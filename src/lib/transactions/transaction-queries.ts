import { graphql, type ResultOf } from '../graphql/graphql';
import { dataOf } from '../graphql/answer-data';
import type { DocumentAnswer } from '../graphql/send-document';
import type { TransactionSort } from './transaction-filter';

// The API operations behind /talent/transactions and its CSV export, and readers that
// turn their answers into what the page needs. The types are derived from the documents.

export const TRANSACTIONS_PER_PAGE = 20;

// The fields of a transaction row: the page's table and the CSV export show the same, on
// the talent's page and on the company's (which names the talent instead of the company).
export const BALANCE_TRANSACTION_ITEM_FRAGMENT = graphql(`
  fragment BalanceTransactionItem on BalanceTransaction {
    id rosterEntryId companyId companyName talentProfileId talentName employeeNumber assignmentTitle type change currency balanceAfter createdAt
  }
`);

export const MY_BALANCES_QUERY = graphql(`
  query MyBalances {
    myBalances { rosterEntryId companyId companyName currency balance transactionCount firstTransactionAt lastTransactionAt }
  }
`);

export const TRANSACTIONS_QUERY = graphql(
  `
  query MyBalanceTransactions($filter: BalanceTransactionFilter!, $page: Int, $perPage: Int, $sort: BalanceTransactionSort) {
    myBalanceTransactions(filter: $filter, page: $page, perPage: $perPage, sort: $sort) { items { ...BalanceTransactionItem } total page perPage pageCount }
    myBalanceTransactionTotals(filter: $filter) { currency moneyIn moneyOut net count }
  }
`,
  [BALANCE_TRANSACTION_ITEM_FRAGMENT],
);

export const TRANSACTIONS_EXPORT_QUERY = graphql(
  `
  query MyBalanceTransactionExport($filter: BalanceTransactionFilter!, $sort: BalanceTransactionSort) {
    myBalanceTransactionExport(filter: $filter, sort: $sort) { limit exceedsLimit items { ...BalanceTransactionItem } }
  }
`,
  [BALANCE_TRANSACTION_ITEM_FRAGMENT],
);

type TransactionsResult = ResultOf<typeof TRANSACTIONS_QUERY>;
type ExportResult = ResultOf<typeof TRANSACTIONS_EXPORT_QUERY>;

export type TalentBalance = ResultOf<typeof MY_BALANCES_QUERY>['myBalances'][number];
export type BalanceTransactionItem = ResultOf<typeof BALANCE_TRANSACTION_ITEM_FRAGMENT>;
export type BalanceTransactionPage = TransactionsResult['myBalanceTransactions'];
export type BalanceTransactionTotal = TransactionsResult['myBalanceTransactionTotals'][number];

export const apiSort = (sort: TransactionSort): 'NEWEST' | 'OLDEST' => (sort === 'oldest' ? 'OLDEST' : 'NEWEST');

/** The balances; throws when the API failed, so the page shows its error page. */
export function readBalances(answer: DocumentAnswer<ResultOf<typeof MY_BALANCES_QUERY>>): TalentBalance[] {
  return dataOf(answer, 'the balances').myBalances;
}

export function readTransactions(answer: DocumentAnswer<TransactionsResult>): { page: BalanceTransactionPage; totals: BalanceTransactionTotal[] } {
  const data = dataOf(answer, 'the transactions');
  return { page: data.myBalanceTransactions, totals: data.myBalanceTransactionTotals };
}

export function readExport(answer: DocumentAnswer<ExportResult>): ExportResult['myBalanceTransactionExport'] {
  return dataOf(answer, 'the export').myBalanceTransactionExport;
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
