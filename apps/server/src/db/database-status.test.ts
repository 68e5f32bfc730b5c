import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './client.js';
import { isDatabaseUnreachable, watchDatabase } from './database-status.js';

describe('isDatabaseUnreachable', () => {
  it('knows the failures of a database that cannot be reached', () => {
    expect(isDatabaseUnreachable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isDatabaseUnreachable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnreachable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(true);
  });

  it('leaves failing statements and other errors alone', () => {
    expect(isDatabaseUnreachable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnreachable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnreachable(new Error('Something else'))).toBe(false);
    expect(isDatabaseUnreachable(undefined)).toBe(false);
  });
});

describe('watchDatabase', () => {
  it('logs the start of an outage once and its end once, whatever fails in between', () => {
    const pool = new EventEmitter() as unknown as Db;
    const log = { error: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger;
    const status = watchDatabase(pool, log);
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(status.noteFailure(new Error('unrelated'))).toBe(false);
    expect(status.isReachable()).toBe(true);
    for (let failure = 0; failure < 50; failure++) expect(status.noteFailure(refused)).toBe(true);
    expect(status.isReachable()).toBe(false);
    expect(log.error).toHaveBeenCalledTimes(1);
    (pool as unknown as EventEmitter).emit('connect');
    (pool as unknown as EventEmitter).emit('connect');
    expect(status.isReachable()).toBe(true);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(watchDatabase(pool, log)).toBe(status);
  });
});
