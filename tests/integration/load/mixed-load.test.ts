import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTable, runMixedLoad } from '../../../bench/mixed-load-core.mjs';
import { hasBuild, startBuiltServer, type BuiltServer } from '../../support/built-server';

// Checklist H41, the short version CI can afford: the same mixed load as
// bench/mixed-load.mjs (guests searching, talents applying through the page forms,
// company users reading) with 20 users for 10 s against the built product. Only
// correctness is asserted, no timings: those belong to the benchmark (docs/benchmarks.md).
describe.skipIf(!hasBuild)('mixed load, 20 users for 10 s (checklist H41, short)', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    // Twenty talents sign up from one address: above the default per-address limit.
    server = await startBuiltServer({ SIGN_UP_LIMIT_PER_HOUR: '1000' });
  });
  afterAll(() => server?.stop('SIGKILL'));

  it('answers every request as expected and stores every accepted application', async () => {
    const result = await runMixedLoad({ baseUrl: server.url, outboxDir: path.join(server.dataDir, 'outbox'), users: 20, seconds: 10, thinkMs: 500 });
    const summary = `${formatTable(result)}\n${result.errorSamples.join('\n')}\n${result.writes.missing.join('\n')}`;

    expect(result.total.errors, summary).toBe(0);
    expect(result.writes.missing, summary).toEqual([]);
    // The load really happened: talents applied, and each role's requests were made.
    expect(result.writes.accepted, summary).toBeGreaterThan(0);
    expect(result.writes.stored).toBe(result.writes.accepted);
    const kinds = result.rows.map((row) => row.kind);
    for (const kind of ['guest GET /jobs', 'talent POST apply', 'company POST /api/graphql companyDashboard']) expect(kinds, summary).toContain(kind);
    expect(server.output()).not.toMatch(/\b(unhandled|uncaught)\b/i);
  }, 40_000);
});
