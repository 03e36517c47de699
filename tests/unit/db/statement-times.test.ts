import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { timeStatementsOf } from '../../../src/server/db/statement-times';
import { currentRequestId, inRequest, statementTallyReader } from '../../../src/server/logging/request-id';
import { observeStatements } from '../../../src/server/metrics/statement-observer';

/** A pooled connection whose statements answer after `ms`, by promise or by callback as pg does. */
function fakeClient(ms: number) {
  const answer = () => new Promise((resolve) => setTimeout(() => resolve({ rows: [] }), ms));
  return {
    query: (config: unknown, values?: unknown, callback?: (error: Error | null, result: unknown) => void) => {
      const done = typeof values === 'function' ? values : callback;
      if (typeof done === 'function') return void answer().then((result) => (done as (error: null, result: unknown) => void)(null, result));
      return answer();
    },
  } as unknown as pg.PoolClient;
}

describe('statement times', () => {
  it('times each statement, promised or called back, with its text and never its values', async () => {
    const seen: Array<[string, number]> = [];
    const client = fakeClient(5);
    timeStatementsOf(client, (text) => (ms) => seen.push([text, ms]));
    await client.query({ text: 'select $1::text', values: ['secret value'] });
    await new Promise<void>((resolve) => (client.query as unknown as (text: string, values: unknown[], callback: () => void) => void)('select 2', [], () => resolve()));
    expect(seen.map(([text]) => text)).toEqual(['select $1::text', 'select 2']);
    for (const [, ms] of seen) expect(ms).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(seen)).not.toContain('secret value');
  });

  it('counts a request\'s statements for its log line, and logs a slow one under it (the slow statement rule)', async () => {
    const lines: string[] = [];
    const client = fakeClient(15);
    const ids: Array<string | undefined> = [];
    timeStatementsOf(client, observeStatements({ slowMs: 10, log: (line) => void (lines.push(line), ids.push(currentRequestId())) }));
    const tally = await inRequest('req-sql', async () => {
      await client.query({ text: 'select  *\n from job_ad where id = $1', values: ['x'] });
      await new Promise<void>((resolve) => (client.query as unknown as (text: string, values: unknown[], callback: () => void) => void)('select 1', [], () => resolve()));
      return statementTallyReader()();
    });
    expect(tally.statements).toBe(2);
    expect(tally.statementMs).toBeGreaterThanOrEqual(28);
    expect(lines).toHaveLength(2);
    // Written under the request's id, though pg answers a called-back statement elsewhere.
    expect(ids).toEqual(['req-sql', 'req-sql']);
    expect(lines[0]).toMatch(/^database: slow statement \(\d+ ms\): select \* from job_ad where id = \$1$/);
  });

  it('logs nothing when the threshold is 0, and counts nothing outside a request', async () => {
    const lines: string[] = [];
    const client = fakeClient(1);
    timeStatementsOf(client, observeStatements({ slowMs: 0, log: (line) => lines.push(line) }));
    await client.query('select 1');
    expect(lines).toEqual([]);
    expect(statementTallyReader()()).toEqual({ statements: 0, statementMs: 0 });
  });
});
