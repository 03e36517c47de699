export type DatabaseErrorCode =
  | 'DATABASE_LOCKED'
  | 'DATABASE_OPTIONS_INVALID'
  | 'DATABASE_UNREACHABLE'
  | 'MIGRATIONS_NOT_FOUND'
  | 'MIGRATION_FAILED';

/** A database problem the operator can act on; `hint` says how. */
export class DatabaseError extends Error {
  constructor(
    readonly code: DatabaseErrorCode,
    message: string,
    readonly hint: string,
    options?: { cause?: unknown },
  ) {
    super(`${message} (${hint})`, options);
    this.name = 'DatabaseError';
  }
}
