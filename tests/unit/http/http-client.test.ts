import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src/lib/http/http-client';
import { HttpParseError, HttpStatusError, HttpTimeoutError } from '../../../src/lib/http/http-errors';
import {
  REQUEST_TIMEOUT_MS,
  RETRY_LIMIT,
  RETRY_METHODS,
  RETRY_STATUS_CODES,
  retryDelayMs,
} from '../../../src/lib/http/retry-policy';

interface Hit {
  method: string;
  path: string;
  at: number;
  headers: IncomingMessage['headers'];
}

let server: Server;
let baseUrl: string;
let hits: Hit[] = [];

function hitsOn(path: string): Hit[] {
  return hits.filter((hit) => hit.path === path);
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  hits.push({ method: req.method ?? '', path, at: performance.now(), headers: req.headers });
  const json = (status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  switch (path) {
    case '/ok':
      return json(200, { hello: 'world' });
    case '/flaky':
      // Fails until the third attempt, which is the last one a limit of 2 allows.
      return hitsOn(path).length < 3 ? json(503, { error: 'busy' }) : json(200, { attempt: 3 });
    case '/unavailable':
      return json(503, { error: 'busy' });
    case '/too-large':
      return json(413, { error: 'too large' });
    case '/missing':
      return json(404, { error: 'missing' });
    case '/multiple-choices':
      res.writeHead(300).end();
      return;
    case '/not-json':
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops</html>');
      return;
    case '/slow':
      setTimeout(() => json(200, { late: true }), 1_000).unref();
      return;
    default:
      return json(500, { error: 'unexpected path' });
  }
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  hits = [];
});

describe('HTTP client constants', () => {
  it('times out after 10 s and retries twice', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
    expect(RETRY_LIMIT).toBe(2);
  });

  it('retries only get, put, head, delete, options and trace', () => {
    expect([...RETRY_METHODS].sort()).toEqual(['delete', 'get', 'head', 'options', 'put', 'trace']);
  });

  it('retries on 408, 413, 429, 500, 502, 503 and 504', () => {
    expect([...RETRY_STATUS_CODES].sort()).toEqual([408, 413, 429, 500, 502, 503, 504]);
  });

  it('backs off 0.3 * 2^(n-1) seconds', () => {
    expect(retryDelayMs(1)).toBe(300);
    expect(retryDelayMs(2)).toBe(600);
    expect(retryDelayMs(3)).toBe(1200);
  });
});

describe('HTTP client retries', () => {
  it('retries a GET twice on 503 and returns the third answer', async () => {
    const client = createHttpClient({ prefixUrl: baseUrl });
    await expect(client.json('flaky')).resolves.toEqual({ attempt: 3 });
    expect(hitsOn('/flaky')).toHaveLength(3);
  });

  it('waits at least 300 ms, then 600 ms, between attempts', async () => {
    const client = createHttpClient({ prefixUrl: baseUrl });
    await client.request('flaky');
    const [first, second, third] = hitsOn('/flaky').map((hit) => hit.at);
    // A few ms of slack for timer granularity.
    expect(second! - first!).toBeGreaterThanOrEqual(290);
    expect(third! - second!).toBeGreaterThanOrEqual(590);
  });

  it('gives up after the retry limit with the last status', async () => {
    const client = createHttpClient({ prefixUrl: baseUrl });
    await expect(client.request('unavailable')).rejects.toMatchObject({ status: 503 });
    expect(hitsOn('/unavailable')).toHaveLength(1 + RETRY_LIMIT);
  });

  it('does not retry a POST on 503', async () => {
    const client = createHttpClient({ prefixUrl: baseUrl });
    await expect(client.request('unavailable', { method: 'post', json: { a: 1 } })).rejects.toBeInstanceOf(
      HttpStatusError,
    );
    expect(hitsOn('/unavailable')).toHaveLength(1);
  });

  it('does not retry a GET on 404', async () => {
    const client = createHttpClient({ prefixUrl: baseUrl });
    await expect(client.request('missing')).rejects.toBeInstanceOf(HttpStatusError);
    expect(hitsOn('/missing')).toHaveLength(1);
  });

  it('follows ky in retrying 413 only when the server sends Retry-After', async () => {
    const client = createHttpClient({ prefixUrl: baseUrl });
    await expect(client.request('too-large')).rejects.toMatchObject({ status: 413 });
    expect(hitsOn('/too-large')).toHaveLength(1);
  });
});

describe('HTTP client errors (the error catalogue)', () => {
  it('rejects a 404 with the exact status message, status and code', async () => {
    const client = createHttpClient({ prefixUrl: baseUrl });
    const error = await client.json('missing').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error).toMatchObject({
      message: 'Response not successful: Received status code 404',
      status: 404,
      code: 'HTTP_STATUS',
    });
  });

  it('treats a final status of 300 as an error', async () => {
    const client = createHttpClient({ prefixUrl: baseUrl });
    await expect(client.request('multiple-choices')).rejects.toThrow(
      'Response not successful: Received status code 300',
    );
  });

  it('rejects a body that is not JSON with a parse error', async () => {
    const client = createHttpClient({ prefixUrl: baseUrl });
    const error = await client.json('not-json').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpParseError);
    expect(error).toMatchObject({ code: 'PARSE_ERROR' });
    expect((error as Error).message).toMatch(/parse/i);
  });

  it('rejects a request that outlasts the timeout with the spec timeout message', async () => {
    const client = createHttpClient({ prefixUrl: baseUrl, timeoutMs: 150 });
    const error = await client.request('slow').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpTimeoutError);
    expect(error).toMatchObject({ code: 'TIMEOUT', message: 'Timeout when executing fetch' });
    // Timeouts are not retried.
    expect(hitsOn('/slow')).toHaveLength(1);
  });
});

describe('HTTP client options', () => {
  it('returns the parsed JSON body and sends the default headers', async () => {
    const client = createHttpClient({ prefixUrl: baseUrl, headers: { 'x-test': 'yes' } });
    await expect(client.json<{ hello: string }>('/ok')).resolves.toEqual({ hello: 'world' });
    expect(hitsOn('/ok')[0]?.headers['x-test']).toBe('yes');
  });

  it('returns the Response from request()', async () => {
    const client = createHttpClient();
    const response = await client.request(`${baseUrl}/ok`);
    expect(response.status).toBe(200);
    await expect(response.json()).resolves.toEqual({ hello: 'world' });
  });

  it('sends requests through an injected fetch', async () => {
    const seen: string[] = [];
    const spyFetch: typeof fetch = async (input, init) => {
      seen.push(input instanceof Request ? input.url : String(input));
      return fetch(input, init);
    };
    const client = createHttpClient({ prefixUrl: baseUrl, fetch: spyFetch });
    await client.json('ok');
    expect(seen).toEqual([`${baseUrl}/ok`]);
  });
});
