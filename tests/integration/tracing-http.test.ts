import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBuild, startBuiltServer, type BuiltServer } from '../support/built-server';

// Traces (docs/deploy.md, "Traces"): the built product with an OTLP endpoint sends its spans
// there; a page's request, the GraphQL operation it runs and that operation's SQL are one
// trace, which its log line names beside the request id. A collector is played here by an
// HTTP server on the loopback that keeps what it is sent (OTLP/HTTP, JSON).

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: { stringValue?: string; intValue?: string | number } }>;
}

const attribute = (span: ExportedSpan, key: string) => {
  const value = span.attributes.find((entry) => entry.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

describe.skipIf(!hasBuild)('traces', () => {
  let collector: Server;
  let server: BuiltServer;
  const received: ExportedSpan[] = [];
  const bodies: string[] = [];

  beforeAll(async () => {
    collector = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        if (req.url === '/v1/traces') {
          bodies.push(body);
          const message = JSON.parse(body) as { resourceSpans: Array<{ scopeSpans: Array<{ spans: ExportedSpan[] }> }> };
          for (const resource of message.resourceSpans) for (const scope of resource.scopeSpans) received.push(...scope.spans);
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const address = collector.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    server = await startBuiltServer({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_BSP_SCHEDULE_DELAY: '100' });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await new Promise((resolve) => collector?.close(resolve));
  });

  /** The spans of the trace whose server span carries this request id, once its SQL has arrived. */
  async function traceOf(requestId: string): Promise<ExportedSpan[]> {
    for (let wait = 0; wait < 100; wait += 1) {
      const root = received.find((span) => span.kind === 2 && attribute(span, 'talentplace.request_id') === requestId);
      const trace = root ? received.filter((span) => span.traceId === root.traceId) : [];
      if (trace.some((span) => attribute(span, 'db.system.name') === 'postgresql')) return trace;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no trace with SQL for request ${requestId}; received ${received.map((span) => span.name).join(', ')}`);
  }

  it("holds a page's request, its GraphQL operation and its SQL in one trace, named in the request's log line", async () => {
    // A balancer's probe makes no trace (it comes every few seconds).
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const search = `tracing${Date.now()}`;
    const response = await fetch(`${server.url}/jobs?q=${search}`);
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id')!;
    const trace = await traceOf(requestId);
    const root = trace.find((span) => span.kind === 2)!;
    expect(root.name).toBe('GET jobs');
    expect(attribute(root, 'http.response.status_code')).toBe(200);
    expect(root.parentSpanId ?? '').toBe('');
    const byId = new Map(trace.map((span) => [span.spanId, span]));
    const operation = trace.find((span) => attribute(span, 'graphql.operation.type') === 'query' && span.parentSpanId === root.spanId);
    expect(operation, trace.map((span) => span.name).join(', ')).toBeDefined();
    // A statement run by the operation is its child (a statement of the page itself, the root's).
    const statements = trace.filter((span) => attribute(span, 'db.system.name') === 'postgresql');
    expect(statements.some((span) => span.parentSpanId === operation!.spanId)).toBe(true);
    for (const statement of statements) expect(byId.has(statement.parentSpanId ?? '')).toBe(true);
    // The log line leads to the trace: the request id and the trace id on one line.
    const line = server.output().split('\n').find((text) => text.includes(`"requestId":"${requestId}"`) && text.includes('"msg":"request"'));
    expect(JSON.parse(line!)).toMatchObject({ requestId, traceId: root.traceId, path: '/jobs' });
    // What was searched for is in no span: no query string, no variables, no statement values.
    expect(bodies.join('\n')).not.toContain(search);
    expect(received.filter((span) => attribute(span, 'url.path') === '/readyz')).toEqual([]);
  });

  it("starts its own trace when a client, not a trusted balancer, names one", async () => {
    const forged = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
    const response = await fetch(`${server.url}/jobs?q=forged${Date.now()}`, { headers: { traceparent: `00-${forged}-bbbbbbbbbbbbbbbb-01` } });
    const trace = await traceOf(response.headers.get('x-request-id')!);
    expect(trace[0]!.traceId).not.toBe(forged);
    expect(received.some((span) => span.traceId === forged)).toBe(false);
  });
});
