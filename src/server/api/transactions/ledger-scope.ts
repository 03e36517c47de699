import { eq, inArray, type SQL } from 'drizzle-orm';
import { companyTalentRoster, talentBalanceTransaction } from '../../db/schema';
import type { ApiContext } from '../context';
import type { Writer } from '../../db/client';

// Whose ledger a read covers: a condition on the ledger rows themselves, so that counting
// and summing need no join, and a company's ledger is read along its own index in the
// list's order.

/** Who reads the ledger: only the database handle (or a transaction) is needed. */
export type LedgerReader = Pick<ApiContext['db'], 'select'> | Writer;

export interface LedgerScope {
  /** Names the ledger, so that the reads of one call that sum the same rows share one read (ledger-totals.ts). */
  key: string;
  /** The condition on talentBalanceTransaction. */
  rows: SQL;
  /** The same ledger as a condition on its roster entries (companyTalentRoster), whose balances sum its rows. */
  entries: SQL;
  /** Set when the scope is a whole company's ledger: its sums may then be read from its days (ledger-totals.ts). */
  companyId?: string;
}

const tx = talentBalanceTransaction;

/**
 * The ledger's columns under the names the filter speaks of. A row's company is its own
 * company_id, which is its roster entry's: bookLedgerEntry, the one writer of the ledger,
 * books on an entry of the company it writes.
 */
export const ledgerColumns = { id: tx.id, createdAt: tx.createdAt, companyId: tx.companyId, rosterEntryId: tx.companyTalentRosterId, currency: tx.currency, type: tx.type };

/** A company's ledger: the rows of all its roster entries, removed and unanswered ones included. */
export const companyLedger = (companyId: string): LedgerScope => ({ key: `company ${companyId}`, rows: eq(tx.companyId, companyId), entries: eq(companyTalentRoster.companyId, companyId), companyId });

/** One roster entry's ledger. */
export const entryLedger = (rosterEntryId: string): LedgerScope => ({ key: `entry ${rosterEntryId}`, rows: eq(tx.companyTalentRosterId, rosterEntryId), entries: eq(companyTalentRoster.id, rosterEntryId) });

/** The ledger of the roster entries that `entries` (a condition on companyTalentRoster) picks; `key` names that choice. */
export function entriesLedger(db: LedgerReader, key: string, entries: SQL): LedgerScope {
  return { key, rows: inArray(tx.companyTalentRosterId, db.select({ id: companyTalentRoster.id }).from(companyTalentRoster).where(entries)), entries };
}
