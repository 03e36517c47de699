import type { APIRoute } from 'astro';
import { pageGraphql } from '../../server/bff/page/page-forms';
import { buildRoute } from '../../lib/routes/build-route';
import { transactionTypeLabelKey } from '../../lib/transactions/balance-transaction-types';
import { toApiFilter } from '../../lib/transactions/transaction-filter';
import { ledgerExportRows, ledgerExportVariables, readExport, TRANSACTIONS_EXPORT_QUERY } from '../../lib/transactions/transaction-queries';
import { readTransactionsRequest } from '../../lib/transactions/transactions-request';
import { TRANSACTIONS_CSV_COLUMNS, csvDownloadHeaders, transactionsCsvFilename, transactionsCsvStream, type TransactionsCsvColumn } from '../../lib/transactions/transactions-csv';
import { sendDocument } from '../../lib/graphql/send-document';

/**
 * "Export CSV" of /talent/transactions: every transaction of the page's filter (all
 * pages, same address parameters), as a download written as its parts arrive from the
 * API. A bad period goes back to the page, which says what is wrong.
 */
export const GET: APIRoute = async (context) => {
  const { locals, url } = context;
  const { t } = locals;
  // Signed-in only: the middleware guards everything under /talent/, this endpoint too.
  const send = pageGraphql(context);
  const { filter } = await readTransactionsRequest(send, url, new Date());
  if (filter.problems.length) return context.redirect(`${buildRoute('talentTransactions')}${url.search}`, 303);
  const readPart = async (after: string | null) => readExport(await sendDocument(send, TRANSACTIONS_EXPORT_QUERY, ledgerExportVariables(filter, after)));
  const first = await readPart(null);

  const headings = Object.fromEntries(TRANSACTIONS_CSV_COLUMNS.map((column) => [column, t(`transactions.export.columns.${column}`)])) as Record<TransactionsCsvColumn, string>;
  const csv = transactionsCsvStream(ledgerExportRows(first, readPart, filter), { headings, typeLabel: (type) => t(transactionTypeLabelKey(type)) }, TRANSACTIONS_CSV_COLUMNS, locals.responseDrained);
  const { from, to } = toApiFilter(filter);
  return new Response(csv, { headers: csvDownloadHeaders(transactionsCsvFilename(from, to)) });
};
