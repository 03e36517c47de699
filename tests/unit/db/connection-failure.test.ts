import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { isConnectionFailure, rootMessage } from '../../../src/server/db/database-error';

const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
/** As drizzle wraps a driver error, and GraphQL wraps a resolver's. */
const wrapped = (cause: unknown) => new GraphQLError('Failed query: select 1', { originalError: new Error('Failed query: select 1', { cause }) });

describe('isConnectionFailure (checklist H42: "try again", not a bug)', () => {
  it('is true for a server that is down, restarting or unreachable, however deeply wrapped', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND']) expect(isConnectionFailure(wrapped(socketError(code))), code).toBe(true);
    expect(isConnectionFailure(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isConnectionFailure(wrapped(new Error('timeout exceeded when trying to connect')))).toBe(true);
    // admin_shutdown, cannot_connect_now, connection_failure
    for (const code of ['57P01', '57P03', '08006']) expect(isConnectionFailure(Object.assign(new Error('terminating connection'), { code })), code).toBe(true);
  });

  it('is false for errors of the query or the data, which stay bugs or refusals', () => {
    expect(isConnectionFailure(wrapped(Object.assign(new Error('duplicate key value'), { code: '23505' })))).toBe(false);
    expect(isConnectionFailure(wrapped(Object.assign(new Error('syntax error'), { code: '42601' })))).toBe(false);
    expect(isConnectionFailure(new TypeError('cannot read properties of undefined'))).toBe(false);
    expect(isConnectionFailure(null)).toBe(false);
  });

  it('rootMessage names the cause, not the wrapper', () => {
    expect(rootMessage(new Error('Failed query: select 1', { cause: socketError('ECONNREFUSED') }))).toBe('connect ECONNREFUSED 127.0.0.1:5432');
  });
});
