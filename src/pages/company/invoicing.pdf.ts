import type { APIRoute } from 'astro';
import { FIND_INVOICE_QUERY, invoiceDocumentOf, invoicePdfFilename } from '../../lib/invoices/invoicing-pages';
import { renderInvoicePdf } from '../../lib/invoices/invoice-pdf';
import { sendDocument } from '../../lib/graphql/send-document';
import { addressedId } from '../../lib/ids';
import { buildRoute } from '../../lib/routes/build-route';
import { invoiceFonts } from '../../server/bff/page/invoice-fonts';
import { pageGraphql } from '../../server/bff/page/page-forms';

/**
 * An issued invoice of /company/invoicing as its PDF with the Factur-X data embedded
 * (?id=…). The API decides who may read it (jobAssignment read in the selected company,
 * the issuer or the addressee); anyone else and any draft get the not-found page.
 */
export const GET: APIRoute = async (context) => {
  const { url, locals } = context;
  const id = addressedId(url);
  if (!id) return context.rewrite('/404');
  if (!locals.selectedCompany) return context.redirect(buildRoute('companyMyCompanies'), 303);
  const answer = await sendDocument(pageGraphql(context), FIND_INVOICE_QUERY, { id });
  const code = answer.errors[0]?.extensions?.code;
  if (code === 'FORBIDDEN') return new Response(locals.t('forbidden.heading'), { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const found = answer.data?.findInvoice;
  if (!found) {
    if (code === 'NOT_FOUND') return context.rewrite('/404');
    throw new Error(`invoice PDF failed: ${answer.errors[0]?.message ?? answer.status}`);
  }
  const document = invoiceDocumentOf(found);
  if (!document) return context.rewrite('/404');
  const pdf = await renderInvoicePdf(document, await invoiceFonts(), locals.t);
  return new Response(new Blob([pdf as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${invoicePdfFilename(document.number)}"`,
      // A company's accounts: never kept by a shared cache.
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
};
