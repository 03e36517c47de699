import { and, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { isUuid } from '../../../lib/ids';
import { escapeLike } from '../../db/like-pattern';
import { invoice, talentProfile } from '../../db/schema';
import { requireMyTalentProfileId } from '../auth/my-talent-profile';
import { builder } from '../builder';
import { requireCompanyPermission } from '../auth/company-access';
import { notFound } from '../errors';
import { pageArgs, pageWindow } from '../pagination';
import { findVisible, fromCompany, INVOICE_LIST_ORDER, NO_COMPANY, pageOfVisible, selectInvoices, toCompany, visibleTo, type InvoiceRow } from './invoice-rows';
import { Invoice, InvoiceKindEnum, InvoicePage, InvoiceStatusEnum } from './invoice-types';

// findManyInvoice, findInvoice: the invoices a company issues or receives, read with the
// jobAssignment permission as billings are (the permission model has no invoice resource).
// myInvoice: the talent's copy of a self-billed invoice in their name.

builder.queryField('findManyInvoice', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: InvoicePage,
    description: 'Invoices the selected company issues (drafts first) and issued ones addressed to it, newest first; needs jobAssignment read',
    args: {
      ...pageArgs,
      status: t.arg({ type: InvoiceStatusEnum }),
      kind: t.arg({ type: InvoiceKindEnum }),
      drafts: t.arg.boolean({ description: 'true: drafts only; false: issued only' }),
      q: t.arg.string({ description: 'Part of the number, the talent or a party' }),
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
      const where = and(
        visibleTo(companyId),
        filters,
        pattern ? or(ilike(invoice.number, pattern), ilike(talentProfile.profileName, pattern), ilike(toCompany.name, pattern), ilike(fromCompany.name, pattern)) : undefined,
      );
      // Without a search the page's ids come first from the two list indexes (pageOfVisible),
      // then their rows; a search matches across the joined names, so it reads them all.
      const pageRows = pattern
        ? selectInvoices(context.db, companyId).where(where).orderBy(...INVOICE_LIST_ORDER).limit(window.perPage).offset(window.offset)
        : pageOfVisible(context.db, companyId, filters, window).then((ids) =>
            ids.length ? selectInvoices(context.db, companyId).where(inArray(invoice.id, ids)).orderBy(...INVOICE_LIST_ORDER) : [],
          );
      const [rows, [counted]] = await Promise.all([
        pageRows,
        context.db
          .select({ total: sql<number>`count(*)::int` })
          .from(invoice)
          .leftJoin(talentProfile, eq(talentProfile.id, invoice.talentProfileId))
          .leftJoin(fromCompany, eq(fromCompany.id, invoice.fromCompanyId))
          .leftJoin(toCompany, eq(toCompany.id, invoice.toCompanyId))
          .where(where),
      ]);
      return { items: rows as InvoiceRow[], total: Number(counted?.total ?? 0), page: window.page, perPage: window.perPage };
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
      const [row] = await selectInvoices(context.db, NO_COMPANY).where(
        and(eq(invoice.id, id), eq(invoice.talentProfileId, profileId), eq(invoice.selfBilled, true), isNotNull(invoice.issuedAt), isNull(invoice.deletedAt)),
      );
      if (!row) throw notFound('This invoice');
      return row as InvoiceRow;
    },
  }),
);
