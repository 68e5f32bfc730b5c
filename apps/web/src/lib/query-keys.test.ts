import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

const source = path.resolve(import.meta.dirname, '..');
const appFiles = readdirSync(source, { recursive: true, encoding: 'utf8' })
  .map((file) => file.split(path.sep).join('/'))
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('test/'));

/** A key written in place (`queryKey: ['…'`) or a key factory of its own (`…QueryKeys = {`). */
const ownKeys = /queryKey:\s*\[|[qQ]ueryKeys\s*=\s*\{/;

describe('the query keys come from one file (issue 28)', () => {
  it('recognises a key written elsewhere', () => {
    expect(ownKeys.test("useQuery({ queryKey: ['admin', 'offers'], queryFn })")).toBe(true);
    expect(ownKeys.test("export const backOfficeQueryKeys = { offers: ['admin', 'offers'] as const };")).toBe(true);
    expect(ownKeys.test('useQuery({ queryKey: queryKeys.admin.offers, queryFn })')).toBe(false);
  });

  it('has every key in lib/query-keys.ts, the back office under its admin prefix', () => {
    expect(appFiles.filter((file) => file !== 'lib/query-keys.ts' && ownKeys.test(readFileSync(path.join(source, file), 'utf8')))).toEqual(
      [],
    );
    // Invalidating the admin prefix reaches every back-office screen's data.
    for (const key of [queryKeys.admin.dashboard('?period=week'), queryKeys.admin.apiKeys, queryKeys.admin.screenAccess('pages', 'admin')])
      expect(key[0]).toBe(queryKeys.admin.all[0]);
  });
});
