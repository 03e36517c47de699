import type { ServerResponse } from 'node:http';
import { contentSecurityPolicy } from '../../lib/http/content-security-policy';

/**
 * Headers every answer carries, pages and assets alike. Pages rendered by Astro replace
 * the content security policy with the same one plus the hashes of their inline scripts
 * (see content-security-policy.ts); everything else keeps this one, which allows no
 * inline script at all.
 */
export function applySecurityHeaders(res: ServerResponse, hsts: boolean, trackerOrigin: string | null = null) {
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('permissions-policy', 'camera=(), microphone=(), geolocation=()');
  res.setHeader('content-security-policy', contentSecurityPolicy(trackerOrigin));
  // config.hsts: production settings on an https origin (sent over http, it would be ignored).
  if (hsts) res.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
}
