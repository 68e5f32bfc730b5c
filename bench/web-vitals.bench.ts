import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import type { BenchResult } from './bench-result.js';
import { startServerProcess } from './bench-server.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * What a visitor's content page costs: the gzip size of the JavaScript and CSS the home page loads in a real
 * browser (targets 120 KB and 25 KB), and Lighthouse's mobile scores for it and for a product page (with its
 * artwork) (performance 95, the rest 100).
 */
export default async function run(): Promise<BenchResult[]> {
  const server = await startServerProcess();
  try {
    return [
      ...(await measureTransfer(`${server.url}/`)),
      ...(await runLighthouse(`${server.url}/`, 'home page')),
      ...(await runLighthouse(`${server.url}/products/spacey`, 'product page')),
    ];
  } finally {
    await server.close();
  }
}

async function measureTransfer(url: string): Promise<BenchResult[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumFlags.slice(1) });
  try {
    const page = await browser.newPage();
    const sizes = { script: 0, stylesheet: 0 };
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      if (!response.url().startsWith(url)) return; // the checkout provider's script is not ours to size
      pending.push(response.body().then((body) => void (sizes[type] += gzipSync(body).length)));
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const kb = (bytes: number) => bytes / 1024;
    return [
      { name: 'home page JavaScript (gzip)', value: kb(sizes.script), unit: 'KB', target: '<= 120 KB', isMet: kb(sizes.script) <= 120 },
      { name: 'home page CSS (gzip)', value: kb(sizes.stylesheet), unit: 'KB', target: '<= 25 KB', isMet: kb(sizes.stylesheet) <= 25 },
    ];
  } finally {
    await browser.close();
  }
}

async function runLighthouse(url: string, pageName: string): Promise<BenchResult[]> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'store-lighthouse-'));
  const report = path.join(directory, 'report.json');
  const cli = path.resolve(import.meta.dirname, '../node_modules/lighthouse/cli/index.js');
  const result = spawnSync(
    process.execPath,
    [
      cli,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${report}`,
      `--chrome-flags=${chromiumFlags.join(' ')}`,
      '--only-categories=performance,accessibility,best-practices,seo',
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, encoding: 'utf8', timeout: 180_000 },
  );
  try {
    if (result.status !== 0) throw new Error(`lighthouse failed: ${result.stderr.slice(-500)}`);
    const { categories } = JSON.parse(await fs.readFile(report, 'utf8')) as {
      categories: Record<string, { score: number | null }>;
    };
    const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
    return [
      {
        name: `Lighthouse performance (mobile, ${pageName})`,
        value: score('performance'),
        unit: '',
        target: '>= 95',
        isMet: score('performance') >= 95,
      },
      ...['accessibility', 'best-practices', 'seo'].map((key) => ({
        name: `Lighthouse ${key} (mobile, ${pageName})`,
        value: score(key),
        unit: '',
        target: '= 100',
        isMet: score(key) === 100,
      })),
    ];
  } finally {
    await fs.rm(directory, { recursive: true, force: true });
  }
}
