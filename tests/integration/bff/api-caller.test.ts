import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCaller, type GraphqlRequestBody } from '../../../src/server/bff/api-caller';
import type { Api } from '../../../src/server/api/yoga';
import { startApiHarness, type ApiHarness } from '../../support/api-harness';

// The BFF calls the API in-process without the HTTP shape (answerInProcess). Its answers
// must be the ones the API gives over HTTP to the same JSON body and headers: status,
// Retry-After and body, for successes and for every kind of refusal, since pages and the
// /api/graphql proxy branch on the status (401 ends the session, 503 says try again).

interface Seen {
  status: number;
  retryAfter: string | null;
  body: unknown;
}

async function overHttp(api: Api, body: unknown, headers: Headers): Promise<Seen> {
  const response = await api.fetch(new Request('http://api.test/graphql', { method: 'POST', headers, body: JSON.stringify(body) }));
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
}

async function inProcess(api: Api, body: unknown, headers: Headers): Promise<Seen> {
  const answer = await createApiCaller({ api, url: null, path: '/graphql' })(body as GraphqlRequestBody, headers);
  return { status: answer.status, retryAfter: answer.headers?.['retry-after'] ?? null, body: answer.body };
}

function headersOf(extra: Record<string, string> = {}): Headers {
  return new Headers({ 'content-type': 'application/json', accept: 'application/json', 'tp-domain': 'talent', ...extra });
}

/** Both answers, checked equal; the status is checked too, so that both cannot be wrong alike. */
async function expectSameAnswer(api: Api, body: unknown, headers: Record<string, string>, status: number): Promise<Seen> {
  const http = await overHttp(api, body, headersOf(headers));
  const direct = await inProcess(api, body, headersOf(headers));
  expect(direct).toEqual(http);
  expect(direct.status).toBe(status);
  return direct;
}

describe('the in-process API caller answers as the API does over HTTP', () => {
  let h: ApiHarness;
  let production: ApiHarness;
  let bearer: Record<string, string>;
  beforeAll(async () => {
    [h, production] = await Promise.all([startApiHarness('pglite'), startApiHarness('pglite', { production: true })]);
    bearer = { authorization: `Bearer ${await h.token('caller', { email: 'caller@example.test' })}` };
  });
  afterAll(() => Promise.all([h?.close(), production?.close()]));

  it('a guest query and a signed-in one, with their data', async () => {
    await expectSameAnswer(h.api, { query: '{ skillsList { id } }' }, {}, 200);
    const { body } = await expectSameAnswer(h.api, { query: 'query Me { findMe { email } myUnreadNotificationCount }', operationName: 'Me' }, bearer, 200);
    expect(body).toEqual({ data: { findMe: { email: 'caller@example.test' }, myUnreadNotificationCount: 0 } });
  });

  it('variables as their JSON text gives them: an undefined one is not sent at all', async () => {
    const { body } = await expectSameAnswer(h.api, { query: 'query($q: String!) { jobAdSuggestions(q: $q) { id } }', variables: { q: undefined } }, {}, 400);
    expect(JSON.stringify(body)).toMatch(/was not provided/);
  });

  it('parse and validation errors, an unknown operation name and params yoga refuses', async () => {
    await expectSameAnswer(h.api, { query: '{ skillsList { id }' }, {}, 200);
    await expectSameAnswer(h.api, { query: '{ skilsList { id } }' }, {}, 200);
    await expectSameAnswer(h.api, { query: 'query A { skillsList { id } }', operationName: 'B' }, {}, 400);
    const { body } = await expectSameAnswer(h.api, { query: '{ skillsList { id } }', variables: 'not an object' }, {}, 400);
    expect(JSON.stringify(body)).toMatch(/variables/);
  });

  it('refusals of the context factory: a bad token, a malformed header, a bad tp-domain, a company not the caller’s', async () => {
    await expectSameAnswer(h.api, { query: '{ findMe { id } }' }, { authorization: 'Bearer not-a-token' }, 401);
    await expectSameAnswer(h.api, { query: '{ findMe { id } }' }, { authorization: 'Token abc' }, 401);
    await expectSameAnswer(h.api, { query: '{ findMe { id } }' }, { ...bearer, 'tp-domain': 'admin' }, 400);
    await expectSameAnswer(h.api, { query: '{ findMe { id } }' }, { ...bearer, 'tp-company': '00000000-0000-4000-8000-000000000000' }, 403);
    await expectSameAnswer(h.api, { query: '{ findMe { id } }' }, { 'tp-company': '00000000-0000-4000-8000-000000000000' }, 401);
  });

  it('the guard rails, the control-character guard and production’s refusal of introspection', async () => {
    await expectSameAnswer(h.api, { query: '{ __schema { types { fields { type { ofType { ofType { name } } } } } } }' }, {}, 200);
    await expectSameAnswer(h.api, { query: `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: skillsList { id }`).join(' ')} }` }, {}, 200);
    await expectSameAnswer(h.api, { query: `{ skillsList { ${Array.from({ length: 1001 }, () => 'id').join(' ')} } }` }, {}, 200);
    const guarded = await expectSameAnswer(h.api, { query: 'query($q: String!) { jobAdSuggestions(q: $q) { id } }', variables: { q: 'de\u0000v' } }, {}, 400);
    expect(JSON.stringify(guarded.body)).toMatch(/controlCharacters/);
    await expectSameAnswer(production.api, { query: '{ __schema { queryType { name } } }' }, {}, 200);
  });

  it('a database that cannot be reached: 503 with Retry-After', async () => {
    if (h.database.kind !== 'pglite') throw new Error('expected PGlite');
    const { client } = h.database;
    const query = client.query.bind(client);
    client.query = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    try {
      const { retryAfter } = await expectSameAnswer(h.api, { query: '{ findMe { id } }' }, bearer, 503);
      expect(retryAfter).toBe('5');
    } finally {
      client.query = query;
    }
  });

  it('an error the API does not expect, masked as "Unexpected error."', async () => {
    await h.database.db.execute((await import('drizzle-orm')).sql`drop table feature_flag cascade`);
    const { body } = await expectSameAnswer(h.api, { query: '{ findMe { id featureFlags { name } } }' }, bearer, 200);
    expect(JSON.stringify(body)).toMatch(/Unexpected error\./);
    expect(JSON.stringify(body)).not.toMatch(/feature_flag|select|stack/i);
  });
});
