import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../../support/api-harness';
import { describeEachDatabase } from '../../support/test-database';

const APP = 'https://talentplace.test';
const PARTNER = 'https://partner.talentplace.test';
const EVIL = 'https://evil.example';

describeEachDatabase('API CORS: only configured origins (checklist B9)', (kind) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApiHarness(kind, { allowedOrigins: [APP, PARTNER] });
  });
  afterAll(() => h.close());

  const preflight = (origin: string) =>
    h.api.fetch('http://api.test/graphql', {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization' },
    });

  const post = (origin: string | null) =>
    h.api.fetch('http://api.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
      body: JSON.stringify({ query: '{ __typename }' }),
    });

  it('a listed origin gets its own origin back, with credentials, on preflight and on the call', async () => {
    for (const origin of [APP, PARTNER]) {
      const answer = await preflight(origin);
      expect(answer.headers.get('access-control-allow-origin'), origin).toBe(origin);
      expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
      expect(answer.headers.get('access-control-allow-headers')).toContain('authorization');
      const call = await post(origin);
      expect(call.status).toBe(200);
      expect(call.headers.get('access-control-allow-origin')).toBe(origin);
      expect(call.headers.get('vary')).toMatch(/\bOrigin\b/);
    }
  });

  it('any other origin gets no Access-Control-* header at all: never reflected, never *', async () => {
    for (const origin of [EVIL, 'null', `${APP}.evil.example`, 'http://talentplace.test', APP.toUpperCase()]) {
      for (const answer of [await preflight(origin), await post(origin)]) {
        const cors = [...answer.headers.keys()].filter((name) => name.startsWith('access-control-'));
        expect(cors, origin).toEqual([]);
        expect(answer.headers.get('vary')).toMatch(/\bOrigin\b/);
      }
    }
  });

  it('a call without Origin (the BFF, server-side) is answered as before, without CORS headers', async () => {
    const answer = await post(null);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ data: { __typename: 'Query' } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('with no origins configured, none is allowed', async () => {
    const bare = await startApiHarness(kind);
    try {
      const answer = await bare.api.fetch('http://api.test/graphql', { method: 'OPTIONS', headers: { origin: APP, 'access-control-request-method': 'POST' } });
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await bare.close();
    }
  });
});
