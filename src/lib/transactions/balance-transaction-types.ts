// The balance transaction types as a plain list, so pages and the CSV builder can
// check a type without importing the database schema. A unit test keeps it equal to the
// PostgreSQL enum.

/** Stored values. 'COMISSION' is the spec's spelling of the stored value; people read 'Commission'. */
export const BALANCE_TRANSACTION_TYPES = ['SALARY', 'COMISSION', 'MISC', 'WITHDRAWAL'] as const;
export type BalanceTransactionTypeValue = (typeof BALANCE_TRANSACTION_TYPES)[number];

export function isBalanceTransactionType(value: unknown): value is BalanceTransactionTypeValue {
  return typeof value === 'string' && (BALANCE_TRANSACTION_TYPES as readonly string[]).includes(value);
}

/** The common-namespace key of a type's display name (transactions.types.COMISSION → 'Commission'). */
export function transactionTypeLabelKey(type: BalanceTransactionTypeValue): string {
  return `transactions.types.${type}`;
}
