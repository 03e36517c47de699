import { parsePeriodValue, periodIndex, periodOf, type BillingPeriod } from '../billing/billing-period';
import type { BillingStatusValue } from '../billing/billing-status';
import { fromCents, toCents } from '../money/decimal-money';

// A company's sales (the /company/sales page), written down once:
//
// - The rows are the billings of the assignments the company sells or provides
//   (jobAssignment.salesCompanyId or providerCompanyId is the company) that were APPROVED,
//   INVOICED or PAID. A billing sent and not reviewed yet, or rejected, is no sale; a draft
//   is the talent's own. A company that is only the client buys: its billings are not its sales.
// - "Sales" is what the client is charged: billing.salesAmount when set, else billing.amount.
// - "Billed" is the cost, what the talent billed: billing.amount.
// - Margin = sales − billed; margin % = margin / sales (none when sales is zero).
// - Rows are grouped by the billing's month (year, month), client company and currency.
//   Amounts in two currencies are never added together: every row and every total is in
//   one currency. Sums are exact (integer cents), never floats.

/** The billing statuses that count as a sale. */
export const SALE_STATUSES = ['APPROVED', 'INVOICED', 'PAID'] as const satisfies readonly BillingStatusValue[];

/** The status groups the page filters by (no group: every sale). */
export const SALE_STATUS_GROUPS = {
  /** Approved, no invoice issued yet. */
  NOT_INVOICED: ['APPROVED'],
  /** An invoice was issued, paid or not. */
  INVOICED: ['INVOICED', 'PAID'],
  /** Not paid yet, invoiced or not. */
  UNPAID: ['APPROVED', 'INVOICED'],
  PAID: ['PAID'],
} as const satisfies Record<string, readonly (typeof SALE_STATUSES)[number][]>;
export type SaleStatusGroup = keyof typeof SALE_STATUS_GROUPS;
export const SALE_STATUS_GROUP_NAMES = Object.keys(SALE_STATUS_GROUPS) as SaleStatusGroup[];

export function isSaleStatusGroup(value: unknown): value is SaleStatusGroup {
  return typeof value === 'string' && Object.hasOwn(SALE_STATUS_GROUPS, value);
}

/** The statuses a group (or every sale, for none) stands for. */
export function saleStatusesOf(group: SaleStatusGroup | null): readonly BillingStatusValue[] {
  return group ? SALE_STATUS_GROUPS[group] : SALE_STATUSES;
}

/** One billing as the sales read it. */
export interface SaleBilling {
  year: number;
  month: number;
  clientCompanyId: string | null;
  clientName: string | null;
  currency: string;
  /** What the talent billed. */
  amount: string;
  /** What the client is charged, when it differs from what the talent billed. */
  salesAmount: string | null;
  /**
   * How many billings the row stands for, when the database has summed a month's billings of
   * one client and currency already (amount their sum, salesAmount the sum of their sales);
   * one when absent.
   */
  billings?: number;
}

export interface SalesFigures {
  sales: string;
  billed: string;
  margin: string;
  /** One decimal place ("25.0"); null when there are no sales to divide by. */
  marginPercent: string | null;
  /** How many billings the figures sum. */
  billings: number;
}

export interface SalesRow extends SalesFigures {
  year: number;
  month: number;
  clientCompanyId: string | null;
  clientName: string | null;
  currency: string;
}

export interface SalesTotal extends SalesFigures {
  currency: string;
}

/** A billing's sale: what the client is charged (salesAmount), else what the talent billed. */
export const saleAmountOf = (billing: Pick<SaleBilling, 'amount' | 'salesAmount'>): string => billing.salesAmount ?? billing.amount;

/**
 * margin / sales as a percentage with one decimal place, rounded half away from zero,
 * computed on whole cents; null when sales is zero.
 */
export function marginPercentOf(margin: string, sales: string): string | null {
  const m = toCents(margin);
  const s = toCents(sales);
  if (s === 0n) return null;
  // Tenths of a percent: m / s × 1000, rounded half away from zero.
  const n = m < 0n ? -m * 1000n : m * 1000n;
  const d = s < 0n ? -s : s;
  const tenths = (2n * n + d) / (2n * d);
  const negative = m < 0n !== s < 0n && tenths !== 0n;
  return `${negative ? '-' : ''}${tenths / 10n}.${tenths % 10n}`;
}

interface Sums {
  sales: bigint;
  billed: bigint;
  billings: number;
}

