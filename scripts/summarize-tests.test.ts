import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'summarize-tests-'));
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

/** Runs the summary over logs with the given contents; answers its closing line and exit code. */
const summarize = (...logs: string[]) => {
  const files = logs.map((log, index) => {
    const file = path.join(directory, `${index}-${Math.random()}.log`);
    fs.writeFileSync(file, log);
    return file;
  });
  const result = spawnSync(process.execPath, [path.join(import.meta.dirname, 'summarize-tests.mjs'), ...files], { encoding: 'utf8' });
  return { line: result.stdout.trim(), status: result.status };
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
});
