import { describe, expect, it } from 'vitest';
import { compareInterleaved, comparisonResult } from './interleaved.js';

// The on/off comparison's arithmetic and order, with made-up rates: no timing is measured here.
describe('compareInterleaved', () => {
  it('alternates the variants ABBA and answers the medians, one disturbed round leaving the ratio alone', async () => {
    const order: string[] = [];
    const rates = { off: [100, 100, 100, 100, 20], on: [96, 97, 95, 96, 96] };
    const comparison = await compareInterleaved({
      rounds: 5,
      measure: async (variant) => {
        order.push(variant);
        return rates[variant].shift()!;
      },
    });
    expect(order).toEqual(['off', 'on', 'on', 'off', 'off', 'on', 'on', 'off', 'off', 'on']);
    expect(comparison.off).toBe(100);
    expect(comparison.on).toBe(96);
    expect(comparison.ratio).toBeCloseTo(0.96);
    expect(comparison.ratios).toHaveLength(5);
    const line = comparisonResult({ name: 'pages with metrics', unit: 'req/s', offName: 'metrics off', comparison });
    expect(line).toMatchObject({ value: 96, reference: { name: 'metrics off', value: 100 }, isMet: true });
    expect(line.name).toBe('pages with metrics (median of 5 interleaved rounds; round ratios 0.95–4.80)');
  });
});
