/** A failed avatar image is retried up to 5 times, after 1, 2, 4, 8 and 16 s. */
export const AVATAR_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000, 16000];

/** Query parameter that makes each retry a distinct URL, so no cache answers with the failure. */
export const AVATAR_RETRY_PARAM = 'retry';

export interface AvatarRetry {
  /** How long to wait before loading `src`. */
  delayMs: number;
  /** The original address with the cache-busting parameter of this attempt. */
  src: string;
}

/**
 * What to do after the image at `originalSrc` failed `failures` times (1 for the first
 * failure): the next retry, or null when the retries are spent and the loading overlay
 * should stop. Inline images (data:, blob:) take no query parameter and never heal, so
 * they are not retried.
 */
export function nextAvatarRetry(originalSrc: string, failures: number): AvatarRetry | null {
  if (!Number.isInteger(failures) || failures < 1) return null;
  const delayMs = AVATAR_RETRY_DELAYS_MS[failures - 1];
  if (delayMs === undefined || /^(data|blob):/i.test(originalSrc)) return null;
  return { delayMs, src: cacheBusted(originalSrc, failures) };
}

/** Adds `retry=<attempt>` to the query, keeping any fragment at the end. */
export function cacheBusted(src: string, attempt: number): string {
  const hashAt = src.indexOf('#');
  const base = hashAt === -1 ? src : src.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : src.slice(hashAt);
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${separator}${AVATAR_RETRY_PARAM}=${attempt}${hash}`;
}
