import { and, eq, isNull } from 'drizzle-orm';
import { zodIssues } from '../../../lib/forms/zod-issues';
import { companyInvoiceDetailSchema } from '../../../lib/invoices/invoice-input';
import { companyInvoiceDetail, type InvoiceDetails } from '../../db/schema';
import { builder } from '../builder';
import { requireCompanyPermission } from '../auth/company-access';
import { invalidFields } from '../errors';
import { recordEvent } from '../record-event';
import { invoiceDetailsOf } from './invoice-parties';
import { INVOICE_WORDS } from './invoice-rows';

// findCompanyInvoiceDetail, updateCompanyInvoiceDetail: the company's own invoice details
// (legal name, VAT and registration numbers), which the invoices it issues print beside
// its profile's name and address.

const CompanyInvoiceDetailRef = builder.objectRef<{ legalName: string | null; vatNumber: string | null; registrationNumber: string | null }>('CompanyInvoiceDetail').implement({
  description: "The selected company's own invoice details: what its invoices print besides its profile's name and address",
  fields: (t) => ({
    legalName: t.exposeString('legalName', { nullable: true }),
    vatNumber: t.exposeString('vatNumber', { nullable: true }),
    registrationNumber: t.exposeString('registrationNumber', { nullable: true }),
  }),
});

builder.queryField('findCompanyInvoiceDetail', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyInvoiceDetailRef,
    description: "The selected company's own invoice details (all null when none are kept); needs jobAssignment read",
    resolve: async (_root, _args, context) => {
      const { companyId } = requireCompanyPermission(context, 'jobAssignment', 'read');
      const details = await invoiceDetailsOf(context.db, companyId, null);
      return { legalName: details?.legalName ?? null, vatNumber: details?.vatNumber ?? null, registrationNumber: details?.registrationNumber ?? null };
    },
  }),
);

const CompanyInvoiceDetailInput = builder.inputType('CompanyInvoiceDetailInput', {
  fields: (t) => ({
    legalName: t.string({ required: false }),
    vatNumber: t.string({ required: false, description: 'With its country prefix, e.g. GB123456789' }),
    registrationNumber: t.string({ required: false }),
  }),
});

builder.mutationField('updateCompanyInvoiceDetail', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CompanyInvoiceDetailRef,
    description: "Saves the selected company's own invoice details, used on the invoices it issues from then on (issued ones keep theirs). Needs company update; records company.update",
    args: { data: t.arg({ type: CompanyInvoiceDetailInput, required: true }) },
    resolve: async (_root, args, context) => {
      const { companyId } = requireCompanyPermission(context, 'company', 'update');
      const parsed = companyInvoiceDetailSchema.safeParse(args.data);
      if (!parsed.success) throw invalidFields(zodIssues(parsed.error), INVOICE_WORDS);
      const values = parsed.data;
      await context.db.transaction(async (tx) => {
        const [kept] = await tx.select({ id: companyInvoiceDetail.id, details: companyInvoiceDetail.details }).from(companyInvoiceDetail).where(and(eq(companyInvoiceDetail.companyId, companyId), isNull(companyInvoiceDetail.talentId))).for('update');
        const details: InvoiceDetails = { ...(kept?.details ?? {}), legalName: values.legalName ?? undefined, vatNumber: values.vatNumber?.replace(/\s+/g, '').toUpperCase() ?? undefined, registrationNumber: values.registrationNumber ?? undefined };
        if (kept) await tx.update(companyInvoiceDetail).set({ details }).where(eq(companyInvoiceDetail.id, kept.id));
        else await tx.insert(companyInvoiceDetail).values({ companyId, talentId: null, details });
        await recordEvent(tx, context.viewer, { type: 'company.update', toId: null, data: { entityId: companyId, companyId, changedFields: ['invoiceDetails'], after: { legalName: details.legalName ?? null, vatNumber: details.vatNumber ?? null, registrationNumber: details.registrationNumber ?? null } } });
      });
      const details = await invoiceDetailsOf(context.db, companyId, null);
      return { legalName: details?.legalName ?? null, vatNumber: details?.vatNumber ?? null, registrationNumber: details?.registrationNumber ?? null };
    },
  }),
);
