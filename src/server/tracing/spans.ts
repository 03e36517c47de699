import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, propagation, SpanKind, SpanStatusCode, trace, type Context } from '@opentelemetry/api';
import { currentRequestId, currentTraceId, setTraceIdOfRequest } from '../logging/request-id';
import { isHealthProbe } from '../http/health';
import type { Mailer } from '../mail/mailer';
import { routeLabel } from '../metrics/metrics';
import { tracerIfOn } from './tracing';

// The spans of a trace (docs/deploy.md, "Traces"), made where the product sees its work:
// each does nothing while tracing is off. A span holds what an operator needs to find slow
// work (route, operation name, statement text, queue, status), never a person's data: no
// query string, no variables, no statement values, no address of a mail.

/** The id the request's spans carry, so that a log line leads to its trace and back. */
const REQUEST_ID_ATTRIBUTE = 'talentplace.request_id';

/**
 * Runs one request in its server span, named by its method and route (the metrics' route
 * label, never an address). A trusted balancer's `traceparent` makes it part of the
 * balancer's trace; anyone else's is ignored (a client must not choose our trace ids).
 */
export function inRequestSpan<T>(req: IncomingMessage, res: ServerResponse, trustParent: boolean, run: () => T): T {
  const tracer = tracerIfOn();
  if (!tracer || isHealthProbe(req.url ?? '/')) return run();
  const parent = trustParent ? propagation.extract(context.active(), req.headers) : context.active();
  const route = routeLabel(req.url ?? '/');
  const span = tracer.startSpan(
    `${req.method ?? 'GET'} ${route}`,
    {
      kind: SpanKind.SERVER,
      attributes: {
        'http.request.method': req.method ?? 'GET',
        'url.path': (req.url ?? '/').split('?')[0]!,
        'talentplace.route': route,
        ...requestIdAttribute(),
      },
    },
    parent,
  );
  setTraceIdOfRequest(span.spanContext().traceId);
  res.once('close', () => {
    span.setAttribute('http.response.status_code', res.statusCode);
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  return context.with(trace.setSpan(parent, span), run);
}

const requestIdAttribute = () => {
  const requestId = currentRequestId();
  return requestId ? { [REQUEST_ID_ATTRIBUTE]: requestId } : {};
};

/**
 * Runs `run` in a child span of the current one, which ends when it settles (an error
 * marks it failed). For the GraphQL operations, the queued jobs and the mails.
 */
export async function inSpan<T>(name: string, kind: SpanKind, attributes: Record<string, string | number>, run: () => Promise<T>, parent: Context = context.active()): Promise<T> {
  const tracer = tracerIfOn();
  if (!tracer) return run();
  const span = tracer.startSpan(name, { kind, attributes: { ...attributes, ...requestIdAttribute() } }, parent);
  // A job's first span names its trace for the job's log lines.
  if (!currentTraceId()) setTraceIdOfRequest(span.spanContext().traceId);
  try {
    return await context.with(trace.setSpan(parent, span), run);
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
    throw error;
  } finally {
    span.end();
  }
}

/** The first word of a statement (SELECT, INSERT, WITH...), which names its span. */
const statementVerb = (text: string) => /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase() ?? 'SQL';

/**
 * Starts the span of one SQL statement of the pool, in the caller's span; the returned
 * function ends it. The text is the statement's, with its $n placeholders: values never.
 */
export function startStatementSpan(text: string): () => void {
  const tracer = tracerIfOn();
  if (!tracer) return () => undefined;
  const span = tracer.startSpan(statementVerb(text), {
    kind: SpanKind.CLIENT,
    attributes: { 'db.system.name': 'postgresql', 'db.query.text': text.replace(/\s+/g, ' ').trim().slice(0, 2000) },
  });
  return () => span.end();
}

/** The W3C `traceparent` of the current span, to carry into a queued job or another process. */
export function traceCarrier(): { traceparent?: string } {
  if (!tracerIfOn()) return {};
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? { traceparent: carrier.traceparent } : {};
}

/** The context a carried `traceparent` names (a queued job's sender), else the current one. */
export function contextOfCarrier(traceparent: unknown): Context {
  return typeof traceparent === 'string' && tracerIfOn() ? propagation.extract(context.active(), { traceparent }) : context.active();
}

/** A mailer whose sends are spans of the work that sent them (a request's, a queued retry's). */
export function tracedMailer(mailer: Mailer): Mailer {
  return { ...mailer, send: (message) => inSpan('mail send', SpanKind.CLIENT, {}, () => mailer.send(message)) };
}
