import type { GraphqlAnswerLike } from '../talent/profile-operations';
import type { BalanceTransactionTypeValue } from './balance-transaction-types';
import type { TransactionSort } from './transaction-filter';

// The API operations behind /talent/transactions and its CSV export, and readers that
// turn their answers into what the page needs.

export const TRANSACTIONS_PER_PAGE = 20;

export interface TalentBalance {
  rosterEntryId: string;
  companyId: string;
  companyName: string;
  currency: string;
  balance: string;
  transactionCount: number;
  firstTransactionAt: string | null;
  lastTransactionAt: string | null;
}

export interface BalanceTransactionItem {
  id: string;
  rosterEntryId: string;
  companyId: string;
  companyName: string;
  assignmentTitle: string | null;
  type: BalanceTransactionTypeValue;
  change: string;
  currency: string;
  balanceAfter: string;
  createdAt: string;
}

export interface BalanceTransactionTotal {
  currency: string;
  moneyIn: string;
  moneyOut: string;
  net: string;
  count: number;
}

export interface BalanceTransactionPage {
  items: BalanceTransactionItem[];
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
}

const ITEM_FIELDS = 'id rosterEntryId companyId companyName assignmentTitle type change currency balanceAfter createdAt';

export const MY_BALANCES_QUERY = `query MyBalances {
  myBalances { rosterEntryId companyId companyName currency balance transactionCount firstTransactionAt lastTransactionAt }
}`;

export const TRANSACTIONS_QUERY = `query MyBalanceTransactions($filter: BalanceTransactionFilter!, $page: Int, $perPage: Int, $sort: BalanceTransactionSort) {
  myBalanceTransactions(filter: $filter, page: $page, perPage: $perPage, sort: $sort) { items { ${ITEM_FIELDS} } total page perPage pageCount }
  myBalanceTransactionTotals(filter: $filter) { currency moneyIn moneyOut net count }
}`;

export const TRANSACTIONS_EXPORT_QUERY = `query MyBalanceTransactionExport($filter: BalanceTransactionFilter!, $sort: BalanceTransactionSort) {
  myBalanceTransactionExport(filter: $filter, sort: $sort) { limit exceedsLimit items { ${ITEM_FIELDS} } }
}`;

export const apiSort = (sort: TransactionSort): 'NEWEST' | 'OLDEST' => (sort === 'oldest' ? 'OLDEST' : 'NEWEST');

function dataOf<T>(answer: GraphqlAnswerLike, what: string): T {
  const data = answer.body.data as T | null | undefined;
  if (answer.body.errors?.length || !data) throw new Error(`loading ${what} failed: ${answer.body.errors?.[0]?.message ?? answer.status}`);
  return data;
}

/** The balances; throws when the API failed, so the page shows its error page. */
export function readBalances(answer: GraphqlAnswerLike): TalentBalance[] {
  return dataOf<{ myBalances: TalentBalance[] }>(answer, 'the balances').myBalances;
}

export function readTransactions(answer: GraphqlAnswerLike): { page: BalanceTransactionPage; totals: BalanceTransactionTotal[] } {
  const data = dataOf<{ myBalanceTransactions: BalanceTransactionPage; myBalanceTransactionTotals: BalanceTransactionTotal[] }>(answer, 'the transactions');
  return { page: data.myBalanceTransactions, totals: data.myBalanceTransactionTotals };
}

export function readExport(answer: GraphqlAnswerLike): { items: BalanceTransactionItem[]; limit: number; exceedsLimit: boolean } {
  return dataOf<{ myBalanceTransactionExport: { items: BalanceTransactionItem[]; limit: number; exceedsLimit: boolean } }>(answer, 'the export').myBalanceTransactionExport;
}

/** Earliest first and latest last transaction over all balances, for the default period. */
export function transactionSpan(balances: readonly TalentBalance[]): { first: string | null; last: string | null } {
  const firsts = balances.map((balance) => balance.firstTransactionAt).filter((value): value is string => value !== null).sort();
  const lasts = balances.map((balance) => balance.lastTransactionAt).filter((value): value is string => value !== null).sort();
  return { first: firsts[0] ?? null, last: lasts.at(-1) ?? null };
}

/** My companies for the company filter, once each, by name. */
export function balanceCompanies(balances: readonly TalentBalance[]): Array<{ id: string; name: string }> {
  const byId = new Map(balances.map((balance) => [balance.companyId, balance.companyName]));
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
}
