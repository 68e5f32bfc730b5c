import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../apps/server/src/config.js';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/**
 * No container engine runs on the project's machines (issue 27), so the image is proven through what it shares with
 * CI: the Dockerfile installs and starts the product with the two scripts that scripts/production-smoke.sh runs, and
 * compose.yaml sets only settings the product reads and the README documents.
 */
describe('the image and the compose file', () => {
  it('install and start the product with the scripts that CI’s production smoke test runs', () => {
    const dockerfile = read('Dockerfile');
    const smoke = read('scripts/production-smoke.sh');
    expect(dockerfile).toMatch(/RUN .*bash scripts\/install-production\.sh \/app/);
    expect(dockerfile).toMatch(/^CMD \["\/app\/start-production\.sh"\]$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(smoke).toMatch(/^bash scripts\/install-production\.sh "\$dir"$/m);
    expect(smoke).toMatch(/"\$dir\/start-production\.sh"/);
    expect(read('scripts/install-production.sh')).toMatch(/npm ci --omit=dev/);
  });

  it('set only documented settings, which the product accepts with the defaults compose gives', () => {
    const compose = read('compose.yaml');
    const block = compose.slice(compose.indexOf('    environment:'), compose.indexOf('    depends_on:'));
    const entries = [...block.matchAll(/^ {6}([A-Z_0-9]+): (.*)$/gm)].map(([, name, value]) => [name!, value!] as const);
    expect(entries.length).toBeGreaterThan(10);
    // ${NAME:-default} gives its default; ${NAME:?message} must be set by the vendor (a stand-in here).
    const resolve = (value: string) =>
      value.replace(/\$\{([A-Z_]+):-([^}]*)\}/g, '$2').replace(/\$\{([A-Z_]+):\?[^}]*\}/g, 'set-by-the-vendor');
    const env = Object.fromEntries(entries.map(([name, value]) => [name, resolve(value)]));
    const readme = read('README.md');
    const undocumented = entries.map(([name]) => name).filter((name) => !readme.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
    const config = loadConfig(env);
    expect(config.DATABASE_URL).toBe('postgres://store:store@db:5432/store');
    expect(config.isSandboxOn).toBe(false);
  });
});
