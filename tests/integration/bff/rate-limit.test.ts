import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, type RateLimiter } from '../../../src/server/bff/rate-limit';
import { hasBuild, startBuiltServer, type BuiltServer } from '../../support/built-server';
import { csrfTokenOf, signUpThroughProduct } from '../../support/signed-in-browser';

const redisUrl = process.env.TEST_REDIS_URL?.trim() || null;
if (!redisUrl) console.warn('TEST_REDIS_URL is not set: the shared (Redis) rate limit suite is skipped');
const noLog = () => undefined;

describe('per-session rate limit (checklist F35)', () => {
  it('allows the configured calls per minute, then refuses with when to retry; keys count apart', async () => {
    const limiter = await createRateLimiter({ points: 3, redisUrl: null, log: noLog });
    const decisions = [];
    for (let call = 0; call < 4; call += 1) decisions.push(await limiter.take('session-a'));
    expect(decisions.slice(0, 3)).toEqual([{ allowed: true }, { allowed: true }, { allowed: true }]);
    expect(decisions[3]).toMatchObject({ allowed: false });
    const retry = (decisions[3] as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(await limiter.take('session-b')).toEqual({ allowed: true });
    await limiter.close();
  });
});

describe.skipIf(!redisUrl)('per-session rate limit shared through Redis', () => {
  let nodes: RateLimiter[] = [];
  beforeAll(async () => {
    nodes = await Promise.all([1, 2].map(() => createRateLimiter({ points: 4, redisUrl, log: noLog })));
  });
  afterAll(() => Promise.all(nodes.map((node) => node.close())));

  it('two instances count one session together', async () => {
    const session = `s-${randomUUID()}`;
    const [first, second] = nodes as [RateLimiter, RateLimiter];
    for (const node of [first, second, first, second]) expect(await node.take(session)).toEqual({ allowed: true });
    expect(await first.take(session)).toMatchObject({ allowed: false });
    expect(await second.take(session)).toMatchObject({ allowed: false });
  });
});

describe.skipIf(!hasBuild)('per-session rate limit on /api/graphql of the built product', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    // Two workers whatever the machine's cores: the limit holds for the whole server, not per worker.
    server = await startBuiltServer({ SEED_DEMO: 'false', RATE_LIMIT_PER_MINUTE: '5', WEB_CONCURRENCY: '2' });
  });
  afterAll(() => server?.stop('SIGKILL'));

  // A new connection per call (no keep-alive agent): the primary hands connections to the
  // two workers in turn, so the calls of one session land on both.
  const call = (cookie: string, csrf: string) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; json: () => Promise<unknown> }>((resolve, reject) => {
      const body = JSON.stringify({ query: '{ findMe { id } }' });
      const request = httpRequest(`${server.url}/api/graphql`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie, 'x-tp-csrf': csrf } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, json: async () => JSON.parse(text) }));
      });
      request.on('error', reject);
      request.end(body);
    });

  it('a burst from one session gets 429 with Retry-After while another session from the same address is served', async () => {
    const one = await signUpThroughProduct(server.url);
    const other = await signUpThroughProduct(server.url);
    const oneCookie = one.browser.jar.header(new URL(server.url));
    const otherCookie = other.browser.jar.header(new URL(server.url));
    const statuses = [];
    for (let index = 0; index < 6; index += 1) statuses.push((await call(oneCookie, csrfTokenOf(one.landed.html))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await call(oneCookie, csrfTokenOf(one.landed.html));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]!.extensions.code).toBe('TOO_MANY_REQUESTS');
    expect((await call(otherCookie, csrfTokenOf(other.landed.html))).status).toBe(200);
  });
});
