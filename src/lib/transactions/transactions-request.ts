import { sendDocument, type SendGraphql } from '../graphql/send-document';
import { allTimePeriod, type Period } from './period-presets';
import { readTransactionFilter, type TransactionFilter } from './transaction-filter';
import { MY_BALANCES_QUERY, readBalances, transactionSpan, type TalentBalance } from './transaction-queries';

export interface TransactionsRequest {
  balances: TalentBalance[];
  /** What a bare /talent/transactions shows: all transactions. */
  allTime: Period;
  filter: TransactionFilter;
}

/**
 * What the page and the CSV export both start from: the talent's balances (which also
 * give the companies to filter by and the span of "all time"), and the address's filter.
 */
export async function readTransactionsRequest(send: SendGraphql, url: URL, today: Date): Promise<TransactionsRequest> {
  const balances = readBalances(await sendDocument(send, MY_BALANCES_QUERY));
  const span = transactionSpan(balances);
  const allTime = allTimePeriod(today, span.first, span.last);
  const filter = readTransactionFilter(url, { companyIds: balances.map((balance) => balance.companyId), defaultPeriod: allTime });
  return { balances, allTime, filter };
}
