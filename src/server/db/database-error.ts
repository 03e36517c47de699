import { errorMessage } from '../../lib/text/error-message';

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

/** Socket errors of a server that is down, restarting or unreachable. */
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATEs of a server going away: class 08 (connection exception), shutdown, not accepting connections yet, full. */
const CONNECTION_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
/** node-postgres says these in words only. */
const CONNECTION_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed/i;

/**
 * Whether a query failed because the database could not be reached (down, restarting,
 * the network), rather than because of the query: the caller answers "try again" (503)
 * instead of a bug (500). Looks through drizzle's and GraphQL's wrapping errors.
 */
export function isConnectionFailure(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; typeof current === 'object' && current !== null && !seen.has(current); ) {
    seen.add(current);
    const { code, message, cause, originalError } = current as { code?: unknown; message?: unknown; cause?: unknown; originalError?: unknown };
    if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || CONNECTION_SQLSTATE.test(code))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    current = originalError ?? cause;
  }
  return false;
}

/** The innermost message of a wrapped error: "connect ECONNREFUSED 127.0.0.1:5432", not drizzle's "Failed query: select 1". */
export function rootMessage(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return errorMessage(current);
}

/** Whether a write failed on a unique index (SQLSTATE 23505), through drizzle's wrapping errors. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
