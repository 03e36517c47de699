import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { isStorageKey, PICTURE_PATH_PREFIX } from '../../lib/uploads/media-urls';
import type { FileStorage } from '../storage/file-storage';

/** A key is never reused for other bytes (a new upload gets a new key): cache for a year. */
const CACHE_FOREVER = 'public, max-age=31536000, immutable';
// Pictures are only ever shown by <img>: opened directly, they may run nothing at all.
const PICTURE_POLICY = "default-src 'none'; sandbox";

/**
 * Serves profile pictures and company logos at /media/<key>.webp, to anyone with the
 * address (profile, side menu, companies, job ads). The content type is the one stored with the file, never taken
 * from the request. Answers false for anything it does not serve (other methods, other
 * keys, missing files) so the request goes on to the normal not-found page. Documents
 * never pass here: their keys end in .pdf and they are served only through the session.
 */
export function createMediaEndpoint(storage: FileStorage) {
  return async function serveMedia(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
    if (!pathname.startsWith(PICTURE_PATH_PREFIX) || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const key = pathname.slice(PICTURE_PATH_PREFIX.length);
    if (!isStorageKey(key) || !key.endsWith('.webp')) return false;
    const stored = await storage.get(key);
    if (!stored) return false;
    if (!stored.contentType.startsWith('image/')) {
      stored.body.destroy();
      return false;
    }
    res.writeHead(200, {
      'content-type': stored.contentType,
      'content-length': String(stored.size),
      'cache-control': CACHE_FOREVER,
      'x-content-type-options': 'nosniff',
      'content-security-policy': PICTURE_POLICY,
    });
    if (req.method === 'HEAD') {
      stored.body.destroy();
      res.end();
      return true;
    }
    await pipeline(stored.body, res).catch((error: unknown) => {
      // A browser that leaves mid-picture is not a server failure.
      if (!res.destroyed) throw error;
    });
    return true;
  };
}
