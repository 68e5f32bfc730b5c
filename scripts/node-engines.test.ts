import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
type Lock = { packages: Record<string, { engines?: { node?: string } | string[] }> };
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as Lock;
const ourRange = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;

/**
 * The lowest version of each Node.js line the product supports (README, decision 019): where a dependency's
 * narrower range shows first.
 */
const supported = ['20.19.0', '22.13.0', '24.0.0'];

describe('Node.js versions', () => {
  it('names the lines the product supports: 20.19+, 22 and 24', () => {
    for (const version of supported) expect(semver.satisfies(version, ourRange), version).toBe(true);
    expect(semver.satisfies('21.7.0', ourRange)).toBe(false);
    expect(semver.satisfies('22.12.0', ourRange)).toBe(false);
  });

  // npm warns (EBADENGINE) on install when an installed package's engines refuse the running Node.js.
  it('accepts, in every installed package, the lowest version of each supported line', () => {
    const refusals = Object.entries(lock.packages).flatMap(([name, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (name === '' || range === undefined) return [];
      return supported
        .filter((version) => !semver.satisfies(version, range, { includePrerelease: true }))
        .map((version) => `${name} (${range}) refuses Node.js ${version}`);
    });
    expect(refusals).toEqual([]);
  });
});