function figuresOf(sums: Sums): SalesFigures {
  const sales = fromCents(sums.sales);
  const margin = fromCents(sums.sales - sums.billed);
  return { sales, billed: fromCents(sums.billed), margin, marginPercent: marginPercentOf(margin, sales), billings: sums.billings };
}

const addTo = (sums: Sums | undefined, sales: bigint, billed: bigint, billings: number): Sums => ({
  sales: (sums?.sales ?? 0n) + sales,
  billed: (sums?.billed ?? 0n) + billed,
  billings: (sums?.billings ?? 0) + billings,
});

/** Newest month first; within a month by client name (no client last), then currency. */
export function compareSalesRows(a: SalesRow, b: SalesRow): number {
  return (
    periodIndex(b) - periodIndex(a) ||
    (a.clientName === null ? 1 : 0) - (b.clientName === null ? 1 : 0) ||
    (a.clientName ?? '').localeCompare(b.clientName ?? '', 'en') ||
    (a.clientCompanyId ?? '').localeCompare(b.clientCompanyId ?? '') ||
    a.currency.localeCompare(b.currency)
  );
}

/** One row per month, client company and currency, summing its billings (see the definitions above). */
export function groupSales(billings: readonly SaleBilling[]): SalesRow[] {
  const groups = new Map<string, { key: Omit<SalesRow, keyof SalesFigures>; sums: Sums }>();
  for (const billing of billings) {
    const id = [billing.year, billing.month, billing.clientCompanyId ?? '', billing.currency].join('|');
    const group = groups.get(id);
    const sums = addTo(group?.sums, toCents(saleAmountOf(billing)), toCents(billing.amount), billing.billings ?? 1);
    groups.set(id, {
      key: group?.key ?? { year: billing.year, month: billing.month, clientCompanyId: billing.clientCompanyId, clientName: billing.clientName, currency: billing.currency },
      sums,
    });
  }
  return [...groups.values()].map(({ key, sums }) => ({ ...key, ...figuresOf(sums) })).sort(compareSalesRows);
}

/** The rows' sums per currency, in currency order: one total for each currency, never one across them. */
export function salesTotals(rows: readonly SalesRow[]): SalesTotal[] {
  const byCurrency = new Map<string, Sums>();
  for (const row of rows) byCurrency.set(row.currency, addTo(byCurrency.get(row.currency), toCents(row.sales), toCents(row.billed), row.billings));
  return [...byCurrency.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, sums]) => ({ currency, ...figuresOf(sums) }));
}

// The period: a range of whole months, both included, the last 12 by default.

/** The months a bare /company/sales shows: this month and the eleven before it. */
export const SALES_DEFAULT_MONTHS = 12;
/** The longest range one answer covers (three years), so a request stays bounded. */
export const SALES_MAX_MONTHS = 36;

export interface SalesRange {
  from: BillingPeriod;
  to: BillingPeriod;
}

const periodAtIndex = (index: number): BillingPeriod => ({ year: Math.floor(index / 12), month: (index % 12) + 1 });

/** The last 12 months, this one included (UTC). */
export function defaultSalesRange(now: Date): SalesRange {
  const to = periodOf(now);
  return { from: periodAtIndex(periodIndex(to) - (SALES_DEFAULT_MONTHS - 1)), to };
}

export type SalesRangeCode = 'monthRequired' | 'monthInvalid' | 'fromAfterTo' | 'rangeTooLong';
export interface SalesRangeIssue {
  path: 'from' | 'to';
  code: SalesRangeCode;
}

/**
 * The range of two months written yyyy-mm, or what is wrong with it, field by field: each
 * month given and real (1900 to 2099), `from` not after `to`, at most SALES_MAX_MONTHS.
 */
export function readSalesRange(from: string, to: string): { range: SalesRange } | { issues: SalesRangeIssue[] } {
  const issues: SalesRangeIssue[] = [];
  const months = { from: parsePeriodValue(from), to: parsePeriodValue(to) };
  for (const path of ['from', 'to'] as const) {
    const text = path === 'from' ? from : to;
    if (!text.trim()) issues.push({ path, code: 'monthRequired' });
    else if (!months[path]) issues.push({ path, code: 'monthInvalid' });
  }
  if (issues.length || !months.from || !months.to) return { issues };
  const span = periodIndex(months.to) - periodIndex(months.from) + 1;
  if (span < 1) return { issues: [{ path: 'to', code: 'fromAfterTo' }] };
  if (span > SALES_MAX_MONTHS) return { issues: [{ path: 'to', code: 'rangeTooLong' }] };
  return { range: { from: months.from, to: months.to } };
}
