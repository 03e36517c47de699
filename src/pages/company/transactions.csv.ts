import type { APIRoute } from 'astro';
import { companyExportRequest } from '../../server/bff/page/company-export';
import { transactionTypeLabelKey } from '../../lib/transactions/balance-transaction-types';
import { toApiFilter } from '../../lib/transactions/transaction-filter';
import { ledgerExportRows, ledgerExportVariables, readExport } from '../../lib/transactions/transaction-queries';
import { COMPANY_TRANSACTIONS_CSV_COLUMNS, csvDownloadHeaders, transactionsCsvFilename, transactionsCsvStream } from '../../lib/transactions/transactions-csv';
import { COMPANY_TRANSACTIONS_EXPORT_QUERY, readCompanyTransactionsRequest } from '../../lib/talent-roster/ledger-pages';
import { sendDocument } from '../../lib/graphql/send-document';

/**
 * "Export CSV" of /company/transactions: every ledger entry of the page's filter (all
 * pages, same address parameters) as a download written as its parts arrive from the API,
 * with the talent's CSV module. Anything that is not a file to hand over (no company
 * selected, no permission, a bad period) goes back to the page, which says what is wrong
 * (or answers 403).
 */
export const GET: APIRoute = async (context) => {
  const start = companyExportRequest(context, 'companyTransactions');
  if (start instanceof Response) return start;
  const { send, backToPage } = start;
  const { t } = context.locals;
  const { filter } = await readCompanyTransactionsRequest(send, context.url, new Date());
  if (filter.problems.length) return backToPage();
  const readPart = async (after: string | null) => readExport(await sendDocument(send, COMPANY_TRANSACTIONS_EXPORT_QUERY, ledgerExportVariables(filter, after)));
  const first = await readPart(null);

  const headings = Object.fromEntries(COMPANY_TRANSACTIONS_CSV_COLUMNS.map((column) => [column, t(`transactions.export.columns.${column}`)]));
  const csv = transactionsCsvStream(ledgerExportRows(first, readPart, filter), { headings, typeLabel: (type) => t(transactionTypeLabelKey(type)) }, COMPANY_TRANSACTIONS_CSV_COLUMNS, context.locals.responseDrained);
  const { from, to } = toApiFilter(filter);
  return new Response(csv, { headers: csvDownloadHeaders(transactionsCsvFilename(from, to, 'company-transactions')) });
};
