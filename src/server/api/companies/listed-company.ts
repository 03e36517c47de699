import { and, isNull, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The company table or an alias of it (an alias has the same columns under another table name). */
interface CompanyColumns {
  deletedAt: AnyPgColumn;
  verificationStatus: AnyPgColumn;
}

/**
 * A company that still exists on the platform: not soft-deleted (deletedAt) and
 * not given the 'deleted' verification status either. Only these are shown to talents;
 * a deleted company's profile answers NOT_FOUND. Takes the table or an alias of it, so a
 * query joining two companies (provider and client) can check both.
 */
export function listedCompany(table: CompanyColumns): SQL {
  return and(isNull(table.deletedAt), ne(table.verificationStatus, 'deleted'))!;
}
