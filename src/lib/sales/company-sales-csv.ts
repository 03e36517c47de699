import { parsePeriodValue } from '../billing/billing-period';
import { decimalCell, textCell, toCsv, type CsvCell } from '../format/csv';

// The CSV of /company/sales: the page's rows (every page), written with the project's one
// CSV writer (src/lib/format/csv.ts: BOM, RFC 4180 quoting, client names defused
// against formula injection; amounts as plain decimals a spreadsheet adds up).

export const COMPANY_SALES_CSV_COLUMNS = ['month', 'client', 'currency', 'sales', 'billed', 'margin', 'marginPercent', 'billings'] as const;
export type CompanySalesCsvColumn = (typeof COMPANY_SALES_CSV_COLUMNS)[number];

export interface CsvSaleRow {
  /** yyyy-mm */
  period: string;
  clientName: string | null;
  currency: string;
  sales: string;
  billed: string;
  margin: string;
  marginPercent: string | null;
  billings: number;
}

function cellOf(column: CompanySalesCsvColumn, row: CsvSaleRow): CsvCell {
  switch (column) {
    case 'month':
      return textCell(row.period);
    case 'client':
      return textCell(row.clientName);
    case 'currency':
      return textCell(row.currency);
    case 'sales':
      return decimalCell(row.sales);
    case 'billed':
      return decimalCell(row.billed);
    case 'margin':
      return decimalCell(row.margin);
    case 'marginPercent':
      // No sales to divide by: an empty cell, not a made-up number.
      return row.marginPercent === null ? textCell('') : decimalCell(row.marginPercent);
    case 'billings':
      return decimalCell(String(row.billings));
  }
}

/** The file: the headings, then one line per month, client and currency. */
export function companySalesCsv(rows: readonly CsvSaleRow[], headings: Record<CompanySalesCsvColumn, string>): string {
  return toCsv([COMPANY_SALES_CSV_COLUMNS.map((column) => textCell(headings[column])), ...rows.map((row) => COMPANY_SALES_CSV_COLUMNS.map((column) => cellOf(column, row)))]);
}

/** sales-2025-01-2025-12.csv; only checked months reach the header. */
export function companySalesCsvFilename(from: string, to: string): string {
  const isMonth = (text: string) => /^\d{4}-\d{2}$/.test(text) && parsePeriodValue(text) !== null;
  if (!isMonth(from) || !isMonth(to)) throw new Error(`Not a range of months: ${from} to ${to}`);
  return `sales-${from}-${to}.csv`;
}
