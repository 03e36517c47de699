import { and, asc, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isUuid } from '../../../lib/ids';
import type { InvoiceKind, InvoicePaymentStatus } from '../../../lib/invoices/invoice-kinds';
import type { InvoiceLineValue } from '../../../lib/invoices/invoice-document';
import type { InvoicePartyValue } from '../../../lib/invoices/invoice-parties';
import { billing, company, invoice, talentProfile, user, type InvoiceDetails } from '../../db/schema';
import type { AppDatabase, Writer } from '../../db/client';
import { notFound } from '../errors';

// Reading invoices: the one query with the parties, the billing and the credit note around
// an invoice, which of them a company may see, and the lock its writes take. The GraphQL
// types (invoice-types.ts), queries (invoice-queries.ts) and mutations (invoice-mutations.ts)
// all read through here, so visibility is decided in one place.

/** Where the invoice errors are worded (the `invoices.errors` translations). */
export const INVOICE_WORDS = 'invoices.errors';
/** The nil company id: reading as no company, every company action on the invoice is false. */
export const NO_COMPANY = '00000000-0000-0000-0000-000000000000';

export const toCompany = alias(company, 'invoice_to_company');
export const fromCompany = alias(company, 'invoice_from_company');
const credited = alias(invoice, 'credited_invoice');
const payer = alias(user, 'invoice_payer');

export interface InvoiceRow {
  id: string;
  issuerCompanyId: string | null;
  fromCompanyId: string | null;
  toCompanyId: string | null;
  talentProfileId: string | null;
  talentUserId: string | null;
  talentName: string | null;
  fromName: string | null;
  toName: string | null;
  billingId: string | null;
  jobAssignmentId: string | null;
  kind: InvoiceKind;
  selfBilled: boolean;
  number: string | null;
  issuedAt: Date | null;
  dueDate: string | null;
  currency: string;
  netTotal: string | null;
  vatRate: string | null;
  vatTotal: string | null;
  total: string;
  lines: InvoiceLineValue[];
  seller: InvoicePartyValue | null;
  buyer: InvoicePartyValue | null;
  description: string | null;
  invoiceDetails: InvoiceDetails;
  status: InvoicePaymentStatus;
  paidAt: Date | null;
  paidByName: string | null;
  createdAt: Date;
  billingYear: number | null;
  billingMonth: number | null;
  purchaseOrderNumber: string | null;
  creditedInvoiceId: string | null;
  creditedNumber: string | null;
  creditedIssuedAt: Date | null;
  /** The issued credit note that cancels this invoice, if any. */
  creditedById: string | null;
  /** The company asking: whether it issues this invoice (and may act on it). */
  viewerIsIssuer: boolean;
}

/** What an invoice answers for the figures an old row may lack: net as the total, no VAT. The Invoice type and its PDF's source read them here. */
export const invoiceFigures = (row: InvoiceRow) => ({ netTotal: row.netTotal ?? row.total, vatRate: row.vatRate ?? '0.00', vatTotal: row.vatTotal ?? '0.00' });

/** The month billed, yyyy-mm, when the invoice is a billing's. */
export const invoicePeriod = (row: InvoiceRow): string | null => (row.billingYear && row.billingMonth ? `${row.billingYear}-${String(row.billingMonth).padStart(2, '0')}` : null);

/** What a credit note cancels. */
export const creditedInvoiceOf = (row: InvoiceRow) => (row.creditedInvoiceId ? { id: row.creditedInvoiceId, number: row.creditedNumber, issuedAt: row.creditedIssuedAt } : null);

