/** What a request may find down: each has its own words on the "try again" page. */
export type UnavailableDependency = 'database' | 'sessions' | 'signIn';

/** Seconds a browser or client is told to wait (Retry-After) before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * A dependency the request needs did not answer. Thrown below the pages; the
 * middleware answers it with 503, Retry-After and a page saying to try again, never a
 * 500 and never the visitor treated as signed out.
 */
export class ServiceUnavailableError extends Error {
  override readonly name = 'ServiceUnavailableError';

  constructor(
    readonly dependency: UnavailableDependency,
    options?: ErrorOptions,
  ) {
    super(`${dependency} unavailable`, options);
  }
}

/**
 * By name, not instanceof: the BFF (in the server bundle) and the middleware (in Astro's
 * bundle) each hold their own copy of this class.
 */
export function isServiceUnavailable(error: unknown): error is ServiceUnavailableError {
  return error instanceof Error && error.name === 'ServiceUnavailableError' && typeof (error as { dependency?: unknown }).dependency === 'string';
}
