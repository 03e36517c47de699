import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { LOGOUT_AUTO_SUBMIT_SCRIPT } from './pages';

const autoSubmitHash = createHash('sha256').update(LOGOUT_AUTO_SUBMIT_SCRIPT).digest('base64');

/**
 * Headers for every page the provider renders: never cached (they carry per-visitor
 * state), never framed (clickjacking of the password form), and no script but the
 * sign-out auto-submit, allowed by its hash.
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': `default-src 'none'; script-src 'sha256-${autoSubmitHash}'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'`,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

export function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  const body = Buffer.from(html, 'utf8');
  res.writeHead(status, { ...PAGE_HEADERS, ...headers, 'content-length': String(body.length) });
  res.end(body);
}
