import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { BROTLI_QUALITY } from './html-compression';

/**
 * The guest page cache: the public job search and job pages, as a guest without any cookie sees them
 * (search engines, first visits), rendered once and answered from memory until the data
 * behind them changes. A trigger on job_ad, job_description and company notifies
 * its channel on every write (db/public-pages-listener.ts), which empties the cache
 * of every worker and instance at once; PAGE_CACHE_SECONDS (default 30) bounds what no write
 * announces (an ad whose end date passes). Anything with a cookie (a session, a sign-in in
 * progress, a flash notice) is rendered afresh, as is every other path.
 */
export interface GuestPageCache {
  /**
   * Answers from the cache (true), or lets `render` answer and keeps what it wrote when that
   * may be shared. `address` is what the page is kept under: the address as asked, language
   * prefix included (req.url has lost it: lib/i18n/language-path.ts).
   */
  handle(req: IncomingMessage, res: ServerResponse, render: () => void, address?: string): boolean;
  /** The data behind the pages changed: forget every page, and any render begun before now. */
  invalidate(): void;
  /** Whether changes are heard (db/public-pages-listener.ts): a cache nobody invalidates serves nothing. */
  setLive(live: boolean): void;
  /** Drops the pages past their time now (expired pages otherwise stay until looked up or crowded out). */
  dropExpired(): void;
}

/** `/jobs` with any query, and a job page at its canonical address. */
const CACHED_PATH = /^\/(?:jobs|job-apply\/[^/]+\/[^/]+)$/;
const MAX_PAGES = 1_000;
/** A page is tens of kB; this bounds the cache's memory whatever the queries. */
const MAX_BYTES = 64 * 1024 * 1024;

interface CachedPage {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  /** The page compressed once, when kept, so that a hit costs no compression. */
  gzip: Buffer;
  br: Buffer;
}

const gzipped = promisify(gzip);
const brotliCompressed = promisify(brotliCompress);
/**
 * Compressed off the event loop (zlib's thread pool), once per page kept, at the levels of
 * rendered pages (html-compression.ts): Brotli's best quality would save about a tenth more
 * bytes for fifty times the CPU, spent again after every change to the ads.
 */
const compressedCopies = (body: Buffer) =>
  Promise.all([
    gzipped(body),
    brotliCompressed(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]);

/**
 * The encoding to answer in, from the request's Accept-Encoding: Brotli, then gzip, then
 * none; a coding refused with q=0 is never chosen.
 */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

/** Whether a finished answer may be kept for every guest: a plain 200 page, nobody's cookie, nothing private. */
function shareable(res: ServerResponse): boolean {
  if (res.statusCode !== 200 || res.hasHeader('set-cookie')) return false;
  const cacheControl = String(res.getHeader('cache-control') ?? '');
  return !/no-store|private/.test(cacheControl) && String(res.getHeader('content-type') ?? '').startsWith('text/html');
}

function asBuffer(chunk: unknown, encoding?: unknown): Buffer | null {
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return null;
}

export function createGuestPageCache(options: { seconds: number }): GuestPageCache | null {
  if (options.seconds <= 0) return null;
  const pages = new LRUCache<string, CachedPage>({
    max: MAX_PAGES,
    maxSize: MAX_BYTES,
    sizeCalculation: (page) => page.body.length + page.gzip.length + page.br.length + 1,
    ttl: options.seconds * 1000,
  });
  /** Bumped on every change: a render that began before it is not kept (it may show the old data). */
  let generation = 0;
  let live = false;

  return {
    handle(req, res, render, address) {
      if (!live || req.method !== 'GET' || req.headers.cookie || req.headers.authorization) {
        render();
        return false;
      }
      const url = address ?? req.url ?? '/';
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (!CACHED_PATH.test(path)) {
        render();
        return false;
      }
      const cached = pages.get(url);
      if (cached) {
        const encoding = acceptedEncoding(req.headers['accept-encoding']);
        const body = encoding === 'identity' ? cached.body : cached[encoding];
        res.writeHead(200, {
          ...cached.headers,
          ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
          vary: 'Accept-Encoding',
          'content-length': body.length,
          'x-page-cache': 'hit',
        });
        res.end(body);
        return true;
      }
      const began = generation;
      const chunks: Buffer[] = [];
      let size = 0;
      const keep = (chunk: unknown, encoding?: unknown) => {
        const buffer = asBuffer(chunk, encoding);
        if (!buffer) return;
        chunks.push(buffer);
        size += buffer.length;
      };
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      res.write = ((chunk: unknown, ...rest: unknown[]) => {
        keep(chunk, rest[0]);
        return write(chunk, ...rest);
      }) as ServerResponse['write'];
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        if (chunk !== undefined && typeof chunk !== 'function') keep(chunk, rest[0]);
        if (began === generation && size <= MAX_BYTES / 16 && shareable(res)) {
          const headers = { ...res.getHeaders() };
          // What is kept is the page as rendered; each hit says how it is sent.
          for (const name of ['content-length', 'transfer-encoding', 'content-encoding', 'vary']) delete headers[name];
          const body = Buffer.concat(chunks, size);
          void compressedCopies(body).then(
            ([gzipCopy, brCopy]) => {
              if (began === generation) pages.set(url, { headers, body, gzip: gzipCopy, br: brCopy });
            },
            () => undefined,
          );
        }
        return end(chunk, ...rest);
      }) as ServerResponse['end'];
      res.setHeader('x-page-cache', 'miss');
      render();
      return false;
    },
    invalidate() {
      generation += 1;
      pages.clear();
    },
    dropExpired() {
      pages.purgeStale();
    },
    setLive(state) {
      if (live === state) return;
      live = state;
      generation += 1;
      pages.clear();
    },
  };
}
