import { describe, expect, it } from 'vitest';
import { exportRunningBalances } from '../../../src/lib/transactions/export-balances';

// The ledger export running balance: each row's balance after, added up as the export's
// rows are read, per roster entry and currency, from the balances where the export starts.

const row = (rosterEntryId: string, change: string, currency = 'EUR') => ({ rosterEntryId, currency, change });

describe('the ledger export running balance', () => {
  it('adds each change to its entry, from its balance before the period, oldest first', () => {
    const balanceAfter = exportRunningBalances('OLDEST', [{ rosterEntryId: 'a', currency: 'EUR', balance: '100.00' }]);
    expect([row('a', '10.50'), row('b', '-3.00'), row('a', '-0.50'), row('b', '1')].map(balanceAfter)).toEqual(['110.50', '-3.00', '110.00', '-2.00']);
  });

  it('starts each entry at its balance at the period end and takes each change off for the row before, newest first', () => {
    const balanceAfter = exportRunningBalances('NEWEST', [
      { rosterEntryId: 'a', currency: 'EUR', balance: '110.00' },
      { rosterEntryId: 'b', currency: 'EUR', balance: '-2.00' },
    ]);
    // The same rows as above, newest first: the same balances, reversed.
    expect([row('b', '1'), row('a', '-0.50'), row('b', '-3.00'), row('a', '10.50')].map(balanceAfter)).toEqual(['-2.00', '110.00', '-3.00', '110.50']);
  });

  it('keeps one entry’s currencies apart, and starts an entry without a start balance at zero', () => {
    const balanceAfter = exportRunningBalances('OLDEST', [{ rosterEntryId: 'a', currency: 'GBP', balance: '5.00' }]);
    expect([row('a', '1.00', 'EUR'), row('a', '1.00', 'GBP'), row('a', '1.00', 'EUR')].map(balanceAfter)).toEqual(['1.00', '6.00', '2.00']);
  });
});
