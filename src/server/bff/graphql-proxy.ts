import { isBodyTooLarge } from '../../lib/http/form-body-check';
import type { GraphqlRequestBody } from './api-caller';
import type { RateLimiter } from './rate-limit';
import type { LoadedSession } from './sessions';

/** Islands send the session's anti-forgery token in this header. */
export const CSRF_HEADER = 'x-tp-csrf';
const MAX_BODY_BYTES = 64 * 1024;

export interface ProxyInput {
  request: Request;
  /** Session behind the request's cookie, or null. */
  session: LoadedSession | null;
  /** A session cookie came with the request (valid or not). */
  hadSessionCookie: boolean;
  publicOrigin: string;
}

const json = (status: number, body: unknown, extra: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extra } });

const refusal = (status: number, code: string, message: string, extra: Record<string, string> = {}) =>
  json(status, { errors: [{ message, extensions: { code } }] }, extra);

function pagePathOf(request: Request, publicOrigin: string): string {
  const referer = request.headers.get('referer');
  if (!referer) return '/';
  try {
    const url = new URL(referer);
    return url.origin === publicOrigin ? url.pathname : '/';
  } catch {
    return '/';
  }
}

function parseBody(text: string): GraphqlRequestBody | null {
  try {
    const body = JSON.parse(text) as unknown;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
    const { query, variables, operationName } = body as Record<string, unknown>;
    if (typeof query !== 'string') return null;
    if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) return null;
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return null;
    return { query, variables: (variables ?? undefined) as Record<string, unknown> | undefined, operationName: operationName ?? null };
  } catch {
    return null;
  }
}

/**
 * `/api/graphql` (docs/architecture.md, the backend-for-frontend): same-origin JSON POSTs only, with the anti-forgery
 * header when a session exists. The upstream call carries only what the BFF computes;
 * cookies and product headers sent by the browser are never copied. Refusals answer
 * JSON 401/403/4xx, never a redirect to the provider.
 */
export async function proxyGraphql(
  bff: { graphql: (session: LoadedSession | null, body: GraphqlRequestBody, pagePath: string, signal?: AbortSignal) => Promise<{ status: number; headers?: Record<string, string>; body: unknown }> },
  input: ProxyInput,
  rateLimiter: RateLimiter | null = null,
): Promise<Response> {
  const { request, session } = input;
  if (request.method !== 'POST') return refusal(405, 'METHOD_NOT_ALLOWED', 'Use POST', { allow: 'POST' });
  const origin = request.headers.get('origin');
  const fetchSite = request.headers.get('sec-fetch-site');
  if ((origin !== null && origin !== input.publicOrigin) || (fetchSite !== null && fetchSite !== 'same-origin')) {
    return refusal(403, 'FORBIDDEN', 'Cross-site requests are not accepted');
  }
  if (!request.headers.get('content-type')?.toLowerCase().startsWith('application/json')) {
    return refusal(415, 'BAD_REQUEST', 'Send application/json');
  }
  if (input.hadSessionCookie && !session) return refusal(401, 'UNAUTHENTICATED', 'Your session has ended. Sign in again.');
  if (session && request.headers.get(CSRF_HEADER) !== session.record.csrfToken) {
    return refusal(403, 'FORBIDDEN', 'The anti-forgery token is missing or wrong. Reload the page.');
  }
  const declaredLength = Number(request.headers.get('content-length') ?? 0);
  if (declaredLength > MAX_BODY_BYTES) return refusal(413, 'BAD_REQUEST', 'The request is too large');
  let text: string;
  try {
    text = await request.text();
  } catch (error) {
    // A body sent without a length stops at the adapter's size limit; others broke off.
    return isBodyTooLarge(error) ? refusal(413, 'BAD_REQUEST', 'The request is too large') : refusal(400, 'BAD_REQUEST', 'The request body could not be read');
  }
  if (text.length > MAX_BODY_BYTES) return refusal(413, 'BAD_REQUEST', 'The request is too large');
  const body = parseBody(text);
  if (!body) return refusal(400, 'BAD_REQUEST', 'Send one operation as {"query", "variables", "operationName"}');
  // Per session, not per address: people behind one NAT do not slow each other down.
  if (session && rateLimiter) {
    const decision = await rateLimiter.take(session.id);
    if (!decision.allowed) {
      return refusal(429, 'TOO_MANY_REQUESTS', `Too many requests. Try again in ${decision.retryAfterSeconds} s.`, { 'retry-after': String(decision.retryAfterSeconds) });
    }
  }

  const answer = await bff.graphql(session, body, pagePathOf(request, input.publicOrigin), request.signal);
  return json(answer.status, answer.body, answer.headers);
}
