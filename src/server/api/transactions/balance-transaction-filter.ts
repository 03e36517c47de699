import { and, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FieldIssue } from '../../../lib/forms/form-outcome';
import { isUuid } from '../../../lib/ids';
import { isCurrencyCode, normalizeCurrency } from '../../../lib/money/currency-code';
import type { BalanceTransactionTypeValue } from '../../../lib/transactions/balance-transaction-types';
import { checkPeriod, periodBounds, TRANSACTION_ERRORS } from '../../../lib/transactions/period';
import { invalidFields } from '../errors';

// The ledger filter (a period, and optionally a company, roster entry, currency or type):
// checked from a read's arguments, then turned into SQL conditions on the ledger.

export interface LedgerFilter {
  start: Date;
  endExclusive: Date;
  companyId: string | null;
  rosterEntryId: string | null;
  currency: string | null;
  type: BalanceTransactionTypeValue | null;
  /** One transaction only (to read back an entry just written). */
  transactionId?: string | null;
}

type FilterArg = { from: string; to: string; companyId?: string | number | null; rosterEntryId?: string | number | null; currency?: string | null; type?: BalanceTransactionTypeValue | null };

const optionalArg = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? null : String(value));

/** The checked filter, or BAD_USER_INPUT naming each wrong field (`filter.from`, `filter.to`, `filter.companyId`...). */
export function readFilter(filter: FilterArg): LedgerFilter {
  const issues: FieldIssue[] = checkPeriod(filter.from, filter.to);
  const companyId = optionalArg(filter.companyId);
  if (companyId !== null && !isUuid(companyId)) issues.push({ path: 'companyId', code: 'companyUnknown' });
  const rosterEntryId = optionalArg(filter.rosterEntryId);
  if (rosterEntryId !== null && !isUuid(rosterEntryId)) issues.push({ path: 'rosterEntryId', code: 'rosterEntryUnknown' });
  const currency = filter.currency ? normalizeCurrency(filter.currency) : null;
  if (currency && !isCurrencyCode(currency)) issues.push({ path: 'currency', code: 'currencyInvalid' });
  if (issues.length) throw invalidFields(issues, TRANSACTION_ERRORS, 'filter');
  const { start, endExclusive } = periodBounds(filter.from.trim(), filter.to.trim());
  return { start, endExclusive, companyId, rosterEntryId, currency: currency || null, type: filter.type ?? null };
}

type Column = PgColumn | SQL.Aliased;
type FilterColumns = { id: Column; createdAt: Column; companyId: Column; rosterEntryId: Column; currency: Column; type: Column };

/**
 * The filter's conditions that hold for all of a roster entry's rows or for none of them
 * (its company, the entry itself, its currency): they may narrow the rows a running
 * balance is summed over, where the period and the type may not.
 */
export function entryConditions(columns: Pick<FilterColumns, 'companyId' | 'rosterEntryId' | 'currency'>, filter: LedgerFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.companyId) conditions.push(eq(columns.companyId as PgColumn, filter.companyId));
  if (filter.rosterEntryId) conditions.push(eq(columns.rosterEntryId as PgColumn, filter.rosterEntryId));
  if (filter.currency) conditions.push(eq(columns.currency as PgColumn, filter.currency));
  return conditions;
}

/** The filter's conditions on single rows (the type, one transaction): a running balance is summed over rows they leave out. */
export function rowConditions(columns: Pick<FilterColumns, 'id' | 'type'>, filter: LedgerFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(columns.type as PgColumn, filter.type));
  if (filter.transactionId) conditions.push(eq(columns.id as PgColumn, filter.transactionId));
  return conditions;
}

/** The period's conditions: from its first day, up to (not including) the day after its last. */
export function periodConditions(columns: Pick<FilterColumns, 'createdAt'>, filter: LedgerFilter): SQL[] {
  return [gte(columns.createdAt as PgColumn, filter.start), lt(columns.createdAt as PgColumn, filter.endExclusive)];
}

/** All of the filter's conditions on any relation that has these columns (the ledger or the tables). */
export function filterConditions(columns: FilterColumns, filter: LedgerFilter): SQL {
  return and(...periodConditions(columns, filter), ...entryConditions(columns, filter), ...rowConditions(columns, filter))!;
}
