import fs from 'node:fs/promises';
import path from 'node:path';
import type { BenchResult } from './bench-result.js';

/**
 * Runs the benchmarks (`*.bench.ts` beside this file, or those whose names contain the arguments), prints one
 * line per measurement with its reference and target, and writes bench/results/latest.json.
 */
async function main(): Promise<void> {
  const filters = process.argv.slice(2);
  const files = (await fs.readdir(import.meta.dirname))
    .filter((file) => file.endsWith('.bench.ts'))
    .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
    .sort();
  const all: (BenchResult & { bench: string })[] = [];
  for (const file of files) {
    console.log(`\n== ${file}`);
    const module = (await import(path.join(import.meta.dirname, file))) as { default: () => Promise<BenchResult[]> };
    try {
      const results = await module.default();
      for (const result of results) {
        all.push({ bench: file, ...result });
        console.log(formatResult(result));
      }
    } catch (error) {
      console.log(`  failed: ${(error as Error).message}`);
      all.push({ bench: file, name: 'failed', value: Number.NaN, unit: (error as Error).message, isMet: false });
    }
  }
  await fs.mkdir(path.join(import.meta.dirname, 'results'), { recursive: true });
  await fs.writeFile(path.join(import.meta.dirname, 'results', 'latest.json'), JSON.stringify(all, null, 2));
  const missed = all.filter((result) => result.isMet === false);
  console.log(`\n${all.length} measurements, ${missed.length} targets missed`);
}

function formatResult(result: BenchResult): string {
  const value = `${round(result.value)} ${result.unit}`;
  const reference = result.reference ? ` vs ${result.reference.name} ${round(result.reference.value)}` : '';
  const ratio = result.ratio === undefined ? '' : ` ratio ${result.ratio.toFixed(2)}`;
  const target = result.target ? ` (target ${result.target}: ${result.isMet ? 'met' : 'MISSED'})` : '';
  return `  ${result.name}: ${value}${reference}${ratio}${target}`;
}

const round = (value: number) => (Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100);

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
