import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import type { JobHelpers, Task } from 'graphile-worker';
import { afterAll, describe, expect, it } from 'vitest';
import { spanEachTask } from './job-spans.js';

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
      send_mail: async () => {
        activeSpanId = trace.getActiveSpan()?.spanContext().spanId;
        await Promise.resolve();
      },
    });
    await tasks.send_mail!({ mailId: 7 }, helpersOf('42', 1));
    const [span] = exporter.getFinishedSpans();
    expect(span).toMatchObject({
      name: 'process send_mail',
      attributes: {
        'messaging.system': 'graphile_worker',
        'messaging.operation.type': 'process',
        'messaging.destination.name': 'send_mail',
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
    const failing: Task = () => Promise.reject(new Error('SMTP is down'));
    const tasks = spanEachTask(tracer, { send_mail: failing });
    await expect(tasks.send_mail!({}, helpersOf('43', 3))).rejects.toThrow('SMTP is down');
    const [span] = exporter.getFinishedSpans();
    expect(span).toMatchObject({ status: { code: SpanStatusCode.ERROR, message: 'SMTP is down' }, attributes: { 'job.attempt': 3 } });
    expect(span!.events.map((event) => event.name)).toEqual(['exception']);
  });
});
