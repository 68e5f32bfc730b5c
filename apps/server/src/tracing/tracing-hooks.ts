import type { FastifyPluginCallback } from 'fastify';
import type { TaskList } from 'graphile-worker';

/**
 * What tracing (OpenTelemetry: tracing/start-tracing.ts) adds to the running product. The product's code reaches
 * tracing only through here, and this file imports nothing of OpenTelemetry, so that with tracing off none of it is
 * loaded: production-entry.ts imports start-tracing.ts, which installs these, only when tracing is configured
 * (decision 038).
 */
export type Tracing = {
  /** The ids of the span running now, for the log lines written inside it (as OpenTelemetry's pino instrumentation names them). */
  logFields: () => { trace_id: string; span_id: string } | undefined;
  /** Fastify's instrumentation (@fastify/otel), for the scope whose requests are traced: the API (app.ts). */
  fastifyPlugin: FastifyPluginCallback;
  /** The job queue's tasks, each run as a span, so that the queries of a job are its children. */
  traceTasks: (taskList: TaskList) => TaskList;
  /** A batch of the mail relay (mail/relay.ts) sent and recorded as one span, so that its queries are its children. */
  traceMailBatch: (mails: number, relay: () => Promise<MailBatchOutcome>) => Promise<MailBatchOutcome>;
  /** Exports the spans still buffered, then stops: the last step of stopping the product. */
  shutdown: () => Promise<void>;
};

/** What became of a relayed batch's mails: sent, refused by SMTP (`failed` of them for good), the first refusal. */
export type MailBatchOutcome = { sent: number; refused: number; failed: number; firstError?: string };

let installed: Tracing | undefined;

/** Called once by tracing/start-tracing.ts, before the server is imported. */
export function installTracing(tracing: Tracing): void {
  installed = tracing;
}

/** Tracing when it runs in this process, else undefined (then nothing of it is loaded). */
export const activeTracing = (): Tracing | undefined => installed;
