/**
 * The content security policy, written once for the two places that send it: Astro
 * sends it with every page it renders, adding the hashes of the page's inline scripts
 * (computed at build time; `security.csp` in astro.config.mjs), and main.ts sends it with
 * every other answer (assets, API, redirects). No 'unsafe-inline' for scripts: an
 * injected inline script matches no hash and does not run.
 *
 * The analytics tracker's origin is runtime configuration (MATOMO_URL), so it is not in
 * the build: the middleware adds it to each page's header (`allowTracker`), main.ts
 * builds its own header with it.
 */

/** Directives that never change, beside script-src and style-src. */
export const FIXED_DIRECTIVES = [
  "default-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
] as const;

/** Where the tracker needs its origin: its script, its image beacon, its requests. */
const TRACKER_DIRECTIVES = new Set(['script-src', 'img-src', 'connect-src']);

/** img-src and connect-src, widened to the tracker's origin when analytics is on. */
export function trackerDirectives(trackerOrigin: string | null): [`img-src ${string}`, `connect-src ${string}`] {
  const tracker = trackerOrigin ? ` ${trackerOrigin}` : '';
  return [`img-src 'self' data: blob:${tracker}`, `connect-src 'self'${tracker}`];
}

export const SCRIPT_SOURCES = ["'self'"] as const;

/**
 * Inline styles stay allowed: React and Headless UI write style attributes, which hashes
 * cannot cover without 'unsafe-hashes'; a style cannot run code.
 */
export const STYLE_SOURCES = ["'self'", "'unsafe-inline'"] as const;

/** The whole policy for answers Astro does not render (they carry no inline script). */
export function contentSecurityPolicy(trackerOrigin: string | null): string {
  const tracker = trackerOrigin ? ` ${trackerOrigin}` : '';
  return [
    ...FIXED_DIRECTIVES,
    `script-src ${SCRIPT_SOURCES.join(' ')}${tracker}`,
    `style-src ${STYLE_SOURCES.join(' ')}`,
    ...trackerDirectives(trackerOrigin),
  ].join('; ');
}

/**
 * The policy Astro wrote for a page, with the tracker's origin added where the tracker
 * needs it. Astro computes the header before the layout renders (pages stream), so the
 * runtime `Astro.csp` API cannot add it from the layout; the middleware does it here.
 */
export function allowTracker(policy: string, trackerOrigin: string): string {
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => (TRACKER_DIRECTIVES.has(directive.split(/\s+/, 1)[0]!) ? `${directive} ${trackerOrigin}` : directive))
    .join('; ');
}
