import type { IncomingMessage, ServerResponse } from 'node:http';
import { getTranslator } from '../../lib/i18n/i18n';
import { pathInLanguage } from '../../lib/i18n/language-path';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/i18n/namespaces';
import { MAX_REQUEST_BODY_BYTES } from '../../lib/uploads/upload-rules';
import type { UploadRoute } from '../../lib/uploads/upload-route';

/** Past this many times its limit a body is not even drained: the connection is closed. */
const DRAIN_FACTOR = 8;

export interface BodyLimitDecision {
  limit: number;
  /** Set for the upload forms of a page: where to send the browser back to, to the form's field. */
  sendBackTo: string | null;
}

/** The largest body a request may send: an upload form's own limit, else the product-wide one. */
export function bodyLimitFor(url: URL, uploadRoutes: readonly UploadRoute[]): BodyLimitDecision {
  for (const route of uploadRoutes) {
    if (typeof route.path === 'string' ? url.pathname !== route.path : !route.path.test(url.pathname)) continue;
    const decision = route.decide(url);
    if (decision) return decision;
  }
  return { limit: MAX_REQUEST_BODY_BYTES, sendBackTo: null };
}

function declaredLength(req: IncomingMessage): number | null {
  const raw = req.headers['content-length'];
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
}

/**
 * Refuses a request body that is too large from its Content-Length, before anything
 * reads it: nothing of it is buffered. An upload form (an entry of `uploadRoutes`, which the
 * features provide) is sent back to its field with a message (after the body has been read and thrown away, so the
 * browser sees the answer); anything else gets 413. Bodies without a length (chunked)
 * pass here and meet the same limit while Astro reads them (astro.config.mjs).
 */
export function createRequestBodyLimit(uploadRoutes: readonly UploadRoute[]) {
  /** `language`: the page's, from the address's prefix (taken off before): the answer is in it, and so is the page an upload goes back to. */
  return function refuseOversizedBody(req: IncomingMessage, res: ServerResponse, language: Language = DEFAULT_LANGUAGE): boolean {
    if (req.method === 'GET' || req.method === 'HEAD') return false;
    const length = declaredLength(req);
    if (length === null) return false;
    const url = new URL(req.url ?? '/', 'http://localhost');
    const { limit, sendBackTo } = bodyLimitFor(url, uploadRoutes);
    if (length <= limit) return false;

    if (sendBackTo && length <= limit * DRAIN_FACTOR) {
      const answer = () => {
        if (res.headersSent) return;
        res.writeHead(303, { location: pathInLanguage(sendBackTo, language), 'content-length': '0' }).end();
      };
      req.on('end', answer);
      req.on('error', () => res.destroy());
      req.resume();
      return true;
    }
    const megabytes = Math.round(limit / (1024 * 1024));
    res.writeHead(413, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
    res.end(getTranslator(['common'], language)('uploads.requestTooLarge', { megabytes }), () => req.destroy());
    return true;
  };
}
