import { errorMessage } from '../../lib/text/error-message';

/** Typesense's authentication header (the search call's search key header). */
export const TYPESENSE_KEY_HEADER = 'X-TYPESENSE-API-KEY';

export const DEFAULT_TYPESENSE_TIMEOUT_MS = 2_000;

export class TypesenseError extends Error {
  constructor(
    message: string,
    /** HTTP status, or null when no answer came (refused, timed out). */
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'TypesenseError';
  }
}

export interface TypesenseRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path under the host, starting with '/'. */
  path: string;
  query?: URLSearchParams;
  key: string;
  /** JSON-encoded unless a string (JSONL imports). */
  body?: unknown;
  timeoutMs?: number;
}

export interface TypesenseHttp {
  host: string;
  fetch?: typeof fetch;
}

/**
 * One Typesense call over fetch (the typesense package is not used: the HTTP API is
 * small and this keeps the requests exactly as tests assert them). Resolves with the
 * status and the body text; throws TypesenseError when no answer arrives.
 */
export async function typesenseCall(http: TypesenseHttp, request: TypesenseRequest): Promise<{ status: number; text: string }> {
  const query = request.query?.toString();
  const url = `${http.host}${request.path}${query ? `?${query}` : ''}`;
  const body = request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
  const headers: Record<string, string> = { [TYPESENSE_KEY_HEADER]: request.key };
  if (body !== undefined) headers['content-type'] = typeof request.body === 'string' ? 'text/plain' : 'application/json';
  try {
    const response = await (http.fetch ?? fetch)(url, {
      method: request.method,
      headers,
      ...(body !== undefined ? { body } : {}),
      signal: AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TYPESENSE_TIMEOUT_MS),
    });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'unreachable';
    throw new TypesenseError(`Typesense at ${http.host} ${reason}: ${errorMessage(error)}`, null, { cause: error });
  }
}

/** The body as JSON when the status is 2xx (or one of `accept`), else a TypesenseError with Typesense's message. */
export async function typesenseJson(http: TypesenseHttp, request: TypesenseRequest, accept: number[] = []): Promise<{ status: number; json: unknown }> {
  const { status, text } = await typesenseCall(http, request);
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    if (status < 300) throw new TypesenseError(`Typesense answered ${request.method} ${request.path} with a body that is not JSON`, status);
  }
  if ((status < 200 || status >= 300) && !accept.includes(status)) {
    const message = typeof json === 'object' && json !== null && 'message' in json ? String((json as { message: unknown }).message) : text.slice(0, 200);
    throw new TypesenseError(`Typesense answered ${request.method} ${request.path} with ${status}: ${message}`, status);
  }
  return { status, json };
}

/** Resolves when Typesense answers its health endpoint with ok (for /readyz). */
export async function pingTypesense(http: TypesenseHttp, key: string): Promise<void> {
  const { json } = await typesenseJson(http, { method: 'GET', path: '/health', key });
  if ((json as { ok?: unknown } | null)?.ok !== true) throw new TypesenseError(`Typesense at ${http.host} is not ready`, 200);
}
