import type { APIRoute } from 'astro';
import { MY_INVOICE_QUERY } from '../../lib/invoices/invoicing-pages';
import { sendDocument } from '../../lib/graphql/send-document';
import { addressedId } from '../../lib/ids';
import { invoicePdfResponse } from '../../server/bff/page/invoice-download';
import { pageGraphql } from '../../server/bff/page/page-forms';

/**
 * The talent's copy of a self-billed invoice issued in their name (?id=<invoice id>), from
 * their billing on /talent/billing. Signed-in only (the middleware guards /talent/); the
 * API's myInvoice lets through only the talent's own issued self-billed invoices.
 */
export const GET: APIRoute = async (context) => {
  const id = addressedId(context.url);
  if (!id) return context.rewrite('/404');
  return invoicePdfResponse(context, await sendDocument(pageGraphql(context), MY_INVOICE_QUERY, { id }), 'myInvoice');
};
