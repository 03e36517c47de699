import type { IncomingMessage, ServerResponse } from 'node:http';
import sirv from 'sirv';

/**
 * Serves the built client (`dist/client`): hashed files under /_astro are immutable and
 * cached for a year; other public files are revalidated. Unknown paths fall through to
 * Astro, which renders the 404 page.
 */
export function createStaticAssets(clientDir: string) {
  const serve = sirv(clientDir, {
    dev: false,
    etag: true,
    gzip: true,
    brotli: true,
    setHeaders(res, pathname) {
      // sirv's type table (mrmime) has no .ico: without a type, nosniff makes browsers refuse the icon.
      if (pathname.endsWith('.ico')) res.setHeader('content-type', 'image/x-icon');
      res.setHeader(
        'cache-control',
        pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      );
    },
  });
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => serve(req, res, next);
}
