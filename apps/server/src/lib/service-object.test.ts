import { describe, expect, it } from 'vitest';
import { bindDependencies } from './service-object.js';

describe('bindDependencies (decision 067)', () => {
  const greet = (options: { db: string; name: string }) => `${options.db}: hello ${options.name}`;
  const count = (options: { db: string }) => options.db.length;

  it('fills in the dependencies and passes the request values on', () => {
    const service = bindDependencies({ db: 'pool' }, { greet, count });
    expect(service.greet({ name: 'Ann' })).toBe('pool: hello Ann');
    expect(service.count()).toBe(4);
  });

  it('keeps its own dependency over one a caller slips in', () => {
    const service = bindDependencies({ db: 'pool' }, { greet });
    expect(service.greet({ name: 'Ann', db: 'other' } as { name: string })).toBe('pool: hello Ann');
  });
});
