import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import type { JobHelpers, Task } from 'graphile-worker';
import { afterAll, describe, expect, it } from 'vitest';
import { spanEachTask, spanMailBatch } from './job-spans.js';

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
provider.register(); // the context manager, so that a task's span is the active one while it runs
const tracer = provider.getTracer('test');
afterAll(async () => {
  await provider.shutdown();
  trace.disable();
  context.disable();
});

const helpersOf = (id: string, attempts: number) => ({ job: { id, attempts } }) as unknown as JobHelpers;

describe('a span per job run', () => {
  it('wraps each task in a span that is active while it runs, named after its task', async () => {
    let activeSpanId: string | undefined;
    const tasks = spanEachTask(tracer, {
      deliver_webhook: async () => {
        activeSpanId = trace.getActiveSpan()?.spanContext().spanId;
        await Promise.resolve();
      },
    });
    await tasks.deliver_webhook!({ eventId: 7 }, helpersOf('42', 1));
    const [span] = exporter.getFinishedSpans();
    expect(span).toMatchObject({
      name: 'process deliver_webhook',
      attributes: {
        'messaging.system': 'graphile_worker',
        'messaging.operation.type': 'process',
        'messaging.destination.name': 'deliver_webhook',
        'messaging.message.id': '42',
        'job.attempt': 1,
      },
      status: { code: SpanStatusCode.UNSET },
    });
    // The task's queries (and HTTP calls) are children of its span.
    expect(activeSpanId).toBe(span!.spanContext().spanId);
  });

  it('marks the span of a failed run and records its error, which the queue still sees', async () => {
    exporter.reset();
    const failing: Task = () => Promise.reject(new Error('the receiver is down'));
    const tasks = spanEachTask(tracer, { deliver_webhook: failing });
    await expect(tasks.deliver_webhook!({}, helpersOf('43', 3))).rejects.toThrow('the receiver is down');
    const [span] = exporter.getFinishedSpans();
    expect(span).toMatchObject({
      status: { code: SpanStatusCode.ERROR, message: 'the receiver is down' },
      attributes: { 'job.attempt': 3 },
    });
    expect(span!.events.map((event) => event.name)).toEqual(['exception']);
  });
});

describe('a span per batch of the mail relay', () => {
  it('wraps a batch in a span active while it is sent and recorded, with its size and outcome', async () => {
    exporter.reset();
    let activeSpanId: string | undefined;
    const outcome = await spanMailBatch(tracer, 3, async () => {
      activeSpanId = trace.getActiveSpan()?.spanContext().spanId;
      await Promise.resolve();
      return { sent: 3, refused: 0, failed: 0 };
    });
    expect(outcome).toEqual({ sent: 3, refused: 0, failed: 0 });
    const [span] = exporter.getFinishedSpans();
    expect(span).toMatchObject({
      name: 'process mail_outbox',
      attributes: {
        'messaging.operation.type': 'process',
        'messaging.destination.name': 'mail_outbox',
        'messaging.batch.message_count': 3,
        'mail.sent': 3,
        'mail.refused': 0,
      },
      status: { code: SpanStatusCode.UNSET },
    });
    expect(activeSpanId).toBe(span!.spanContext().spanId);
  });

  it('marks the span of a batch with a refused mail, and of a batch whose recording failed', async () => {
    exporter.reset();
    await spanMailBatch(tracer, 2, () => Promise.resolve({ sent: 1, refused: 1, failed: 0, firstError: '451 Mailbox busy' }));
    await expect(spanMailBatch(tracer, 1, () => Promise.reject(new Error('Connection terminated')))).rejects.toThrow(
      'Connection terminated',
    );
    const [refused, lost] = exporter.getFinishedSpans();
    expect(refused).toMatchObject({
      status: { code: SpanStatusCode.ERROR, message: '451 Mailbox busy' },
      attributes: { 'mail.refused': 1 },
    });
    expect(lost).toMatchObject({ status: { code: SpanStatusCode.ERROR, message: 'Connection terminated' } });
    expect(lost!.events.map((event) => event.name)).toEqual(['exception']);
  });
});
