import { periodValue } from '../billing/billing-period';
import type { Language } from '../i18n/namespaces';
import { numberFormat } from '../format/locale';
import { graphql, type ResultOf } from '../graphql/graphql';
import { sendDocument, type DocumentAnswer, type SendGraphql } from '../graphql/send-document';
import type { Translate } from '../i18n/i18n';
import { isUuid } from '../ids';
import { dataOf } from '../graphql/answer-data';
import { defaultSalesRange, isSaleStatusGroup, readSalesRange, type SaleStatusGroup, type SalesRangeIssue } from './company-sales';

// The documents and address of /company/sales and its CSV export: the filter
// lives in the address (?from=&to=&client=&currency=&status=&page=), read the same way by
// the page and the export, so the download holds exactly the rows the page shows.

export const SALES_PER_PAGE = 50;
const MAX_PAGE = 10_000;

export const COMPANY_SALE_FRAGMENT = graphql(`
  fragment CompanySaleFields on CompanySale {
    period year month clientCompanyId clientName currency sales billed margin marginPercent billings
  }
`);

export const COMPANY_SALE_OPTIONS_QUERY = graphql(`
  query CompanySaleOptions {
    findCompanySaleOptions { clients { id name } currencies }
  }
`);

export const COMPANY_SALES_QUERY = graphql(
  `
  query CompanySales($filter: CompanySaleFilter!, $page: Int, $perPage: Int) {
    findManyCompanySale(filter: $filter, page: $page, perPage: $perPage) {
      items { ...CompanySaleFields }
      total page pageCount
      totals { currency sales billed margin marginPercent billings }
    }
  }
`,
  [COMPANY_SALE_FRAGMENT],
);

export const COMPANY_SALES_EXPORT_QUERY = graphql(
  `
  query CompanySalesExport($filter: CompanySaleFilter!) {
    findManyCompanySaleExport(filter: $filter) { ...CompanySaleFields }
  }
`,
  [COMPANY_SALE_FRAGMENT],
);

export type CompanySaleOptions = ResultOf<typeof COMPANY_SALE_OPTIONS_QUERY>['findCompanySaleOptions'];
export type CompanySaleItem = ResultOf<typeof COMPANY_SALE_FRAGMENT>;
export type CompanySalesPage = ResultOf<typeof COMPANY_SALES_QUERY>['findManyCompanySale'];
export type CompanySaleTotal = CompanySalesPage['totals'][number];

export interface SalesFilters {
  /** The months as typed (yyyy-mm); may be wrong, then `issues` says how. */
  from: string;
  to: string;
  /** Null for every client; an id that is not one of the options is dropped. */
  clientCompanyId: string | null;
  /** Null for every currency; a code not among the options is dropped. */
  currency: string | null;
  /** Null for every sale (approved, invoiced and paid). */
  status: SaleStatusGroup | null;
  page: number;
  /** True when the address named a period; false when the last 12 months apply. */
  periodGiven: boolean;
  issues: SalesRangeIssue[];
}

/** The filter of the address, checked against the options the company has; months default to the last 12. */
export function readSalesFilters(url: URL, now: Date, options: CompanySaleOptions): SalesFilters {
  const params = url.searchParams;
  const typedFrom = (params.get('from') ?? '').trim();
  const typedTo = (params.get('to') ?? '').trim();
  const fallback = defaultSalesRange(now);
  // The form always posts its months: the default ones, as posted, are no chosen period.
  const periodGiven = (typedFrom !== '' || typedTo !== '') && (typedFrom !== periodValue(fallback.from) || typedTo !== periodValue(fallback.to));
  const from = periodGiven ? typedFrom : periodValue(fallback.from);
  const to = periodGiven ? typedTo : periodValue(fallback.to);
  const read = readSalesRange(from, to);
  const client = params.get('client') ?? '';
  const currency = params.get('currency') ?? '';
  const status = params.get('status');
  const rawPage = Number(params.get('page') ?? '1');
  return {
    from,
    to,
    clientCompanyId: isUuid(client) && options.clients.some((option) => option.id === client) ? client : null,
    currency: options.currencies.includes(currency) ? currency : null,
    status: isSaleStatusGroup(status) ? status : null,
    page: Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= MAX_PAGE ? rawPage : 1,
    periodGiven,
    issues: 'issues' in read ? read.issues : [],
  };
}

