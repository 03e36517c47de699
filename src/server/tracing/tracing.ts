import { context, propagation, trace, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace';
import { ConfigError } from '../config-error';

// Traces (docs/deploy.md, "Traces"): off unless an OTLP endpoint is configured, with
// OpenTelemetry's own variables, so that an operator's collector settings carry over:
// OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), OTEL_EXPORTER_OTLP_HEADERS,
// OTEL_SERVICE_NAME, OTEL_BSP_SCHEDULE_DELAY, OTEL_SDK_DISABLED. Spans are made by hand
// where the product already sees its work (tracing/spans.ts): the request at the edge, each
// GraphQL operation, each SQL statement of the pool, each queued job, each mail. No library
// is patched: the built server is one bundle, which patching at load time cannot reach.

export interface TracingConfig {
  serviceName: string;
  /** How long finished spans wait to be sent together (ms). */
  scheduleDelayMs: number;
}

/** The tracer while tracing is on; null when it is off (every span helper then does nothing). */
let activeTracer: Tracer | null = null;

export const tracerIfOn = (): Tracer | null => activeTracer;

/** Whether an OTLP endpoint is configured for traces, and how; null when tracing is off. */
export function readTracingConfig(env: Record<string, string | undefined>): TracingConfig | null {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!endpoint || env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return null;
  if (!URL.canParse(endpoint) || !/^https?:$/.test(new URL(endpoint).protocol)) {
    throw new ConfigError(`the OTLP endpoint must be an http(s) address, got "${endpoint}"`, 'for example http://127.0.0.1:4318 (OTLP over HTTP; the collector adds /v1/traces)');
  }
  const delay = env.OTEL_BSP_SCHEDULE_DELAY?.trim();
  const scheduleDelayMs = delay ? Number(delay) : 5000;
  if (!Number.isInteger(scheduleDelayMs) || scheduleDelayMs < 0) {
    throw new ConfigError(`OTEL_BSP_SCHEDULE_DELAY must be a whole number of milliseconds, got "${delay}"`, 'the default is 5000');
  }
  return { serviceName: env.OTEL_SERVICE_NAME?.trim() || 'talentplace', scheduleDelayMs };
}

/**
 * Starts sending this process's spans over OTLP/HTTP (JSON) in batches, with W3C trace
 * context for what crosses a process (a separate API, a queued job). The exporter reads the
 * endpoint, headers and timeout from the OTEL_EXPORTER_OTLP_* variables itself (tests may
 * give another exporter).
 */
export function startTracing(config: TracingConfig, exporter: SpanExporter = new OTLPTraceExporter()): { stop: () => Promise<void> } {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName, 'service.instance.id': `${process.pid}` }),
    spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: config.scheduleDelayMs })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  activeTracer = trace.getTracer('talentplace');
  return {
    // The spans still waiting are sent before the process ends.
    async stop() {
      activeTracer = null;
      await provider.shutdown().catch(() => undefined);
    },
  };
}
