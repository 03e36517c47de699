import { parseDateInput } from '../forms/date-input';
import { isBalanceTransactionType, type BalanceTransactionTypeValue } from './balance-transaction-types';
import type { Translate } from '../i18n/i18n';
import { fieldErrorsOf } from '../forms/form-outcome';
import { checkPeriod, TRANSACTION_ERRORS, type PeriodField, type PeriodIssue } from './period';
import type { Period } from './period-presets';

// The transactions page's address: ?from=&to=&company=&type=&sort=&page= for the talent,
// with entry= (one roster entry) and currency= on the company's side. The page and the CSV
// export read it the same way, so "Export CSV" downloads exactly what is shown.

export const TRANSACTION_SORTS = ['newest', 'oldest'] as const;
export type TransactionSort = (typeof TRANSACTION_SORTS)[number];

export interface TransactionFilter {
  /** The days as typed (a typed en-GB day is turned into yyyy-mm-dd); may be invalid. */
  from: string;
  to: string;
  /** Null for "all my companies"; an id that is not one of them is dropped, like an unknown sort. */
  companyId: string | null;
  /** Null for "every roster entry"; an id not offered is dropped, like an unknown sort. */
  rosterEntryId: string | null;
  /** Null for "every currency". */
  currency: string | null;
  type: BalanceTransactionTypeValue | null;
  sort: TransactionSort;
  page: number;
  /** What is wrong with the period; the list is only asked for when this is empty. */
  problems: PeriodIssue[];
  /** True when the address named a period; false when the default period applies. */
  periodGiven: boolean;
}

const MAX_PAGE = 10_000;

export interface TransactionFilterOptions {
  /** The companies the filter may name (the talent's page). */
  companyIds?: readonly string[];
  /** The roster entries it may name (the company's page). */
  rosterEntryIds?: readonly string[];
  /** The currencies it may name (the company's page). */
  currencies?: readonly string[];
  defaultPeriod: Period;
}

/** The value of a parameter when it is one of the choices, else null. */
const chosen = (value: string | null, choices: readonly string[] = []) => (value && choices.includes(value) ? value : null);

export function readTransactionFilter(url: URL, options: TransactionFilterOptions): TransactionFilter {
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
    companyId: chosen(company, options.companyIds),
    rosterEntryId: chosen(params.get('entry'), options.rosterEntryIds),
    currency: chosen(params.get('currency'), options.currencies),
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
export function transactionFilterQuery(filter: TransactionFilter, changes: Partial<Pick<TransactionFilter, 'from' | 'to' | 'companyId' | 'rosterEntryId' | 'currency' | 'type' | 'sort' | 'page'>> = {}): string {
  const next = { ...filter, ...changes };
  const periodChanged = changes.from !== undefined || changes.to !== undefined;
  const query = new URLSearchParams();
  if (filter.periodGiven || periodChanged) {
    query.set('from', next.from);
    query.set('to', next.to);
  }
  if (next.companyId) query.set('company', next.companyId);
  if (next.rosterEntryId) query.set('entry', next.rosterEntryId);
  if (next.currency) query.set('currency', next.currency);
  if (next.type) query.set('type', next.type);
  if (next.sort !== 'newest') query.set('sort', next.sort);
  if (next.page > 1) query.set('page', String(next.page));
  const search = query.toString();
  return search ? `?${search}` : '';
}

/** The API's filter argument for a valid filter (roster entry and currency only when chosen). */
export function toApiFilter(filter: TransactionFilter): {
  from: string;
  to: string;
  companyId: string | null;
  type: BalanceTransactionTypeValue | null;
  rosterEntryId?: string;
  currency?: string;
} {
  return {
    from: filter.from.trim(),
    to: filter.to.trim(),
    companyId: filter.companyId,
    type: filter.type,
    ...(filter.rosterEntryId ? { rosterEntryId: filter.rosterEntryId } : {}),
    ...(filter.currency ? { currency: filter.currency } : {}),
  };
}

/** True when the address narrows the list beyond the default period. */
export function isFiltered(filter: TransactionFilter): boolean {
  return activeTransactionFilterCount(filter) > 0;
}

/** The filters in force, counted on the phone's filter toggle: a chosen period counts once; the sort is no filter. */
export function activeTransactionFilterCount(filter: TransactionFilter): number {
  return [filter.periodGiven, filter.companyId !== null, filter.rosterEntryId !== null, filter.currency !== null, filter.type !== null].filter(Boolean).length;
}

/**
 * The links of a transactions page at `base` (the talent's or the company's): a filter
 * change (back to page 1), a period, a page, and the CSV export next to the page, which
 * names the period explicitly so the file holds what the page shows.
 */
export function transactionLinks(base: string, filter: TransactionFilter) {
  const hrefWith = (changes: Parameters<typeof transactionFilterQuery>[1]) => `${base}${transactionFilterQuery(filter, { page: 1, ...changes })}`;
  return {
    hrefWith,
    periodHref: (period: Period) => hrefWith({ from: period.from, to: period.to }),
    pageHref: (page: number) => hrefWith({ page }),
    exportHref: `${base}.csv${transactionFilterQuery(filter, { from: filter.from, to: filter.to, page: 1 })}`,
  };
}

/** The period's problems in words, one per field (`transactions.errors.<code>`). */
export function periodErrors(filter: TransactionFilter, t: Translate): Partial<Record<PeriodField, string>> {
  return fieldErrorsOf(filter.problems, t, TRANSACTION_ERRORS);
}
