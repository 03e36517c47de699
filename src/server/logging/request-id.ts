import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

// The request id (docs/deploy.md, "Logs"): one id per request, made at the edge (the HTTP
// server of src/server/main.ts), or taken from the X-Request-Id of a balancer the
// configuration trusts (TRUSTED_PROXY_HOPS). It is answered in the same header, held for
// everything the request runs (the in-process API, the queue jobs it sends), and written on
// every log line made meanwhile, so that a slow page's line leads to the rest of its work.
// The request also tallies its SQL statements here (db/statement-times.ts), for its line,
// and keeps the id of its trace when tracing is on (tracing/spans.ts), for every line.

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a balancer's id may hold: no spaces, quotes or control characters to forge a log line with. */
const KEPT_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

interface RequestContext {
  id: string;
  statements: number;
  statementMs: number;
  traceId?: string;
}

const store = new AsyncLocalStorage<RequestContext>();

/** The id of a request: the trusted balancer's when it is one we keep, else a new one. */
export function requestIdOf(header: string | string[] | null | undefined, trusted: boolean): string {
  const given = Array.isArray(header) ? header[0] : header;
  return trusted && given && KEPT_ID.test(given) ? given : randomUUID();
}

/** Runs `run` as part of the request (or the job) with this id. */
export function inRequest<T>(requestId: string, run: () => T): T {
  return store.run({ id: requestId, statements: 0, statementMs: 0 }, run);
}

/** The id of the request (or job) being worked on; undefined outside one (start-up, timers). */
export function currentRequestId(): string | undefined {
  return store.getStore()?.id;
}

/** The id of the trace the request (or job) being worked on is recorded in, when tracing is on. */
export function currentTraceId(): string | undefined {
  return store.getStore()?.traceId;
}

/** Names the trace of the request (or job) being worked on, for its log lines. */
export function setTraceIdOfRequest(traceId: string): void {
  const context = store.getStore();
  if (context) context.traceId = traceId;
}

/** Where one SQL statement's time goes: the request being worked on when it started, if any. */
export function statementTallyAdder(): (durationMs: number) => void {
  const context = store.getStore();
  return (durationMs) => {
    if (!context) return;
    context.statements += 1;
    context.statementMs += durationMs;
  };
}

/**
 * A reader of the SQL statements the request being worked on has run, to be read later (when
 * its answer is sent, outside its own async context): their number and time in ms, and the
 * request's trace when it has one.
 */
export function statementTallyReader(): () => { statements: number; statementMs: number; traceId?: string } {
  const context = store.getStore();
  return () => ({
    statements: context?.statements ?? 0,
    statementMs: Math.round((context?.statementMs ?? 0) * 100) / 100,
    ...(context?.traceId ? { traceId: context.traceId } : {}),
  });
}
