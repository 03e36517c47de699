import type { APIRoute } from 'astro';
import { FIND_INVOICE_QUERY } from '../../lib/invoices/invoicing-pages';
import { sendDocument } from '../../lib/graphql/send-document';
import { addressedId } from '../../lib/ids';
import { buildRoute } from '../../lib/routes/build-route';
import { invoicePdfResponse } from '../../server/bff/page/invoice-download';
import { pageGraphql } from '../../server/bff/page/page-forms';

/**
 * An issued invoice of /company/invoicing as its PDF with the Factur-X data embedded
 * (?id=…). The API decides who may read it (jobAssignment read in the selected company,
 * the issuer or the addressee).
 */
export const GET: APIRoute = async (context) => {
  const id = addressedId(context.url);
  if (!id) return context.rewrite('/404');
  if (!context.locals.selectedCompany) return context.redirect(buildRoute('companyMyCompanies'), 303);
  return invoicePdfResponse(context, await sendDocument(pageGraphql(context), FIND_INVOICE_QUERY, { id }), 'findInvoice');
};