export function selectInvoices(db: Writer, companyId: string) {
  return db
    .select({
      id: invoice.id,
      issuerCompanyId: invoice.issuerCompanyId,
      fromCompanyId: invoice.fromCompanyId,
      toCompanyId: invoice.toCompanyId,
      talentProfileId: invoice.talentProfileId,
      talentUserId: talentProfile.userId,
      talentName: talentProfile.profileName,
      fromName: fromCompany.name,
      toName: toCompany.name,
      billingId: invoice.billingId,
      jobAssignmentId: invoice.jobAssignmentId,
      kind: sql<InvoiceKind>`${invoice.kind}`,
      selfBilled: invoice.selfBilled,
      number: invoice.number,
      issuedAt: invoice.issuedAt,
      dueDate: invoice.dueDate,
      currency: invoice.currency,
      netTotal: invoice.netTotal,
      vatRate: invoice.vatRate,
      vatTotal: invoice.vatTotal,
      total: invoice.total,
      lines: invoice.lines,
      seller: invoice.seller,
      buyer: invoice.buyer,
      description: invoice.description,
      invoiceDetails: invoice.invoiceDetails,
      status: invoice.status,
      paidAt: invoice.paidAt,
      paidByName: sql<string | null>`coalesce(${payer.displayName}, ${payer.email})`,
      createdAt: invoice.createdAt,
      billingYear: billing.year,
      billingMonth: billing.month,
      purchaseOrderNumber: billing.purchaseOrderNumber,
      creditedInvoiceId: invoice.creditedInvoiceId,
      creditedNumber: credited.number,
      creditedIssuedAt: credited.issuedAt,
      creditedById: sql<string | null>`(select c.id from invoice c where c.credited_invoice_id = ${invoice.id} and c.issued_at is not null and c.deleted_at is null limit 1)`,
      viewerIsIssuer: sql<boolean>`coalesce(${invoice.issuerCompanyId} = ${companyId}, false)`,
    })
    .from(invoice)
    .leftJoin(talentProfile, eq(talentProfile.id, invoice.talentProfileId))
    .leftJoin(fromCompany, eq(fromCompany.id, invoice.fromCompanyId))
    .leftJoin(toCompany, eq(toCompany.id, invoice.toCompanyId))
    .leftJoin(billing, eq(billing.id, invoice.billingId))
    .leftJoin(credited, eq(credited.id, invoice.creditedInvoiceId))
    .leftJoin(payer, eq(payer.id, invoice.paidById))
    .$dynamic();
}

/** Invoices a company may read: those it issues (drafts too), and issued ones addressed to it. */
export const visibleTo = (companyId: string): SQL =>
  and(isNull(invoice.deletedAt), or(eq(invoice.issuerCompanyId, companyId), and(eq(invoice.toCompanyId, companyId), isNotNull(invoice.issuedAt))))!;

/** A company's list of invoices: drafts first, then the newest issued, by number; the id settles ties. */
export const INVOICE_LIST_ORDER = [sql`${invoice.issuedAt} desc nulls first`, desc(invoice.sequence), desc(invoice.createdAt), asc(invoice.id)];

/**
 * The two ways a company sees an invoice (visibleTo), each as its walk down its own index
 * (invoice_issuer_list_idx, invoice_recipient_list_idx) in the list's order, passing
 * `filters` (columns the indexes hold: status, kind, the search text, the parties), to `limit`
 * entries. A self-billed invoice is both issued by and addressed to its company: it is taken
 * once, as issued.
 */
function visibleWalks(companyId: string, filters: SQL | undefined, limit: number): SQL {
  const walk = (where: SQL | undefined) =>
    sql`(select ${invoice.id} as id, ${invoice.issuedAt} as issued_at, ${invoice.sequence} as sequence, ${invoice.createdAt} as created_at
      from ${invoice} where ${and(isNull(invoice.deletedAt), where, filters)} order by ${sql.join(INVOICE_LIST_ORDER, sql`, `)} limit ${limit})`;
  const issued = walk(eq(invoice.issuerCompanyId, companyId));
  const received = walk(and(eq(invoice.toCompanyId, companyId), isNotNull(invoice.issuedAt), sql`${invoice.issuerCompanyId} is distinct from ${companyId}`));
  return sql`${issued} union all ${received}`;
}

