import { addMoney, negateMoney } from '../money/decimal-money';

// The ledger export running balance: an export's rows come without their balance after
// (summing each row's history would read a roster entry's whole ledger once per row), in
// the list's order from the start of the period or from its end, with each entry's balance
// there. So the balance after each row is added up as the rows are read, one running sum
// per roster entry and currency: held once per entry, never per row.

export interface ExportStartBalance {
  rosterEntryId: string;
  currency: string;
  balance: string;
}

export interface ExportMovement {
  rosterEntryId: string;
  currency: string;
  change: string;
}

const keyOf = (row: { rosterEntryId: string; currency: string }) => `${row.rosterEntryId} ${row.currency}`;

/**
 * The balance after each row, read in the export's order. Oldest first, an entry starts at
 * its balance before the period and each row adds its change; newest first, it starts at
 * its balance at the period's end, which is the newest row's, and each row takes its own
 * change off for the row before it. An entry without a start balance starts at zero.
 */
export function exportRunningBalances(sort: 'NEWEST' | 'OLDEST', start: readonly ExportStartBalance[]): (row: ExportMovement) => string {
  const balances = new Map(start.map((entry) => [keyOf(entry), entry.balance]));
  return (row) => {
    const key = keyOf(row);
    const held = balances.get(key) ?? '0.00';
    if (sort === 'OLDEST') {
      const after = addMoney(held, row.change);
      balances.set(key, after);
      return after;
    }
    balances.set(key, addMoney(held, negateMoney(row.change)));
    return addMoney(held);
  };
}
