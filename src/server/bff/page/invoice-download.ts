import type { APIContext } from 'astro';
import type { DocumentAnswer } from '../../../lib/graphql/send-document';
import { invoiceDocumentOf, invoicePdfFilename, type InvoiceDetail } from '../../../lib/invoices/invoicing-pages';
import type { InvoiceDocument } from '../../../lib/invoices/invoice-document';
import { renderInvoicePdf } from '../../../lib/invoices/invoice-pdf';
import type { Translate } from '../../../lib/i18n/i18n';
import type { Language } from '../../../lib/i18n/namespaces';
import { pdfFonts } from './pdf-fonts';

/** An issued invoice's PDF with its Factur-X data, in `language`: the download below, and the personal data archive's copies. */
export async function invoicePdfOf(document: InvoiceDocument, t: Translate, language: Language): Promise<Uint8Array> {
  return renderInvoicePdf(document, await pdfFonts(), t, language);
}

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
  const pdf = await invoicePdfOf(document, context.locals.t, context.locals.language);
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
