import type { APIRoute } from 'astro';
import { sendDocument } from '../../lib/graphql/send-document';
import { permitsPage } from '../../lib/permissions/effective-permissions';
import { buildRoute } from '../../lib/routes/build-route';
import { findRouteByKey } from '../../lib/routes/route-table';
import { COMPANY_SALES_CSV_COLUMNS, companySalesCsv, companySalesCsvFilename } from '../../lib/sales/company-sales-csv';
import { COMPANY_SALES_EXPORT_QUERY, readCompanySalesExport, readCompanySalesRequest, toApiSalesFilter } from '../../lib/sales/company-sales-pages';
import { csvDownloadHeaders } from '../../lib/transactions/transactions-csv';
import { pageGraphql } from '../../server/bff/page/page-forms';

/**
 * "Download CSV" of /company/sales: every row of the page's filter (all pages, the same
 * address parameters) as a file. Anything that is not a file to hand over (no company
 * selected, no permission, wrong months) goes back to the page, which says what is wrong
 * (or answers 403).
 */
export const GET: APIRoute = async (context) => {
  const { locals, url } = context;
  const { t, selectedCompany } = locals;
  const backToPage = `${buildRoute('companySales')}${url.search}`;
  // Signed-in only: the middleware guards everything under /company/, this endpoint too.
  // The page's permissions are checked here as the guard checks them for the page.
  if (!selectedCompany || !permitsPage(findRouteByKey('companySales')?.permissions, selectedCompany.permissions)) return context.redirect(backToPage, 303);
  const send = pageGraphql(context);
  const { filters } = await readCompanySalesRequest(send, url, new Date());
  if (filters.issues.length) return context.redirect(backToPage, 303);
  const rows = readCompanySalesExport(await sendDocument(send, COMPANY_SALES_EXPORT_QUERY, { filter: toApiSalesFilter(filters) }));
  const headings = Object.fromEntries(COMPANY_SALES_CSV_COLUMNS.map((column) => [column, t(`companySales.export.columns.${column}`)])) as Record<(typeof COMPANY_SALES_CSV_COLUMNS)[number], string>;
  return new Response(companySalesCsv(rows, headings), { headers: csvDownloadHeaders(companySalesCsvFilename(filters.from, filters.to)) });
};
