import { describe, expect, it } from 'vitest';
import { withMinimumDuration } from './minimum-duration.js';

describe('withMinimumDuration', () => {
  it('answers a quick success no sooner than the floor', async () => {
    const started = performance.now();
    await expect(withMinimumDuration(60, async () => 'done')).resolves.toBe('done');
    expect(performance.now() - started).toBeGreaterThanOrEqual(59);
  });

  it('answers a quick failure no sooner than the floor, with its error', async () => {
    const started = performance.now();
    await expect(withMinimumDuration(60, async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(performance.now() - started).toBeGreaterThanOrEqual(59);
  });
});
