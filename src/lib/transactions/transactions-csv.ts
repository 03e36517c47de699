import { isCalendarDay } from './period';
import { csvStream, dateCell, decimalCell, textCell, type CsvCell } from '../format/csv';
import type { BalanceTransactionTypeValue } from './balance-transaction-types';

/** An export is read from the API and written to the file this many rows at a time: what the web server holds at once, however long the file. */
export const LEDGER_EXPORT_PART_ROWS = 2_000;
/**
 * The first part is smaller, so that the download starts at once: the file's first byte
 * waits for it (2,000 rows: about 120 ms in a large tenant; 200: about 60), the rest of the
 * file comes in the larger parts, which cost fewer round trips.
 */
export const LEDGER_EXPORT_FIRST_PART_ROWS = 200;

/** How many rows the export part after `after` holds at most (the first one, after nothing, is smaller). */
export const ledgerExportPartRows = (after: string | null): number => (after === null ? LEDGER_EXPORT_FIRST_PART_ROWS : LEDGER_EXPORT_PART_ROWS);

export interface CsvTransactionRow {
  id: string;
  /** ISO 8601 instant. */
  createdAt: string;
  type: BalanceTransactionTypeValue;
  change: string;
  currency: string;
  balanceAfter: string;
  companyName: string | null;
  assignmentTitle: string | null;
  /** The company's export names the talent of each roster entry. */
  talentName?: string | null;
  employeeNumber?: string | null;
}

export interface TransactionsCsvText {
  /** Column headings of the columns written. */
  headings: Partial<Record<TransactionsCsvColumn, string>>;
  /** A type's display name ('Commission' for COMISSION). */
  typeLabel: (type: BalanceTransactionTypeValue) => string;
}

/** The talent's export: whose money it is goes without saying, so each row names the company. */
export const TRANSACTIONS_CSV_COLUMNS = ['date', 'type', 'company', 'assignment', 'change', 'currency', 'balanceAfter', 'id'] as const;
/** The company's export: its own ledger, so each row names the talent and their employee number. */
export const COMPANY_TRANSACTIONS_CSV_COLUMNS = ['date', 'type', 'talent', 'employeeNumber', 'assignment', 'change', 'currency', 'balanceAfter', 'id'] as const;
export type TransactionsCsvColumn = (typeof TRANSACTIONS_CSV_COLUMNS)[number] | (typeof COMPANY_TRANSACTIONS_CSV_COLUMNS)[number];

function cellOf(column: TransactionsCsvColumn, row: CsvTransactionRow, text: Pick<TransactionsCsvText, 'typeLabel'>): CsvCell {
  switch (column) {
    case 'date':
      return dateCell(new Date(row.createdAt).toISOString().slice(0, 10));
    case 'type':
      return textCell(text.typeLabel(row.type));
    case 'company':
      return textCell(row.companyName);
    case 'talent':
      return textCell(row.talentName);
    case 'employeeNumber':
      return textCell(row.employeeNumber);
    case 'assignment':
      return textCell(row.assignmentTitle);
    case 'change':
      return decimalCell(row.change);
    case 'currency':
      return textCell(row.currency);
    case 'balanceAfter':
      return decimalCell(row.balanceAfter);
    case 'id':
      return textCell(row.id);
  }
}

/** The heading row and a row's cells, in the columns given (the talent's list unless the company's is given). */
function transactionsCsvCells(text: TransactionsCsvText, columns: readonly TransactionsCsvColumn[]) {
  return {
    heading: columns.map((column) => textCell(text.headings[column])),
    lineOf: (row: CsvTransactionRow) => columns.map((column) => cellOf(column, row, text)),
  };
}

/**
 * The export file, written part by part as the parts of the export arrive: a heading row,
 * then one row per transaction with its UTC day (as the page shows it), amounts as plain
 * decimals and the running balance after it. `columns` is the talent's list unless the
 * company's is given; `ready` holds the next part back until the download has taken the
 * last (csvStream).
 */
export function transactionsCsvStream(
  parts: AsyncIterable<readonly CsvTransactionRow[]>,
  text: TransactionsCsvText,
  columns: readonly TransactionsCsvColumn[] = TRANSACTIONS_CSV_COLUMNS,
  ready?: () => Promise<void>,
): ReadableStream<Uint8Array> {
  const { heading, lineOf } = transactionsCsvCells(text, columns);
  async function* batches() {
    let first = true;
    for await (const rows of parts) {
      yield first ? [heading, ...rows.map(lineOf)] : rows.map(lineOf);
      first = false;
    }
    if (first) yield [heading];
  }
  return csvStream(batches(), ready);
}

/** transactions-2025-01-01-2025-12-31.csv (or another prefix); only checked days reach the header. */
export function transactionsCsvFilename(from: string, to: string, prefix = 'transactions'): string {
  if (!isCalendarDay(from) || !isCalendarDay(to)) throw new Error(`Not a period: ${from} to ${to}`);
  return `${prefix}-${from}-${to}.csv`;
}

/** The headers of a CSV export: a download of people's money, never kept by a shared cache or the browser's back button. */
export function csvDownloadHeaders(filename: string): Record<string, string> {
  return {
    'content-type': 'text/csv; charset=utf-8; header=present',
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  };
}
