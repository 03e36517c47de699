import { and, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Writer } from '../../db/client';
import { isUuid } from '../../../lib/ids';
import { escapeLike } from '../../db/like-pattern';
import { company, invoice, talentProfile } from '../../db/schema';
import { requireMyTalentProfileId } from '../auth/my-talent-profile';
import { builder } from '../builder';
import { requireCompanyPermission } from '../auth/company-access';
import { notFound } from '../errors';
import { pageArgs, pageWindow } from '../pagination';
import { talentsInvoiceCopies } from './invoice-document-source';
import { countVisible, findVisible, INVOICE_LIST_ORDER, NO_COMPANY, pageOfVisible, selectInvoices, visibleTo, type InvoiceRow } from './invoice-rows';
import { Invoice, INVOICE_SEARCH_COUNT_CAP, InvoiceKindEnum, InvoicePage, InvoiceStatusEnum } from './invoice-types';

// findManyInvoice, findInvoice: the invoices a company issues or receives, read with the
// jobAssignment permission as billings are (the permission model has no invoice resource).
// myInvoice: the talent's copy of a self-billed invoice in their name.

/**
 * The invoices whose number, talent's name or either party's name holds `pattern`: each part
 * read down its own index (the number's trigrams; the talents whose name matches, then their
 * invoices; the parties' invoices), so that a search reads what matches rather than every
 * invoice of the company joined with three names.
 */
function invoicesMatching(db: Writer, pattern: string): SQL {
  const ids = (where: SQL) => db.select({ id: invoice.id }).from(invoice).where(where);
  // As an array: PostgreSQL then reads the talents' invoices down their index, where a join
  // guessed a hundred talents for a name and read every invoice instead.
  const talents = sql`array(${db.select({ id: talentProfile.id }).from(talentProfile).where(ilike(talentProfile.profileName, pattern))})`;
  const companies = db.select({ id: company.id }).from(company).where(ilike(company.name, pattern));
  const matching = union(ids(ilike(invoice.number, pattern)), ids(sql`${invoice.talentProfileId} = any(${talents})`), ids(inArray(invoice.fromCompanyId, companies)), ids(inArray(invoice.toCompanyId, companies)));
  return inArray(invoice.id, matching);
}

/**
 * The same search as invoicesMatching, tested on one invoice at a time: for a search that
 * matches more than the cap, whose page is found by walking the list's order
 * (pageOfVisible) until it holds enough matches, which for a broad word is soon.
 */
function invoiceMatches(pattern: string): SQL {
  const talentNamed = sql`exists (select 1 from ${talentProfile} where ${talentProfile.id} = ${invoice.talentProfileId} and ${ilike(talentProfile.profileName, pattern)})`;
  const partyNamed = sql`exists (select 1 from ${company} where ${company.id} in (${invoice.fromCompanyId}, ${invoice.toCompanyId}) and ${ilike(company.name, pattern)})`;
  return or(ilike(invoice.number, pattern), talentNamed, partyNamed)!;
}

/**
 * The ids of every invoice the search matches, when there are at most `cap` (the invoice
 * search count cap): the page and the total then read those rows alone; null when more
 * match (a party's name, a year), and the list walks its order instead, up to the cap.
 */
async function invoiceSearchIds(db: Writer, where: SQL | undefined, cap: number): Promise<string[] | null> {
  const ids = await db.select({ id: invoice.id }).from(invoice).where(where).limit(cap + 1);
  return ids.length > cap ? null : ids.map((row) => row.id);
}

builder.queryField('findManyInvoice', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: InvoicePage,
    description: 'Invoices the selected company issues (drafts first) and issued ones addressed to it, newest first; needs jobAssignment read',
    args: {
      ...pageArgs,
      status: t.arg({ type: InvoiceStatusEnum }),
      kind: t.arg({ type: InvoiceKindEnum }),
      drafts: t.arg.boolean({ description: 'true: drafts only; false: issued only' }),
      q: t.arg.string({ description: `Part of the number, the talent or a party; the matches are counted up to ${INVOICE_SEARCH_COUNT_CAP} (totalIsExact)` }),
    },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'read');
      const window = pageWindow(args);
      const q = args.q?.trim().slice(0, 200);
      const pattern = q ? `%${escapeLike(q)}%` : null;
      const filters = and(
        args.status ? eq(invoice.status, args.status) : undefined,
        args.kind ? eq(invoice.kind, args.kind) : undefined,
        args.drafts === true ? isNull(invoice.issuedAt) : args.drafts === false ? isNotNull(invoice.issuedAt) : undefined,
      );
      const where = and(visibleTo(companyId), filters, pattern ? invoicesMatching(context.db, pattern) : undefined);
      const rowsOf = (ids: string[]) => selectInvoices(context.db, companyId).where(inArray(invoice.id, ids)).orderBy(...INVOICE_LIST_ORDER);
      const page = { page: window.page, perPage: window.perPage };
      if (!pattern) {
        // The page's ids come first from the two list indexes (pageOfVisible), and the count
        // reads the same two (countVisible).
        const [rows, total] = await Promise.all([
          pageOfVisible(context.db, companyId, filters, window).then((ids) => (ids.length ? rowsOf(ids) : [])),
          countVisible(context.db, companyId, filters),
        ]);
        return { ...page, items: rows as InvoiceRow[], total, totalIsExact: true };
      }
      // A search's few matches are read by id and counted exactly; more than the cap walk the
      // list's order testing each invoice, counted no further, and the pages end at the cap.
      const found = await invoiceSearchIds(context.db, where, INVOICE_SEARCH_COUNT_CAP);
      if (found) return { ...page, items: (found.length ? await rowsOf(found).limit(window.perPage).offset(window.offset) : []) as InvoiceRow[], total: found.length, totalIsExact: true };
      const wanted = Math.min(window.perPage, INVOICE_SEARCH_COUNT_CAP - window.offset);
      const ids = wanted > 0 ? await pageOfVisible(context.db, companyId, and(filters, invoiceMatches(pattern)), { offset: window.offset, perPage: wanted }) : [];
      const rows = ids.length ? await rowsOf(ids) : [];
      return { ...page, items: rows as InvoiceRow[], total: INVOICE_SEARCH_COUNT_CAP, totalIsExact: false };
    },
  }),
);

builder.queryField('findInvoice', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Invoice,
    description: 'One invoice the selected company issues or receives; NOT_FOUND for any other id (another company\'s draft too); needs jobAssignment read',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'read');
      return findVisible(context.db, companyId, String(args.id));
    },
  }),
);

builder.queryField('myInvoice', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Invoice,
    description: "An issued self-billed invoice or credit note in the signed-in talent's name (their copy, which self-billing owes them); NOT_FOUND for any other id",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const id = String(args.id);
      if (!isUuid(id)) throw notFound('This invoice');
      const profileId = await requireMyTalentProfileId(context);
      // No company acts here: the nil id makes every company action false.
      const [row] = await selectInvoices(context.db, NO_COMPANY).where(and(eq(invoice.id, id), talentsInvoiceCopies([profileId])));
      if (!row) throw notFound('This invoice');
      return row as InvoiceRow;
    },
  }),
);
