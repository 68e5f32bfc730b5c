#!/usr/bin/env node
// Adds up the passed, failed and skipped counts that Vitest and Playwright printed in the given logs, and prints
// them as one closing line: "N passed, N failed, N skipped" (skipped counts Vitest's skipped and todo tests).
// A skipped test is no failure, but the line shows it, so that tests switched off are not mistaken for passes.
import fs from 'node:fs';

const escape = String.fromCharCode(27);
const strip = (text) => text.replace(new RegExp(`${escape}\\[[0-9;]*m`, 'g'), '');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  const log = strip(fs.readFileSync(file, 'utf8'));
  for (const line of log.split('\n')) {
    const vitest = /^\s*Tests\s+(.*)$/.exec(line);
    if (vitest) {
      passed += Number(/(\d+) passed/.exec(vitest[1])?.[1] ?? 0);
      failed += Number(/(\d+) failed/.exec(vitest[1])?.[1] ?? 0);
      skipped += Number(/(\d+) skipped/.exec(vitest[1])?.[1] ?? 0) + Number(/(\d+) todo/.exec(vitest[1])?.[1] ?? 0);
      continue;
    }
    const playwrightPassed = /^\s*(\d+) passed \(/.exec(line);
    if (playwrightPassed) passed += Number(playwrightPassed[1]);
    const playwrightFailed = /^\s*(\d+) failed$/.exec(line);
    if (playwrightFailed) failed += Number(playwrightFailed[1]);
    const playwrightSkipped = /^\s*(\d+) skipped$/.exec(line);
    if (playwrightSkipped) skipped += Number(playwrightSkipped[1]);
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
