import { isCalendarDay } from './period';
import { dateCell, decimalCell, textCell, toCsv } from './csv';
import type { BalanceTransactionTypeValue } from './balance-transaction-types';

/** At most this many rows go into one export: past it the talent is asked for a shorter period. */
export const CSV_EXPORT_MAX_ROWS = 50_000;

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
}

export interface TransactionsCsvText {
  /** Column headings, in the order of COLUMNS. */
  headings: Record<TransactionsCsvColumn, string>;
  /** A type's display name ('Commission' for COMISSION). */
  typeLabel: (type: BalanceTransactionTypeValue) => string;
}

export const TRANSACTIONS_CSV_COLUMNS = ['date', 'type', 'company', 'assignment', 'change', 'currency', 'balanceAfter', 'id'] as const;
export type TransactionsCsvColumn = (typeof TRANSACTIONS_CSV_COLUMNS)[number];

/**
 * The export file: a heading row, then one row per transaction with its UTC day (as the
 * page shows it), amounts as plain decimals and the running balance after it.
 */
export function transactionsCsv(rows: readonly CsvTransactionRow[], text: TransactionsCsvText): string {
  const heading = TRANSACTIONS_CSV_COLUMNS.map((column) => textCell(text.headings[column]));
  const lines = rows.map((row) => [
    dateCell(new Date(row.createdAt).toISOString().slice(0, 10)),
    textCell(text.typeLabel(row.type)),
    textCell(row.companyName),
    textCell(row.assignmentTitle),
    decimalCell(row.change),
    textCell(row.currency),
    decimalCell(row.balanceAfter),
    textCell(row.id),
  ]);
  return toCsv([heading, ...lines]);
}

/** transactions-2025-01-01-2025-12-31.csv; only checked days reach the header. */
export function transactionsCsvFilename(from: string, to: string): string {
  if (!isCalendarDay(from) || !isCalendarDay(to)) throw new Error(`Not a period: ${from} to ${to}`);
  return `transactions-${from}-${to}.csv`;
}
