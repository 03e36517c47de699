import type { IncomingMessage, ServerResponse } from 'node:http';
import { readSmallBody } from './read-body';

/** The path of a job alert mail's unsubscribe link (route `unsubscribe`). */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

const MAX_BODY_BYTES = 4 * 1024;

/**
 * The unsubscribe POST of a job alert. A mail client's one-click
 * unsubscribe (RFC 8058) POSTs `List-Unsubscribe=One-Click` to the link of the
 * List-Unsubscribe header, server to server, with no session, no CSRF token and no Origin
 * header (Astro's origin check would refuse it), so it is served before Astro: the signed
 * token in the link is the whole proof, and it can only ever remove that one alert. The
 * page's own button posts here too and is sent back to the page to read the outcome. GET
 * is left to the page, which only asks: link scanners that fetch links unsubscribe nobody.
 */
export function createUnsubscribeEndpoint(getUnsubscribe: () => ((token: string | null) => Promise<boolean>) | null) {
  return async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (req.method !== 'POST') return false;
    const body = await readSmallBody(req, MAX_BODY_BYTES);
    const unsubscribe = getUnsubscribe();
    if (body === null || !unsubscribe) {
      res.writeHead(body === null ? 413 : 503, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(body === null ? 'The request is too large' : 'Try again in a moment');
      return true;
    }
    const token = url.searchParams.get('token');
    const removed = await unsubscribe(token);
    // The one-click answer is read by a mail server, not a person: a plain 200 either way,
    // since an alert already gone is unsubscribed all the same.
    if (new URLSearchParams(body).get('List-Unsubscribe') === 'One-Click') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(removed ? 'Unsubscribed' : 'Nothing to unsubscribe');
      return true;
    }
    res.writeHead(303, { location: `${UNSUBSCRIBE_PATH}?${removed ? 'done=1' : 'unknown=1'}`, 'cache-control': 'no-store' }).end();
    return true;
  };
}