/** True when the address narrows the rows beyond the default (the last 12 months, every client, currency and sale). */
export const hasSalesFilters = (filters: SalesFilters): boolean => activeSalesFilterCount(filters) > 0;

/** The filters in force, counted on the phone's filter toggle: a chosen period counts once. */
export function activeSalesFilterCount(filters: SalesFilters): number {
  return [filters.periodGiven, filters.clientCompanyId, filters.currency, filters.status].filter(Boolean).length;
}

type SalesChanges = Partial<Pick<SalesFilters, 'from' | 'to' | 'page'>>;

/** The query string of the filters (with changes): defaults left out so every view has one address; page 1 never written. */
export function salesFilterQuery(filters: SalesFilters, changes: SalesChanges = {}): string {
  const next = { ...filters, ...changes };
  const query = new URLSearchParams();
  if (filters.periodGiven || changes.from !== undefined || changes.to !== undefined) {
    query.set('from', next.from);
    query.set('to', next.to);
  }
  if (next.clientCompanyId) query.set('client', next.clientCompanyId);
  if (next.currency) query.set('currency', next.currency);
  if (next.status) query.set('status', next.status);
  if (next.page > 1) query.set('page', String(next.page));
  const search = query.toString();
  return search ? `?${search}` : '';
}

/** The links of the page at `base`: a page of the rows, and the CSV beside the page naming its months. */
export function salesLinks(base: string, filters: SalesFilters) {
  return {
    pageHref: (page: number) => `${base}${salesFilterQuery(filters, { page })}`,
    exportHref: `${base}.csv${salesFilterQuery(filters, { from: filters.from, to: filters.to, page: 1 })}`,
  };
}

/** The API's filter argument for filters without issues. */
export function toApiSalesFilter(filters: SalesFilters) {
  return {
    from: filters.from,
    to: filters.to,
    clientCompanyId: filters.clientCompanyId,
    currency: filters.currency,
    status: filters.status,
  };
}

/** The period's issues in words, one per field. */
export function salesFilterErrors(filters: SalesFilters, t: Translate): Partial<Record<'from' | 'to', string>> {
  const errors: Partial<Record<'from' | 'to', string>> = {};
  for (const issue of filters.issues) errors[issue.path] ??= t(`companySales.errors.${issue.code}`);
  return errors;
}

export interface CompanySalesRequest {
  options: CompanySaleOptions;
  filters: SalesFilters;
}

/** What the page and the CSV export both start from: the filter's options and the address's filters. Throws when the API failed. */
export async function readCompanySalesRequest(send: SendGraphql, url: URL, now: Date): Promise<CompanySalesRequest> {
  const options = dataOf(await sendDocument(send, COMPANY_SALE_OPTIONS_QUERY), 'the sales options').findCompanySaleOptions;
  return { options, filters: readSalesFilters(url, now, options) };
}

export function readCompanySales(answer: DocumentAnswer<ResultOf<typeof COMPANY_SALES_QUERY>>): CompanySalesPage {
  return dataOf(answer, 'the sales').findManyCompanySale;
}

export function readCompanySalesExport(answer: DocumentAnswer<ResultOf<typeof COMPANY_SALES_EXPORT_QUERY>>): CompanySaleItem[] {
  return dataOf(answer, 'the sales export').findManyCompanySaleExport;
}

/** "25.0%", "25,0 %" from the API's decimal (a percentage already); null (no sales to divide by) reads as a dash. */
export function formatMarginPercent(value: string | null, language: Language): string {
  return value === null ? '—' : numberFormat(language, { style: 'unit', unit: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value as unknown as number);
}
