import ky, { isHTTPError, isTimeoutError } from 'ky';
import type { Options as KyOptions } from 'ky';
import { HttpParseError, HttpStatusError, HttpTimeoutError } from './http-errors';
import { REQUEST_TIMEOUT_MS, RETRY_LIMIT, RETRY_METHODS, RETRY_STATUS_CODES, retryDelayMs } from './retry-policy';

export interface HttpClientOptions {
  fetch?: typeof fetch;
  /** Joined in front of every request URL (ky v2 calls this `prefix`). */
  prefixUrl?: string;
  headers?: Record<string, string>;
  /** Per-attempt timeout; only tests should need to shorten it. */
  timeoutMs?: number;
}

export type HttpRequestInit = Omit<KyOptions, 'prefix' | 'baseUrl' | 'retry' | 'timeout' | 'throwHttpErrors' | 'fetch' | 'parseJson'>;

export interface HttpClient {
  request(url: string, init?: HttpRequestInit): Promise<Response>;
  json<T>(url: string, init?: HttpRequestInit): Promise<T>;
}

function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new HttpParseError(error);
  }
}

// Callers only ever see the product's error classes, never ky's.
function translateError(error: unknown): never {
  if (isHTTPError(error)) throw new HttpStatusError(error.response.status, { cause: error });
  if (isTimeoutError(error)) throw new HttpTimeoutError({ cause: error });
  throw error;
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const api = ky.create({
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.prefixUrl ? { prefix: options.prefixUrl } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    retry: {
      limit: RETRY_LIMIT,
      methods: [...RETRY_METHODS],
      // ky retries 413 only when the response carries a Retry-After (or
      // rate-limit) header, and for 413/429/503 a present header overrides
      // the backoff below. We keep that rule: retrying an oversized body
      // without server guidance would fail the same way again.
      statusCodes: [...RETRY_STATUS_CODES],
      delay: retryDelayMs,
    },
    // The error catalogue's HTTP statuses draw the line at 300; ky asks only about responses that are not
    // ok, so 1xx/2xx never reach this.
    throwHttpErrors: (status) => status >= 300,
    parseJson: parseJsonBody,
  });

  return {
    async request(url, init) {
      try {
        return await api(url, init);
      } catch (error) {
        return translateError(error);
      }
    },
    async json<T>(url: string, init?: HttpRequestInit): Promise<T> {
      try {
        return await api(url, init).json<T>();
      } catch (error) {
        return translateError(error);
      }
    },
  };
}
