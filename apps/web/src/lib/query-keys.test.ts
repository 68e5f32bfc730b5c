import { describe, expect, it } from 'vitest';
import { appSourceFiles, readAppSourceFile } from '../test/app-source-files';
import { queryKeys } from './query-keys';

const appFiles = appSourceFiles();

/** A key written in place (`queryKey: ['…'`) or a key factory of its own (`…QueryKeys = {`). */
const ownKeys = /queryKey:\s*\[|[qQ]ueryKeys\s*=\s*\{/;

describe('the query keys come from one file (issue 28)', () => {
  it('recognises a key written elsewhere', () => {
    expect(ownKeys.test("useQuery({ queryKey: ['admin', 'offers'], queryFn })")).toBe(true);
    expect(ownKeys.test("export const backOfficeQueryKeys = { offers: ['admin', 'offers'] as const };")).toBe(true);
    expect(ownKeys.test('useQuery({ queryKey: queryKeys.admin.offers, queryFn })')).toBe(false);
  });

  it('has every key in lib/query-keys.ts, the back office under its admin prefix', () => {
    expect(appFiles.filter((file) => file !== 'lib/query-keys.ts' && ownKeys.test(readAppSourceFile(file)))).toEqual([]);
    // Invalidating the admin prefix reaches every back-office screen's data.
    for (const key of [queryKeys.admin.dashboard('?period=week'), queryKeys.admin.apiKeys, queryKeys.admin.screenAccess('pages', 'admin')])
      expect(key[0]).toBe(queryKeys.admin.all[0]);
  });
});
