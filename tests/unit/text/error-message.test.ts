import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../../src/lib/text/error-message';

describe('errorMessage', () => {
  it("gives an Error's message", () => {
    expect(errorMessage(new TypeError('connect ENOENT /tmp/x/.s.PGSQL.5432'))).toBe('connect ENOENT /tmp/x/.s.PGSQL.5432');
  });

  it('gives the message of a plain object spread from an error (how pg-boss reports a failed job), never "[object Object]"', () => {
    const failure = new Error('relation "pgboss.job" does not exist');
    const reported = { ...failure, message: failure.message, stack: failure.stack, queue: 'mail-retries', worker: 'w1' };
    expect(errorMessage(reported)).toBe('relation "pgboss.job" does not exist');
  });

  it('writes other objects as JSON, and anything else as text', () => {
    expect(errorMessage({ code: 'E1' })).toBe('{"code":"E1"}');
    expect(errorMessage('timed out')).toBe('timed out');
    expect(errorMessage(undefined)).toBe('undefined');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(errorMessage(cyclic)).toBe('[object Object]');
  });
});
