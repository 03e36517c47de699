// The HTTP client's constants: timeout, retried methods and statuses, backoff.
export const REQUEST_TIMEOUT_MS = 10_000;

export const RETRY_LIMIT = 2;

export const RETRY_METHODS: readonly string[] = ['get', 'put', 'head', 'delete', 'options', 'trace'];

export const RETRY_STATUS_CODES: readonly number[] = [408, 413, 429, 500, 502, 503, 504];

/** Backoff before retry `attempt` (1-based): 0.3 * 2^(attempt - 1) seconds. */
export function retryDelayMs(attempt: number): number {
  return 0.3 * 2 ** (attempt - 1) * 1000;
}
