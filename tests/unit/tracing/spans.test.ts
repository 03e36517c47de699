import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inRequest, statementTallyReader } from '../../../src/server/logging/request-id';
import { contextOfCarrier, inSpan, startStatementSpan, traceCarrier } from '../../../src/server/tracing/spans';
import { readTracingConfig, startTracing } from '../../../src/server/tracing/tracing';

describe('the tracing settings', () => {
  it('are off without an OTLP endpoint, or when the SDK is disabled', () => {
    expect(readTracingConfig({})).toBeNull();
    expect(readTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' })).toBeNull();
  });

  it('read the OpenTelemetry variables, the traces endpoint first', () => {
    expect(readTracingConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toEqual({ serviceName: 'talentplace', scheduleDelayMs: 5000 });
    expect(readTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector', OTEL_SERVICE_NAME: 'talentplace-eu', OTEL_BSP_SCHEDULE_DELAY: '200' })).toEqual({ serviceName: 'talentplace-eu', scheduleDelayMs: 200 });
  });

  it('refuse an endpoint that is not an http address, and a delay that is not whole milliseconds', () => {
    expect(() => readTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/http\(s\) address/);
    expect(() => readTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c', OTEL_BSP_SCHEDULE_DELAY: 'soon' })).toThrow(/OTEL_BSP_SCHEDULE_DELAY/);
  });
});

describe('spans', () => {
  it('are not made while tracing is off: the work runs as it is', async () => {
    expect(await inSpan('query Jobs', SpanKind.INTERNAL, {}, async () => 'done')).toBe('done');
    expect(traceCarrier()).toEqual({});
    startStatementSpan('select 1')();
  });

  describe('while tracing is on', () => {
    const exporter = new InMemorySpanExporter();
    let tracing: ReturnType<typeof startTracing>;
    beforeAll(() => void (tracing = startTracing({ serviceName: 'talentplace-test', scheduleDelayMs: 0 }, exporter)));
    afterAll(() => tracing.stop());
    const finished = async (count: number): Promise<ReadableSpan[]> => {
      for (let wait = 0; wait < 100 && exporter.getFinishedSpans().length < count; wait += 1) await new Promise((resolve) => setTimeout(resolve, 10));
      return exporter.getFinishedSpans();
    };

    it('nest an operation and its statements in one trace, named by the request id, with no values', async () => {
      exporter.reset();
      const facts = await inRequest('req-trace', () =>
        inSpan('query Jobs', SpanKind.INTERNAL, { 'graphql.operation.name': 'Jobs' }, async () => {
          const end = startStatementSpan('select *\n  from job_ad where id = $1');
          await new Promise((resolve) => setTimeout(resolve, 2));
          end();
          return statementTallyReader()();
        }),
      );
      const spans = await finished(2);
      const operation = spans.find((span) => span.name === 'query Jobs')!;
      const statement = spans.find((span) => span.name === 'SELECT')!;
      expect(statement.spanContext().traceId).toBe(operation.spanContext().traceId);
      expect(statement.parentSpanContext?.spanId).toBe(operation.spanContext().spanId);
      expect(statement.attributes).toMatchObject({ 'db.system.name': 'postgresql', 'db.query.text': 'select * from job_ad where id = $1' });
      expect(operation.attributes['talentplace.request_id']).toBe('req-trace');
      // The request's log lines name the trace.
      expect(facts.traceId).toBe(operation.spanContext().traceId);
    });

    it('carry a trace into a queued job, and mark a failed one', async () => {
      exporter.reset();
      const carried = await inSpan('GET jobs', SpanKind.SERVER, {}, async () => traceCarrier());
      expect(carried.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      await expect(inSpan('queue mail-send', SpanKind.CONSUMER, {}, () => Promise.reject(new Error('smtp down')), contextOfCarrier(carried.traceparent))).rejects.toThrow('smtp down');
      const spans = await finished(2);
      const sender = spans.find((span) => span.name === 'GET jobs')!;
      const job = spans.find((span) => span.name === 'queue mail-send')!;
      expect(job.spanContext().traceId).toBe(sender.spanContext().traceId);
      expect(job.status.code).toBe(2);
      expect(job.resource.attributes['service.name']).toBe('talentplace-test');
    });
  });
});
