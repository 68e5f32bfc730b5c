import { SpanKind, SpanStatusCode, type Span, type Tracer } from '@opentelemetry/api';
import type { Task, TaskList } from 'graphile-worker';
import type { MailBatchOutcome } from './tracing-hooks.js';

/**
 * The job queue's tasks, each run inside a span of its own (`process deliver_webhook`), active while the task runs so
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
          throw failed(span, error);
        } finally {
          span.end();
        }
      },
    );
}

/**
 * A batch of the mail relay (mail/relay.ts) as one span, `process mail_outbox`, active while its mails are sent and
 * recorded so that the recording queries are its children. The batch's size and outcome are its attributes; a mail
 * refused by SMTP marks the span as failed with the first refusal (the relay tries it again after its back-off).
 */
export async function spanMailBatch(tracer: Tracer, mails: number, relay: () => Promise<MailBatchOutcome>): Promise<MailBatchOutcome> {
  return tracer.startActiveSpan(
    'process mail_outbox',
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'mail_outbox',
        'messaging.operation.type': 'process',
        'messaging.destination.name': 'mail_outbox',
        'messaging.batch.message_count': mails,
      },
    },
    async (span) => {
      try {
        const outcome = await relay();
        span.setAttributes({ 'mail.sent': outcome.sent, 'mail.refused': outcome.refused, 'mail.failed': outcome.failed });
        if (outcome.firstError !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.firstError });
        return outcome;
      } catch (error) {
        throw failed(span, error);
      } finally {
        span.end();
      }
    },
  );
}

/** Marks the span failed with the error, and answers the error for the caller to throw on. */
function failed(span: Span, error: unknown): unknown {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
  return error;
}
