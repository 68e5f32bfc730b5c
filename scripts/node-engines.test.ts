import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
type Lock = { packages: Record<string, { engines?: { node?: string } | string[] }> };
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as Lock;
const ourRange = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;

/** The lowest version of each Node.js line the product supports (README, decision 019). */
const supported = ['20.19.0', '22.13.0', '24.0.0'];

describe('Node.js versions', () => {
  it('names the lines the product supports: 20.19+, 22.13+ and 24+, and no line between them', () => {
    for (const version of supported) expect(semver.satisfies(version, ourRange), version).toBe(true);
    for (const version of ['21.7.0', '22.12.0', '23.11.0']) expect(semver.satisfies(version, ourRange), version).toBe(false);
  });

  // npm warns (EBADENGINE) on install when an installed package's engines refuse the running Node.js: every
  // version the product's range admits must be admitted by every installed package's range.
  it('is admitted, whole, by every installed package', () => {
    const refusals = Object.entries(lock.packages).flatMap(([name, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (name === '' || range === undefined) return [];
      return semver.subset(ourRange, range, { includePrerelease: true }) ? [] : [`${name} (${range}) refuses part of ${ourRange}`];
    });
    expect(refusals).toEqual([]);
  });
});
