import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'summarize-tests-'));
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

/** Runs the summary over logs with the given contents; answers its closing line, the lines above it, and its exit code. */
const run = (...logs: string[]) => {
  const files = logs.map((log, index) => {
    const file = path.join(directory, `${index}-${Math.random()}.log`);
    fs.writeFileSync(file, log);
    return file;
  });
  const result = spawnSync(process.execPath, [path.join(import.meta.dirname, 'summarize-tests.mjs'), ...files], { encoding: 'utf8' });
  const lines = result.stdout.trim().split('\n');
  return { line: lines.at(-1), above: lines.slice(0, -1), status: result.status };
};
const summarize = (...logs: string[]) => {
  const { line, status } = run(...logs);
  return { line, status };
};

describe('summarize-tests', () => {
  it("adds up Vitest's and Playwright's passed, failed and skipped tests", () => {
    const vitest = ' Test Files  3 passed (3)\n      Tests  12 passed | 2 skipped | 1 todo (15)\n';
    const playwright = 'Running 9 tests\n  1 skipped\n  8 passed (41.2s)\n';
    expect(summarize(vitest, playwright)).toEqual({ line: '20 passed, 0 failed, 4 skipped', status: 0 });
  });

  it('fails on a failed test, and on logs without any passed test', () => {
    expect(summarize('      Tests  1 failed | 3 passed (4)\n')).toEqual({ line: '3 passed, 1 failed, 0 skipped', status: 1 });
    expect(summarize('      Tests  2 skipped (2)\n')).toEqual({ line: '0 passed, 0 failed, 2 skipped', status: 1 });
  });

  it("names each log's counts and, where a log has failures, its failed tests", () => {
    const vitest = [
      ' ✓ api apps/server/src/a.api.test.ts (3 tests) 20ms',
      ' × api apps/server/src/b.api.test.ts > b > answers 503 while the database is down 31ms',
      ' FAIL  api apps/server/src/b.api.test.ts > b > answers 503 while the database is down',
      ' Test Files  1 failed | 1 passed (2)',
      '      Tests  1 failed | 4 passed (5)',
    ].join('\n');
    const playwright = '  ✘  3 e2e/tests/a.spec.ts:10:3 › a journey (2.1s)\n  1 failed\n  2 passed (9.0s)\n';
    const { line, above, status } = run(vitest, '      Tests  7 passed (7)\n', playwright);
    expect(status).toBe(1);
    expect(line).toBe('13 passed, 2 failed, 0 skipped');
    expect(above).toEqual([
      expect.stringMatching(/^0-.*\.log: 4 passed, 1 failed, 0 skipped$/),
      '  × api apps/server/src/b.api.test.ts > b > answers 503 while the database is down 31ms',
      '  FAIL  api apps/server/src/b.api.test.ts > b > answers 503 while the database is down',
      expect.stringMatching(/^1-.*\.log: 7 passed, 0 failed, 0 skipped$/),
      expect.stringMatching(/^2-.*\.log: 2 passed, 1 failed, 0 skipped$/),
      '  ✘  3 e2e/tests/a.spec.ts:10:3 › a journey (2.1s)',
    ]);
  });
});
