import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { periodValue } from '../../../lib/billing/billing-period';
import { isUuid } from '../../../lib/ids';
import { isCurrencyCode, normalizeCurrency } from '../../../lib/money/currency-code';
import {
  groupSales,
  isSaleStatusGroup,
  readSalesRange,
  saleStatusesOf,
  SALE_STATUS_GROUP_NAMES,
  SALE_STATUSES,
  SALES_MAX_MONTHS,
  salesTotals,
  type SaleBilling,
  type SaleStatusGroup,
  type SalesRange,
  type SalesRow,
  type SalesTotal,
} from '../../../lib/sales/company-sales';
import type { AppDatabase } from '../../db/client';
import { billing, company, jobAssignment } from '../../db/schema';
import { builder, type Types } from '../builder';
import { requireCompanyPermission } from '../auth/company-access';
import { invalidFields } from '../errors';
import { pageArgs, pageWindow } from '../pagination';

// The selected company's sales (the /company/sales page): per month and client
// company, what its clients are charged, what the talents billed and the margin between,
// from the billings of the assignments it sells or provides. The definitions and the
// arithmetic are the pure rules of src/lib/sales/company-sales.ts; this file only reads
// the billings. Sales belong to assignments, so the permission is jobAssignment read (as
// for billings: the permission resources have no billing).

const WORDS = 'companySales.errors';
const client = alias(company, 'sale_client');

/** Billings of an assignment the company sells (sales company) or provides (provider): once each, even when it is both. */
const soldBy = (companyId: string): SQL => or(eq(jobAssignment.salesCompanyId, companyId), eq(jobAssignment.providerCompanyId, companyId))!;

interface SalesFilter {
  range: SalesRange;
  clientCompanyId: string | null;
  currency: string | null;
  status: SaleStatusGroup | null;
}

function salesWhere(companyId: string, filter: SalesFilter): SQL {
  return and(
    soldBy(companyId),
    isNull(billing.deletedAt),
    inArray(billing.status, [...saleStatusesOf(filter.status)]),
    // As a pair, which the planner estimates right and billing_sales_idx serves.
    sql`(${billing.year}, ${billing.month}) between (${filter.range.from.year}, ${filter.range.from.month}) and (${filter.range.to.year}, ${filter.range.to.month})`,
    filter.clientCompanyId ? eq(jobAssignment.clientCompanyId, filter.clientCompanyId) : undefined,
    filter.currency ? eq(billing.currency, filter.currency) : undefined,
  )!;
}

/**
 * The billings the filter counts as sales, with their client company, grouped by the pure
 * rules: the database sums them per month, client and currency first, so that three years
 * of a large company's billings (some 9,000) come as a few hundred rows.
 */
async function loadSales(db: AppDatabase, companyId: string, filter: SalesFilter): Promise<SalesRow[]> {
  const rows: SaleBilling[] = await db
    .select({
      year: billing.year,
      month: billing.month,
      clientCompanyId: jobAssignment.clientCompanyId,
      clientName: client.name,
      currency: billing.currency,
      amount: sql<string>`sum(${billing.amount})::text`,
      // Each billing's sale as saleAmountOf reads it: its salesAmount, else its amount.
      salesAmount: sql<string>`sum(coalesce(${billing.salesAmount}, ${billing.amount}))::text`,
      billings: sql<number>`count(*)::int`,
    })
    .from(billing)
    .innerJoin(jobAssignment, eq(jobAssignment.id, billing.jobAssignmentId))
    .leftJoin(client, eq(client.id, jobAssignment.clientCompanyId))
    .where(salesWhere(companyId, filter))
    .groupBy(billing.year, billing.month, jobAssignment.clientCompanyId, client.name, billing.currency);
  return groupSales(rows);
}

const SaleStatusGroupEnum = builder.enumType('CompanySaleStatusGroup', {
  description: 'Which sales: NOT_INVOICED (APPROVED), INVOICED (INVOICED or PAID), UNPAID (APPROVED or INVOICED), PAID; none for all three statuses',
  values: SALE_STATUS_GROUP_NAMES,
});

const CompanySaleFilter = builder.inputType('CompanySaleFilter', {
  fields: (t) => ({
    from: t.string({ required: true, description: 'First month, yyyy-mm' }),
    to: t.string({ required: true, description: `Last month, yyyy-mm, included; the range spans at most ${SALES_MAX_MONTHS} months` }),
    clientCompanyId: t.id({ required: false, description: "One client company; an id that is not one of the company's clients matches nothing" }),
    currency: t.string({ required: false, description: 'ISO 4217 code' }),
    status: t.field({ type: SaleStatusGroupEnum, required: false }),
  }),
});

/** The checked filter, or null when it can match nothing (an id or currency that is no such thing). Bad months are BAD_USER_INPUT. */
function readFilter(input: { from: string; to: string; clientCompanyId?: string | number | null; currency?: string | null; status?: string | null }): SalesFilter | null {
  const read = readSalesRange(input.from, input.to);
  if ('issues' in read) throw invalidFields(read.issues, WORDS, 'filter');
  const clientCompanyId = input.clientCompanyId ? String(input.clientCompanyId) : null;
  const currency = input.currency ? normalizeCurrency(input.currency) : null;
  if ((clientCompanyId && !isUuid(clientCompanyId)) || (currency && !isCurrencyCode(currency))) return null;
  return { range: read.range, clientCompanyId, currency, status: isSaleStatusGroup(input.status) ? input.status : null };
}

