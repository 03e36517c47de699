import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../../support/api-harness';

// Security checklist F: limits are enforced before execution.
describe('API guard rails', () => {
  let h: ApiHarness;
  let production: ApiHarness;
  beforeAll(async () => {
    [h, production] = await Promise.all([startApiHarness('pglite'), startApiHarness('pglite', { production: true })]);
  });
  afterAll(() => Promise.all([h.close(), production.close()]));

  it('refuses a query of depth 7, also when the depth comes through fragments', async () => {
    const depth6 = '{ __schema { types { fields { type { ofType { name } } } } } }';
    expect((await h.call(depth6)).body.errors).toBeUndefined();
    const depth7 = '{ __schema { types { fields { type { ofType { ofType { name } } } } } } }';
    expect((await h.call(depth7)).body.errors?.[0]?.message).toMatch(/depth/i);
    const depth7ViaFragments = `
      { __schema { types { ...Fields } } }
      fragment Fields on __Type { fields { type { ...Inner } } }
      fragment Inner on __Type { ofType { ofType { name } } }
    `;
    expect((await h.call(depth7ViaFragments)).body.errors?.[0]?.message).toMatch(/depth/i);
  });

  it('refuses 16 aliases', async () => {
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: skillsList { id }`).join(' ');
    const { body } = await h.call(`{ ${aliases} }`);
    expect(body.errors?.[0]?.message).toMatch(/alias/i);
    const fifteen = Array.from({ length: 15 }, (_, i) => `a${i}: languagesList { id }`).join(' ');
    expect((await h.call(`{ ${fifteen} }`)).body.errors).toBeUndefined();
  });

  it('refuses more than 1000 tokens and more than 50 directives', async () => {
    const tokens = Array.from({ length: 1001 }, () => 'id').join(' ');
    expect((await h.call(`{ skillsList { ${tokens} } }`)).body.errors?.[0]?.message).toMatch(/token limit/i);
    const directives = Array.from({ length: 51 }, () => '@include(if: true)').join(' ');
    expect((await h.call(`{ skillsList ${directives} { id } }`)).body.errors?.[0]?.message).toMatch(/directive/i);
  });

  it('refuses a batch of 11 operations (no batching)', async () => {
    const batch = Array.from({ length: 11 }, () => ({ query: '{ skillsList { id } }' }));
    const response = await h.api.fetch('http://api.test/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(batch) });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it('answers introspection in development and refuses it in production', async () => {
    expect((await h.call('{ __schema { queryType { name } } }')).body.data).toBeTruthy();
    const { body } = await production.call('{ __schema { queryType { name } } }');
    expect(body.errors?.[0]?.message).toMatch(/introspection/i);
  });

  it('gives no "Did you mean" suggestions in production', async () => {
    const { body } = await production.call('{ skilsList { id } }');
    expect(JSON.stringify(body)).not.toMatch(/Did you mean/);
  });

  it('masks a database failure as "Unexpected error." with no SQL or stack', async () => {
    const broken = await startApiHarness('pglite');
    const token = await broken.token('victim');
    await broken.call('{ findMe { id } }', { token });
    await broken.database.db.execute((await import('drizzle-orm')).sql`drop table feature_flag cascade`);
    const { body } = await broken.call('{ findMe { id featureFlags { name } } }', { token });
    expect(body.errors?.[0]?.message).toBe('Unexpected error.');
    expect(JSON.stringify(body)).not.toMatch(/feature_flag|select|stack/i);
    await broken.close();
  });
});