/** The merged walks' order: the list's (INVOICE_LIST_ORDER) on the walks' own columns. */
const WALKED_ORDER = sql`issued_at desc nulls first, sequence desc, created_at desc, id`;

/**
 * The ids of one page of the invoices a company sees (visibleTo) passing `filters`, in the
 * list's order: both walks go to the page's end and are merged, so a later page reads a few
 * hundred index entries, not every invoice.
 */
export async function pageOfVisible(db: AppDatabase, companyId: string, filters: SQL | undefined, window: { offset: number; perPage: number }): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select id from (${visibleWalks(companyId, filters, window.offset + window.perPage)}) as visible
    order by ${WALKED_ORDER} limit ${window.perPage} offset ${window.offset}`);
  return rows.map((row) => row.id);
}

/**
 * One page of the invoices a company sees passing `filters` and a search's test, with how
 * many match counted to `cap` + 1 (the invoice search count cap): both walks go on to cap + 1
 * matches, testing each index entry, and the page is cut from their merge. A broad word stops
 * early (a year found in most numbers: some 12,000 entries read), a rare one reads the two
 * indexes to their end; neither reads an invoice row.
 */
export async function searchOfVisible(db: AppDatabase, companyId: string, filters: SQL, window: { offset: number; perPage: number }, cap: number): Promise<{ ids: string[]; matched: number }> {
  const { rows } = await db.execute<{ id: string | null; matched: number }>(sql`
    with matches as (${visibleWalks(companyId, filters, cap + 1)})
    select page.id, counted.matched from (select count(*)::int as matched from matches) as counted
    left join lateral (select id from matches order by ${WALKED_ORDER} limit ${window.perPage} offset ${window.offset}) as page on true`);
  return { ids: rows.flatMap((row) => (row.id ? [row.id] : [])), matched: Number(rows[0]?.matched ?? 0) };
}

/**
 * How many invoices a company sees (visibleTo) passing `filters` (columns of the invoice
 * only), counted as pageOfVisible walks them: those it issues, plus the issued ones addressed
 * to it that it did not issue itself, each along its own index. One count over "issued by it
 * or addressed to it" read the whole table instead.
 */
export async function countVisible(db: AppDatabase, companyId: string, filters: SQL | undefined): Promise<number> {
  const issued = sql`(select count(*) from ${invoice} where ${and(isNull(invoice.deletedAt), eq(invoice.issuerCompanyId, companyId), filters)})`;
  const received = sql`(select count(*) from ${invoice} where ${and(isNull(invoice.deletedAt), eq(invoice.toCompanyId, companyId), isNotNull(invoice.issuedAt), sql`${invoice.issuerCompanyId} is distinct from ${companyId}`, filters)})`;
  const { rows } = await db.execute<{ total: number }>(sql`select (${issued} + ${received})::int as total`);
  return Number(rows[0]?.total ?? 0);
}

export async function findVisible(db: Writer, companyId: string, id: string): Promise<InvoiceRow> {
  if (!isUuid(id)) throw notFound('This invoice');
  const [row] = await selectInvoices(db, companyId).where(and(visibleTo(companyId), eq(invoice.id, id)));
  if (!row) throw notFound('This invoice');
  return row as InvoiceRow;
}

/** One of this company's own invoices, locked for the rest of the transaction; NOT_FOUND for any other. */
export async function lockIssued(tx: Writer, companyId: string, id: string): Promise<InvoiceRow> {
  if (!isUuid(id)) throw notFound('This invoice');
  const [locked] = await tx.select({ id: invoice.id }).from(invoice).where(and(eq(invoice.id, id), eq(invoice.issuerCompanyId, companyId), isNull(invoice.deletedAt))).for('update');
  if (!locked) throw notFound('This invoice');
  return findVisible(tx, companyId, id);
}
