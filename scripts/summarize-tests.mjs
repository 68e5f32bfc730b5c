#!/usr/bin/env node
// Adds up the passed, failed and skipped counts that Vitest and Playwright printed in the given logs, and prints
// them as one closing line: "N passed, N failed, N skipped" (skipped counts Vitest's skipped and todo tests).
// A skipped test is no failure, but the line shows it, so that tests switched off are not mistaken for passes.
// Above that line come each log's own counts and, for a log with failures, the failed tests' lines: CI shows the
// end of its output, and a failure far up a long log must still be named there.
import fs from 'node:fs';
import path from 'node:path';

const escape = String.fromCharCode(27);
const strip = (text) => text.replace(new RegExp(`${escape}\\[[0-9;]*m`, 'g'), '');
const count = (text, word) => Number(new RegExp(`(\\d+) ${word}`).exec(text)?.[1] ?? 0);
// Vitest marks a failed test or file with × or FAIL, Playwright's list reporter with ✘.
const failureLine = /^\s*(?:×|FAIL\s|✘)\s*/;
const maxFailureLines = 30;

const total = { passed: 0, failed: 0, skipped: 0 };
for (const file of process.argv.slice(2)) {
  const log = { passed: 0, failed: 0, skipped: 0 };
  const failures = new Set();
  for (const line of strip(fs.readFileSync(file, 'utf8')).split('\n')) {
    const vitest = /^\s*Tests\s+(.*\(\d+\))\s*$/.exec(line);
    if (vitest) {
      log.passed += count(vitest[1], 'passed');
      log.failed += count(vitest[1], 'failed');
      log.skipped += count(vitest[1], 'skipped') + count(vitest[1], 'todo');
      continue;
    }
    log.passed += Number(/^\s*(\d+) passed \(/.exec(line)?.[1] ?? 0);
    log.failed += Number(/^\s*(\d+) failed$/.exec(line)?.[1] ?? 0);
    log.skipped += Number(/^\s*(\d+) skipped$/.exec(line)?.[1] ?? 0);
    if (failureLine.test(line)) failures.add(line.trim());
  }
  console.log(`${path.basename(file)}: ${log.passed} passed, ${log.failed} failed, ${log.skipped} skipped`);
  if (log.failed > 0) {
    for (const line of [...failures].slice(0, maxFailureLines)) console.log(`  ${line}`);
    if (failures.size > maxFailureLines) console.log(`  … and ${failures.size - maxFailureLines} more lines`);
  }
  for (const key of Object.keys(total)) total[key] += log[key];
}
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 || total.passed === 0 ? 1 : 0);
