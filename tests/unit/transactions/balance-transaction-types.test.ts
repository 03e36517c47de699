import { describe, expect, it } from 'vitest';
import { BALANCE_TRANSACTION_TYPES, isBalanceTransactionType, transactionTypeLabelKey } from '../../../src/lib/transactions/balance-transaction-types';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { balanceTransactionType } from '../../../src/server/db/schema/enums';

describe('balance transaction types', () => {
  it('are the database enum, with the spec spelling COMISSION as the stored value', () => {
    expect([...BALANCE_TRANSACTION_TYPES]).toEqual(balanceTransactionType.enumValues);
    expect(isBalanceTransactionType('COMISSION')).toBe(true);
    expect(isBalanceTransactionType('COMMISSION')).toBe(false);
  });

  it("read as 'Commission' and friends", () => {
    const t = getTranslator();
    expect(BALANCE_TRANSACTION_TYPES.map((type) => t(transactionTypeLabelKey(type)))).toEqual(['Salary', 'Commission', 'Miscellaneous', 'Withdrawal']);
  });
});
