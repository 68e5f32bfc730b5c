import module from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import {
  defaultResource,
  detectResources,
  envDetector,
  hostDetector,
  processDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { redactUrl } from '../lib/redact-url.js';
import { spanEachTask, spanMailBatch } from './job-spans.js';
import { installTracing } from './tracing-hooks.js';

/** A server span's name, as OpenTelemetry's HTTP conventions have it: the method and the route's pattern, never the path. */
const serverSpanName = (method: string, route: string | undefined) => (route === undefined ? method : `${method} ${route}`);

/** The service's name in traces unless OTEL_SERVICE_NAME (or OTEL_RESOURCE_ATTRIBUTES) names another. */
const SERVICE_NAME = 'plugin-store';

/**
 * Starts tracing with OpenTelemetry (decision 038): spans of the API's requests (Fastify's, by route), of outgoing
 * HTTP calls, of PostgreSQL queries made inside a request or a job, and of the job queue's jobs, exported in batches
 * over OTLP/HTTP with JSON bodies (http/json, to the endpoint's /v1/traces). It patches pg (and listens to fetch), so it
 * runs before they are imported (production-entry.ts). The SDK reads its own variables:
 * OTEL_EXPORTER_OTLP_ENDPOINT (or _TRACES_ENDPOINT), OTEL_EXPORTER_OTLP_HEADERS, OTEL_EXPORTER_OTLP_TIMEOUT,
 * OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, OTEL_BSP_*, OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG: the
 * exception to config.ts being the only reader of process.env.
 */
export function startTracing(): void {
  // The server's ES modules import pg, a CommonJS package: depending on the Node.js version and the other loader hooks
  // such an import can pass the require hooks by, and import-in-the-middle's loader hook wraps it whatever the way.
  // Only pg: every other module loads untouched (Fastify and fetch announce themselves on diagnostics channels).
  module.register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: ['pg'] } });

  const provider = new NodeTracerProvider({
    resource: defaultResource()
      .merge(resourceFromAttributes({ 'service.name': SERVICE_NAME }))
      .merge(detectResources({ detectors: [envDetector, hostDetector, processDetector] })),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  // Fastify's own instrumentation, registered by app.ts as the first plugin of the /api scope: a span per request
  // (named by its route: the server span) and one for its handler, none per hook. The pages, app screens and assets
  // outside that scope are answered from memory in tens of microseconds, and none of its hooks runs for them
  // (decision 038). node:http's instrumentation is left out: a second server span per request doubled the cost.
  // The server span's `url.path` is the path with its query, as the request log has it: without the secrets some
  // carry (the one-click unsubscribe's `?token=`, a purchase's id), as the log leaves them out (redactUrl).
  const fastify = new FastifyOtelInstrumentation({
    instrumentHooks: false,
    requestHook: (span, request) => {
      span.updateName(serverSpanName(request.method, request.routeOptions.url));
      span.setAttribute('url.path', redactUrl(request.url));
    },
  });
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      fastify,
      // A query outside a request or job (the job queue's polling, the listening connection's keep-alive) is no trace.
      new PgInstrumentation({ requireParentSpan: true }),
      // Outgoing calls (fetch: FastSpring's API) made in a request or job, with the trace's context in their headers.
      new UndiciInstrumentation({ requireParentforSpans: true }),
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
    fastifyPlugin: fastify.plugin(),
    traceTasks: (taskList) => spanEachTask(tracer, taskList),
    traceMailBatch: (mails, relay) => spanMailBatch(tracer, mails, relay),
    shutdown: () => provider.shutdown(),
  });
}
