import module from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import {
  defaultResource,
  detectResources,
  envDetector,
  hostDetector,
  processDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { spanEachTask } from './job-spans.js';
import { installTracing } from './tracing-hooks.js';

/** The service's name in traces unless OTEL_SERVICE_NAME (or OTEL_RESOURCE_ATTRIBUTES) names another. */
const SERVICE_NAME = 'plugin-store';

/**
 * Starts tracing with OpenTelemetry (decision 038): spans of HTTP (incoming and outgoing), of Fastify's routes, of
 * PostgreSQL queries made inside a request or a job, and of the job queue's jobs, exported in batches over OTLP/HTTP
 * with JSON bodies (http/json, to the endpoint's /v1/traces). It patches node:http, pg and Fastify, so it runs before they are imported
 * (production-entry.ts). The SDK reads its own variables: OTEL_EXPORTER_OTLP_ENDPOINT (or _TRACES_ENDPOINT),
 * OTEL_EXPORTER_OTLP_HEADERS, OTEL_EXPORTER_OTLP_TIMEOUT, OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, OTEL_BSP_*,
 * OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG: the exception to config.ts being the only reader of process.env.
 */
export function startTracing(): void {
  // The server's ES modules import pg, a CommonJS package, which require hooks do not see: import-in-the-middle's
  // loader hook wraps it. Only pg: every other module loads untouched (node:http and Fastify are patched without it).
  module.register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: ['pg'] } });

  const provider = new NodeTracerProvider({
    resource: defaultResource()
      .merge(resourceFromAttributes({ 'service.name': SERVICE_NAME }))
      .merge(detectResources({ detectors: [envDetector, hostDetector, processDetector] })),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation(),
      // A query outside a request or job (the job queue's polling, the listening connection's keep-alive) is no trace.
      new PgInstrumentation({ requireParentSpan: true }),
      // Fastify announces each new instance (a diagnostics channel), and the plugin is registered on it first. A span
      // per request and one per route handler: a span per hook would cost the hot paths more than they are worth.
      new FastifyOtelInstrumentation({ registerOnInitialization: true, instrumentHooks: false }),
    ],
  });

  const tracer = provider.getTracer(SERVICE_NAME);
  installTracing({
    logFields: () => {
      const span = trace.getActiveSpan();
      if (!span) return undefined;
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
    traceTasks: (taskList) => spanEachTask(tracer, taskList),
    shutdown: () => provider.shutdown(),
  });
}
