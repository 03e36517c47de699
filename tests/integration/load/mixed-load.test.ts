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
    server = await startBuiltServer();
  });
  afterAll(() => server?.stop('SIGKILL'));

  it('answers every request as expected and stores every accepted application', async () => {
    const result = await runMixedLoad({ baseUrl: server.url, users: 20, seconds: 10, thinkMs: 500 });
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
