import type { APIContext } from 'astro';
import type { DocumentAnswer } from '../../../lib/graphql/send-document';
import { invoiceDocumentOf, invoicePdfFilename, type InvoiceDetail } from '../../../lib/invoices/invoicing-pages';
import { renderInvoicePdf } from '../../../lib/invoices/invoice-pdf';
import { pdfFonts } from './pdf-fonts';

/**
 * An issued invoice as its PDF with the Factur-X data embedded, from what the API let the
 * caller read (the company's findInvoice, the talent's myInvoice). Anything the API refused,
 * and any draft, gets the not-found page (FORBIDDEN gets 403): it says nothing of what exists.
 */
export async function invoicePdfResponse(context: Pick<APIContext, 'locals' | 'rewrite'>, answer: DocumentAnswer<Record<string, InvoiceDetail | null | undefined>>, field: string): Promise<Response> {
  const code = answer.errors[0]?.extensions?.code;
  if (code === 'FORBIDDEN') return new Response(context.locals.t('forbidden.heading'), { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const found = answer.data?.[field];
  if (!found) {
    if (code === 'NOT_FOUND') return context.rewrite('/404');
    throw new Error(`invoice PDF failed: ${answer.errors[0]?.message ?? answer.status}`);
  }
  const document = invoiceDocumentOf(found);
  if (!document) return context.rewrite('/404');
  const pdf = await renderInvoicePdf(document, await pdfFonts(), context.locals.t, context.locals.language);
  return new Response(new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${invoicePdfFilename(document.number)}"`,
      // Money of a company or a person: never kept by a shared cache.
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
