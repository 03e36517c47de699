import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/server/db/client';
import { hasBuild, startBuiltServer, type BuiltServer } from '../../support/built-server';

// The guest page cache: /jobs and job pages for a guest without cookies are kept in each worker's
// memory until a write behind them (a trigger's NOTIFY) empties every worker's cache.

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The bytes as sent, before any decoding. */
  sent: number;
}

/** How a browser reads a body sent with a content-encoding. */
const decode = (bytes: Buffer, encoding: string | undefined) =>
  encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;

/** A GET on a connection of its own, so that successive calls reach both workers in turn. */
const get = (url: string, headers: Record<string, string> = {}) =>
  new Promise<Answer>((resolve, reject) => {
    httpGet(url, { agent: false, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const body = decode(bytes, response.headers['content-encoding']).toString();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, sent: bytes.length });
      });
    }).on('error', reject);
  });

/** Asks until both workers have answered from memory (a page is kept once compressed, a moment after its render). */
async function untilHits(url: string, headers: Record<string, string> = {}): Promise<Answer[]> {
  const answers: Answer[] = [];
  while (answers.filter((answer) => answer.headers['x-page-cache'] === 'hit').length < 2 && answers.length < 20) answers.push(await get(url, headers));
  return answers;
}

describe.skipIf(!hasBuild)('the guest page cache of the built product', () => {
  let server: BuiltServer;
  let database: Database;
  beforeAll(async () => {
    server = await startBuiltServer({ WEB_CONCURRENCY: '2' });
    // Joins the embedded PostgreSQL server the product runs, as another writer would.
    database = await openDatabase({ dataDir: server.dataDir, embedded: 'postgres', log: () => {} });
  });
  afterAll(async () => {
    await database?.close();
    await server?.stop('SIGTERM');
  });

  it('answers a guest without cookies from memory once rendered, with the same page and headers', async () => {
    const answers = await untilHits(`${server.url}/jobs?q=developer`);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const hit = answers.find((answer) => answer.headers['x-page-cache'] === 'hit');
    const miss = answers.find((answer) => answer.headers['x-page-cache'] === 'miss');
    expect(hit, 'each of the two workers renders once, then answers from memory').toBeDefined();
    expect(hit!.body).toBe(miss!.body);
    expect(hit!.headers['content-type']).toBe(miss!.headers['content-type']);
    expect(hit!.headers['content-security-policy']).toBe(miss!.headers['content-security-policy']);
    expect(hit!.headers['set-cookie']).toBeUndefined();
  });

  it('sends pages compressed as the browser accepts, rendered or from memory, and whole to one that accepts nothing', async () => {
    const url = `${server.url}/jobs?q=engineer`;
    const plain = await get(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip'] as const) {
      const answers = await untilHits(url, { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip;q=1, br;q=0' });
      for (const answer of answers) {
        expect(answer.headers['content-encoding'], `${answer.headers['x-page-cache']} in ${encoding}`).toBe(encoding);
        expect(answer.headers.vary).toMatch(/accept-encoding/i);
        expect(answer.body).toBe(plain.body);
        expect(answer.sent).toBeLessThan(plain.sent / 3);
      }
      expect(answers.some((answer) => answer.headers['x-page-cache'] === 'hit')).toBe(true);
    }
    // A page the cache never keeps is compressed as it is rendered.
    const home = await get(`${server.url}/`, { 'accept-encoding': 'gzip' });
    expect([home.headers['content-encoding'], home.headers['x-page-cache']]).toEqual(['gzip', undefined]);
  });

  it('renders afresh for anyone with a cookie, and for other pages', async () => {
    for (let index = 0; index < 3; index += 1) {
      const withCookie = await get(`${server.url}/jobs?q=developer`, { cookie: 'tp-notice=x' });
      expect(withCookie.headers['x-page-cache']).toBeUndefined();
      const home = await get(`${server.url}/`);
      expect(home.headers['x-page-cache']).toBeUndefined();
    }
  });

  it('forgets the pages in every worker as soon as a job ad is written, by whichever process', async () => {
    const ad = (await database.db.execute<{ id: string; title: string }>(sql`select id, title from job_ad where published_at <= now() and (published_until is null or published_until > now()) order by published_at desc limit 1`)).rows[0]!;
    const search = `${server.url}/jobs?q=${encodeURIComponent(ad.title.split(' ')[0]!)}`;
    await untilHits(search);
    const renamed = `Cache Check ${Date.now()}`;
    await database.db.execute(sql`update job_ad set title = ${renamed} where id = ${ad.id}`);
    // The notification reaches both workers in a few milliseconds; never a stale answer after it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = [await get(`${server.url}/jobs?q=Cache`), await get(`${server.url}/jobs?q=Cache`)];
    for (const answer of after) expect(answer.body).toContain(renamed);
    const again = [await get(search), await get(search)];
    expect(again.map((answer) => answer.headers['x-page-cache'])).toEqual(['miss', 'miss']);
  });
});
