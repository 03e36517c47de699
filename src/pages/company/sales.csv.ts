import type { APIRoute } from 'astro';
import { sendDocument } from '../../lib/graphql/send-document';
import { COMPANY_SALES_CSV_COLUMNS, companySalesCsv, companySalesCsvFilename, type CompanySalesCsvColumn } from '../../lib/sales/company-sales-csv';
import { COMPANY_SALES_EXPORT_QUERY, readCompanySalesExport, readCompanySalesRequest, toApiSalesFilter } from '../../lib/sales/company-sales-pages';
import { csvDownloadHeaders } from '../../lib/transactions/transactions-csv';
import { companyExportRequest } from '../../server/bff/page/company-export';

/**
 * "Download CSV" of /company/sales: every row of the page's filter (all pages, the same
 * address parameters) as a file. Without the page's permission, or with wrong months, it
 * goes back to the page, which answers 403 or says what is wrong.
 */
export const GET: APIRoute = async (context) => {
  const start = companyExportRequest(context, 'companySales');
  if (start instanceof Response) return start;
  const { send, backToPage } = start;
  const { filters } = await readCompanySalesRequest(send, context.url, new Date());
  if (filters.issues.length) return backToPage();
  const rows = readCompanySalesExport(await sendDocument(send, COMPANY_SALES_EXPORT_QUERY, { filter: toApiSalesFilter(filters) }));
  const headings = Object.fromEntries(COMPANY_SALES_CSV_COLUMNS.map((column) => [column, context.locals.t(`companySales.export.columns.${column}`)])) as Record<CompanySalesCsvColumn, string>;
  return new Response(companySalesCsv(rows, headings), { headers: csvDownloadHeaders(companySalesCsvFilename(filters.from, filters.to)) });
};
