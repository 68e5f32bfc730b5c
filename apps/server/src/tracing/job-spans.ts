import { SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import type { Task, TaskList } from 'graphile-worker';

/**
 * The job queue's tasks, each run inside a span of its own (`process send_mail`), active while the task runs so
 * that the task's queries and HTTP calls are its children; a task that throws marks its span as failed (the queue
 * retries it). Attributes after OpenTelemetry's messaging conventions, with the queue's job id and attempt.
 */
export function spanEachTask(tracer: Tracer, taskList: TaskList): TaskList {
  return Object.fromEntries(Object.entries(taskList).map(([name, task]) => [name, task && spanned(tracer, name, task)]));
}

function spanned(tracer: Tracer, name: string, task: Task): Task {
  return (payload, helpers) =>
    tracer.startActiveSpan(
      `process ${name}`,
      {
        kind: SpanKind.CONSUMER,
        attributes: {
          'messaging.system': 'graphile_worker',
          'messaging.operation.type': 'process',
          'messaging.destination.name': name,
          'messaging.message.id': helpers.job.id,
          'job.attempt': helpers.job.attempts,
        },
      },
      async (span) => {
        try {
          return await task(payload, helpers);
        } catch (error) {
          span.recordException(error instanceof Error ? error : String(error));
          span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
          throw error;
        } finally {
          span.end();
        }
      },
    );
}
