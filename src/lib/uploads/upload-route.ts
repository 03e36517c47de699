/**
 * A page whose upload forms get their own body limit: main.ts refuses an oversized body from
 * its Content-Length before anything reads it (src/server/http/request-body-limit.ts) and
 * sends the browser back to the form's field. Each feature describes its own forms here, so
 * that infrastructure names no page.
 */
export interface UploadRoute {
  /** The path the upload forms post to, or a pattern of paths for a page with an id in its path. */
  path: string | RegExp;
  /**
   * For a request to that path: its limit and where a too-large body sends the browser back
   * to, or null when the address is not one of the page's upload forms.
   */
  decide(url: URL): { limit: number; sendBackTo: string } | null;
}