const figureFields = <Shape extends SalesTotal>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, Shape>) => ({
  currency: t.string({ resolve: (row) => row.currency }),
  sales: t.field({ type: 'Decimal', description: 'What the clients are charged: the billings\' salesAmount, else their amount', resolve: (row) => row.sales }),
  billed: t.field({ type: 'Decimal', description: 'What the talents billed: the billings\' amount', resolve: (row) => row.billed }),
  margin: t.field({ type: 'Decimal', description: 'sales − billed', resolve: (row) => row.margin }),
  marginPercent: t.field({ type: 'Decimal', nullable: true, description: 'margin / sales in percent, one decimal place; null when sales is zero', resolve: (row) => row.marginPercent }),
  billings: t.int({ description: 'How many billings are summed', resolve: (row) => row.billings }),
});

const CompanySale = builder.objectRef<SalesRow>('CompanySale').implement({
  description: 'The sales of one month to one client company in one currency',
  fields: (t) => ({
    period: t.string({ description: 'yyyy-mm', resolve: (row) => periodValue(row) }),
    year: t.exposeInt('year'),
    month: t.exposeInt('month'),
    clientCompanyId: t.exposeID('clientCompanyId', { nullable: true }),
    clientName: t.exposeString('clientName', { nullable: true }),
    ...figureFields(t),
  }),
});

const CompanySaleTotal = builder.objectRef<SalesTotal>('CompanySaleTotal').implement({
  description: 'The sum of the filtered sales in one currency (currencies are never added together)',
  fields: (t) => figureFields(t),
});

interface SalesPage {
  rows: SalesRow[];
  page: number;
  perPage: number;
}

const CompanySalePage = builder.objectRef<SalesPage>('CompanySalePage').implement({
  description: 'A page of the sales rows, with the totals of every page per currency',
  fields: (t) => ({
    items: t.field({ type: [CompanySale], resolve: ({ rows, page, perPage }) => rows.slice((page - 1) * perPage, page * perPage) }),
    total: t.int({ description: 'Rows over all pages', resolve: ({ rows }) => rows.length }),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    pageCount: t.int({ resolve: ({ rows, perPage }) => Math.max(1, Math.ceil(rows.length / perPage)) }),
    totals: t.field({ type: [CompanySaleTotal], description: 'One per currency, over all pages', resolve: ({ rows }) => salesTotals(rows) }),
  }),
});

builder.queryField('findManyCompanySale', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanySalePage,
    description:
      "The selected company's sales per month and client company, one currency per row, newest month first: the APPROVED, INVOICED and PAID billings of the assignments it sells or provides. Needs jobAssignment read; bad months are BAD_USER_INPUT (monthRequired, monthInvalid, fromAfterTo, rangeTooLong)",
    args: { ...pageArgs, filter: t.arg({ type: CompanySaleFilter, required: true }) },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'read');
      const window = pageWindow(args);
      const filter = readFilter(args.filter);
      return { rows: filter ? await loadSales(context.db, companyId, filter) : [], page: window.page, perPage: window.perPage };
    },
  }),
);

builder.queryField('findManyCompanySaleExport', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: [CompanySale],
    description: `Every row of findManyCompanySale's filter in one answer, for a file export (at most ${SALES_MAX_MONTHS} months); needs jobAssignment read`,
    args: { filter: t.arg({ type: CompanySaleFilter, required: true }) },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'read');
      const filter = readFilter(args.filter);
      return filter ? loadSales(context.db, companyId, filter) : [];
    },
  }),
);

const CompanySaleClient = builder.objectRef<{ id: string; name: string | null }>('CompanySaleClient').implement({
  fields: (t) => ({ id: t.exposeID('id'), name: t.exposeString('name', { nullable: true }) }),
});

const CompanySaleOptions = builder.objectRef<{ clients: { id: string; name: string | null }[]; currencies: string[] }>('CompanySaleOptions').implement({
  description: "What the sales filter can choose from: the client companies and currencies of the company's sales, in any month",
  fields: (t) => ({
    clients: t.field({ type: [CompanySaleClient], resolve: (options) => options.clients }),
    currencies: t.exposeStringList('currencies'),
  }),
});

builder.queryField('findCompanySaleOptions', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanySaleOptions,
    description: "The client companies (by name) and currencies of the selected company's sales in any month, for the filter; needs jobAssignment read",
    resolve: async (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'read');
      const rows = await context.db
        .selectDistinct({ clientCompanyId: jobAssignment.clientCompanyId, clientName: client.name, currency: billing.currency })
        .from(billing)
        .innerJoin(jobAssignment, eq(jobAssignment.id, billing.jobAssignmentId))
        .leftJoin(client, eq(client.id, jobAssignment.clientCompanyId))
        .where(and(soldBy(companyId), isNull(billing.deletedAt), inArray(billing.status, [...SALE_STATUSES])))
        .orderBy(asc(client.name), asc(billing.currency));
      const clients = new Map<string, string | null>();
      for (const row of rows) if (row.clientCompanyId) clients.set(row.clientCompanyId, row.clientName);
      return {
        clients: [...clients.entries()].map(([id, name]) => ({ id, name })),
        currencies: [...new Set(rows.map((row) => row.currency))].sort(),
      };
    },
  }),
);
