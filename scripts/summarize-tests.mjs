#!/usr/bin/env node
// Adds up the passed and failed counts that Vitest and Playwright printed in the given logs, and prints them
// as one closing line: "N passed, N failed".
import fs from 'node:fs';

const escape = String.fromCharCode(27);
const strip = (text) => text.replace(new RegExp(`${escape}\\[[0-9;]*m`, 'g'), '');
let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  const log = strip(fs.readFileSync(file, 'utf8'));
  for (const line of log.split('\n')) {
    const vitest = /^\s*Tests\s+(.*)$/.exec(line);
    if (vitest) {
      passed += Number(/(\d+) passed/.exec(vitest[1])?.[1] ?? 0);
      failed += Number(/(\d+) failed/.exec(vitest[1])?.[1] ?? 0);
      continue;
    }
    const playwrightPassed = /^\s*(\d+) passed \(/.exec(line);
    if (playwrightPassed) passed += Number(playwrightPassed[1]);
    const playwrightFailed = /^\s*(\d+) failed$/.exec(line);
    if (playwrightFailed) failed += Number(playwrightFailed[1]);
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
