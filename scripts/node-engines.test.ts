import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
type Lock = { packages: Record<string, { engines?: { node?: string } | string[]; dev?: boolean }> };
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as Lock;
const ourRange = (lock.packages['']!.engines as { node: string }).node;

/** The lowest version of each line our `engines` accepts: where a dependency's narrower range shows first. */
const lowestOfEachLine = ourRange.split('||').map((part) => semver.minVersion(part.trim())!.version);

describe('Node.js versions', () => {
  it('names the lines the product supports: 20.19+, 22 and 24', () => {
    for (const version of ['20.19.0', '22.13.0', '24.0.0']) expect(semver.satisfies(version, ourRange), version).toBe(true);
    expect(semver.satisfies('21.7.0', ourRange)).toBe(false);
  });

  // npm warns (EBADENGINE) on install when an installed package's engines refuse the running Node.js.
  it('accepts, in every installed package, the lowest version of each line it claims', () => {
    const refusals = Object.entries(lock.packages).flatMap(([name, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (name === '' || range === undefined) return [];
      return lowestOfEachLine
        .filter((version) => !semver.satisfies(version, range, { includePrerelease: true }))
        .map((version) => `${name} (${range}) refuses Node.js ${version}`);
    });
    expect(lowestOfEachLine).toHaveLength(2);
    expect(refusals).toEqual([]);
  });
});
