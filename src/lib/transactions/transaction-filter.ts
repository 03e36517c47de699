import { parseDateInput } from '../talent/date-input';
import { isBalanceTransactionType, type BalanceTransactionTypeValue } from './balance-transaction-types';
import { checkPeriod, type PeriodProblem } from './period';
import type { Period } from './period-presets';

// The transactions page's address: ?from=&to=&company=&type=&sort=&page=. The page and
// the CSV export read it the same way, so "Export CSV" downloads exactly what is shown.

export const TRANSACTION_SORTS = ['newest', 'oldest'] as const;
export type TransactionSort = (typeof TRANSACTION_SORTS)[number];

export interface TransactionFilter {
  /** The days as typed (a typed en-GB day is turned into yyyy-mm-dd); may be invalid. */
  from: string;
  to: string;
  /** Null for "all my companies"; an id that is not one of them is dropped, like an unknown sort. */
  companyId: string | null;
  type: BalanceTransactionTypeValue | null;
  sort: TransactionSort;
  page: number;
  /** What is wrong with the period; the list is only asked for when this is empty. */
  problems: PeriodProblem[];
  /** True when the address named a period; false when the default period applies. */
  periodGiven: boolean;
}

const MAX_PAGE = 10_000;

export function readTransactionFilter(url: URL, options: { companyIds: readonly string[]; defaultPeriod: Period }): TransactionFilter {
  const params = url.searchParams;
  const typedFrom = parseDateInput(params.get('from') ?? '');
  const typedTo = parseDateInput(params.get('to') ?? '');
  // Both days left empty (or absent) means "no period chosen", not a mistake.
  const periodGiven = typedFrom !== '' || typedTo !== '';
  const from = periodGiven ? typedFrom : options.defaultPeriod.from;
  const to = periodGiven ? typedTo : options.defaultPeriod.to;
  const company = params.get('company');
  const type = params.get('type');
  const sort = params.get('sort');
  const rawPage = Number(params.get('page') ?? '1');
  return {
    from,
    to,
    companyId: company && options.companyIds.includes(company) ? company : null,
    type: isBalanceTransactionType(type) ? type : null,
    sort: (TRANSACTION_SORTS as readonly string[]).includes(sort ?? '') ? (sort as TransactionSort) : 'newest',
    page: Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= MAX_PAGE ? rawPage : 1,
    problems: checkPeriod(from, to),
    periodGiven,
  };
}

/**
 * The query string of a filter (with changes), for links: defaults are left out so that
 * every list has one address, and page 1 is never written.
 */
export function transactionFilterQuery(filter: TransactionFilter, changes: Partial<Pick<TransactionFilter, 'from' | 'to' | 'companyId' | 'type' | 'sort' | 'page'>> = {}): string {
  const next = { ...filter, ...changes };
  const periodChanged = changes.from !== undefined || changes.to !== undefined;
  const query = new URLSearchParams();
  if (filter.periodGiven || periodChanged) {
    query.set('from', next.from);
    query.set('to', next.to);
  }
  if (next.companyId) query.set('company', next.companyId);
  if (next.type) query.set('type', next.type);
  if (next.sort !== 'newest') query.set('sort', next.sort);
  if (next.page > 1) query.set('page', String(next.page));
  const search = query.toString();
  return search ? `?${search}` : '';
}

/** The API's filter argument for a valid filter. */
export function toApiFilter(filter: TransactionFilter): { from: string; to: string; companyId: string | null; type: BalanceTransactionTypeValue | null } {
  return { from: filter.from.trim(), to: filter.to.trim(), companyId: filter.companyId, type: filter.type };
}
