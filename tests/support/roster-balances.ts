import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../src/server/db/client';

/**
 * Sets each roster entry's balance to the sum of its ledger rows, as bookLedgerEntry keeps it
 * when it books: for tests that write many ledger rows at once, straight into the table.
 */
export async function keepRosterBalances(db: Pick<AppDatabase, 'execute'>): Promise<void> {
  await db.execute(sql`update company_talent_roster r set balance = coalesce((select sum(t.change) from talent_balance_transaction t where t.company_talent_roster_id = r.id), 0)`);
}
