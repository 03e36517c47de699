import type { APIRoute } from 'astro';
import { pageGraphql } from '../../server/bff/page/page-forms';
import { buildRoute } from '../../lib/routes/build-route';
import { transactionTypeLabelKey } from '../../lib/transactions/balance-transaction-types';
import { toApiFilter } from '../../lib/transactions/transaction-filter';
import { ledgerExportVariables, readExport, TRANSACTIONS_EXPORT_QUERY } from '../../lib/transactions/transaction-queries';
import { readTransactionsRequest } from '../../lib/transactions/transactions-request';
import { TRANSACTIONS_CSV_COLUMNS, csvDownloadHeaders, transactionsCsv, transactionsCsvFilename, type TransactionsCsvColumn } from '../../lib/transactions/transactions-csv';
import { sendDocument } from '../../lib/graphql/send-document';

/**
 * "Export CSV" of /talent/transactions: every transaction of the page's filter (all
 * pages, same address parameters), as a download. Anything that is not a file to hand
 * over (a bad period, too many rows) goes back to the page, which says what is wrong.
 */
export const GET: APIRoute = async (context) => {
  const { locals, url } = context;
  const { t } = locals;
  const backToPage = `${buildRoute('talentTransactions')}${url.search}`;
  // Signed-in only: the middleware guards everything under /talent/, this endpoint too.
  const send = pageGraphql(context);
  const { filter } = await readTransactionsRequest(send, url, new Date());
  if (filter.problems.length) return context.redirect(backToPage, 303);
  const result = readExport(await sendDocument(send, TRANSACTIONS_EXPORT_QUERY, ledgerExportVariables(filter)));
  if (result.exceedsLimit) return context.redirect(backToPage, 303);

  const headings = Object.fromEntries(TRANSACTIONS_CSV_COLUMNS.map((column) => [column, t(`transactions.export.columns.${column}`)])) as Record<TransactionsCsvColumn, string>;
  const csv = transactionsCsv(result.items, { headings, typeLabel: (type) => t(transactionTypeLabelKey(type)) });
  const { from, to } = toApiFilter(filter);
  return new Response(csv, { headers: csvDownloadHeaders(transactionsCsvFilename(from, to)) });
};
