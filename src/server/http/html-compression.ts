import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants } from 'node:zlib';
import compression from 'compression';

/** Brotli's quality for pages: about gzip's CPU for slightly fewer bytes (its default, 11, takes hundreds of ms on a 50 kB page). */
export const BROTLI_QUALITY = 5;

/**
 * Whether a response is sent compressed: HTML only, and only when it is the same for
 * everyone. A page for one signed-in person (`cache-control: private`, set by the
 * middleware with a session) carries their CSRF token and reflects what the address asks
 * for (a search, a filter), the two conditions of the BREACH attack, in which the compressed
 * length told to an eavesdropper leaks the secret one guess at a time. So personal pages go
 * out whole. The API answers, uploads and built assets (pre-compressed at build,
 * static-assets.ts) have their own handling, and a live stream (text/event-stream) must never
 * wait in a compressor's buffer.
 */
export function mayCompress(contentType: string, cacheControl: string): boolean {
  return contentType.startsWith('text/html') && !/\bprivate\b/i.test(cacheControl);
}

/**
 * Pages sent compressed (gzip or Brotli, as the browser accepts): a guest page is tens of kB
 * of HTML and about a fifth of that compressed, which is most of what a phone waits for
 * before it can draw. The guest page cache keeps its pages compressed already
 * (guest-page-cache.ts), so its answers pass through untouched ("already encoded").
 */
export function createHtmlCompression() {
  const compress = compression({
    threshold: 1024,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    filter: (_req, res) => mayCompress(String(res.getHeader('content-type') ?? ''), String(res.getHeader('cache-control') ?? '')),
  });
  return (req: IncomingMessage, res: ServerResponse, next: () => void) =>
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => next());
}
