import { and, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Writer } from '../../db/client';
import { isUuid } from '../../../lib/ids';
import { escapeLike } from '../../db/like-pattern';
import { company, invoice } from '../../db/schema';
import { requireMyTalentProfileId } from '../auth/my-talent-profile';
import { builder } from '../builder';
import { requireCompanyPermission } from '../auth/company-access';
import { notFound } from '../errors';
import { pageArgs, pageWindow } from '../pagination';
import { talentsInvoiceCopies } from './invoice-document-source';
import { countVisible, findVisible, INVOICE_LIST_ORDER, NO_COMPANY, pageOfVisible, searchOfVisible, selectInvoices, type InvoiceRow } from './invoice-rows';
import { Invoice, INVOICE_SEARCH_COUNT_CAP, InvoiceKindEnum, InvoicePage, InvoiceStatusEnum } from './invoice-types';

// findManyInvoice, findInvoice: the invoices a company issues or receives, read with the
// jobAssignment permission as billings are (the permission model has no invoice resource).
// myInvoice: the talent's copy of a self-billed invoice in their name.

/**
 * The invoice search's test of one invoice: its number or its talent's name holds the text
 * (the search text kept on the invoice, in lower case), or either party's name does (the
 * companies so named, read once). Every column it reads is in the list indexes, so the
 * search walks them alone (searchOfVisible).
 */
function invoiceMatches(db: Writer, pattern: string): SQL {
  const parties = db.select({ id: company.id }).from(company).where(ilike(company.name, pattern));
  return or(sql`${invoice.searchText} like lower(${pattern})`, inArray(invoice.fromCompanyId, parties), inArray(invoice.toCompanyId, parties))!;
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
      // A search is counted up to the cap: past it the total is the cap, totalIsExact false,
      // and the pages end there.
      const wanted = Math.max(0, Math.min(window.perPage, INVOICE_SEARCH_COUNT_CAP - window.offset));
      const { ids, matched } = await searchOfVisible(context.db, companyId, and(filters, invoiceMatches(context.db, pattern))!, { offset: window.offset, perPage: wanted }, INVOICE_SEARCH_COUNT_CAP);
      const rows = ids.length ? await rowsOf(ids) : [];
      return { ...page, items: rows as InvoiceRow[], total: Math.min(matched, INVOICE_SEARCH_COUNT_CAP), totalIsExact: matched <= INVOICE_SEARCH_COUNT_CAP };
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
