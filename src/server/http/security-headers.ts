import type { ServerResponse } from 'node:http';

/**
 * Headers every answer carries, pages and assets alike. The content security policy
 * allows only our own origin, plus the analytics tracker's origin when one is configured;
 * Astro's hydration scripts are inline, hence 'unsafe-inline' for scripts until they move
 * to hashes.
 */
export function applySecurityHeaders(res: ServerResponse, production: boolean, trackerOrigin: string | null = null) {
  const tracker = trackerOrigin ? ` ${trackerOrigin}` : '';
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('permissions-policy', 'camera=(), microphone=(), geolocation=()');
  res.setHeader(
    'content-security-policy',
    `default-src 'self'; script-src 'self' 'unsafe-inline'${tracker}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:${tracker}; connect-src 'self'${tracker}; frame-ancestors 'none'; base-uri 'self'; form-action 'self'`,
  );
  if (production) res.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
}
