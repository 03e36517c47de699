import type { IncomingMessage, ServerResponse } from 'node:http';
import { getTranslator } from '../../lib/i18n/i18n';
import { tooLargeLocation, UPLOAD_PARAM } from '../../lib/talent/upload-addresses';
import { isUploadSlot, MAX_REQUEST_BODY_BYTES, uploadRequestLimit, type UploadSlot } from '../../lib/uploads/upload-rules';

/** Past this many times its limit a body is not even drained: the connection is closed. */
const DRAIN_FACTOR = 8;

export interface RequestBodyLimitOptions {
  /** The talent profile page, whose upload forms name their slot in the query. */
  profilePath: string;
}

export interface BodyLimitDecision {
  limit: number;
  /** Set for the profile page's upload forms: the page to send the browser back to. */
  slot: UploadSlot | null;
}

/** The largest body a request may send: an upload form's slot limit, else the product-wide one. */
export function bodyLimitFor(url: URL, profilePath: string): BodyLimitDecision {
  const slot = url.pathname === profilePath ? url.searchParams.get(UPLOAD_PARAM) : null;
  return isUploadSlot(slot) ? { limit: uploadRequestLimit(slot), slot } : { limit: MAX_REQUEST_BODY_BYTES, slot: null };
}

function declaredLength(req: IncomingMessage): number | null {
  const raw = req.headers['content-length'];
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
}

/**
 * Refuses a request body that is too large from its Content-Length, before anything
 * reads it: nothing of it is buffered. An upload form of the profile page is sent back
 * to its field with a message (after the body has been read and thrown away, so the
 * browser sees the answer); anything else gets 413. Bodies without a length (chunked)
 * pass here and meet the same limit while Astro reads them (astro.config.mjs).
 */
export function createRequestBodyLimit(options: RequestBodyLimitOptions) {
  const t = getTranslator();
  return function refuseOversizedBody(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method === 'GET' || req.method === 'HEAD') return false;
    const length = declaredLength(req);
    if (length === null) return false;
    const url = new URL(req.url ?? '/', 'http://localhost');
    const { limit, slot } = bodyLimitFor(url, options.profilePath);
    if (length <= limit) return false;

    if (slot && length <= limit * DRAIN_FACTOR) {
      const answer = () => {
        if (res.headersSent) return;
        res.writeHead(303, { location: tooLargeLocation(options.profilePath, slot), 'content-length': '0' }).end();
      };
      req.on('end', answer);
      req.on('error', () => res.destroy());
      req.resume();
      return true;
    }
    const megabytes = Math.round(limit / (1024 * 1024));
    res.writeHead(413, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
    res.end(t('uploads.requestTooLarge', { megabytes }), () => req.destroy());
    return true;
  };
}
