import { describe, expect, it } from 'vitest';
import { ORDER_TIME_MAX_AGE_MS, orderTimeOf } from './order-completed-data.js';

describe("an order's time, as its time-bound grants are judged at (decisions 084 and 099)", () => {
  const processed = new Date('2026-01-01T03:00:00Z');
  const ordered = new Date('2026-01-01T01:00:00Z');

  it("is the order's `changed`, else the event's `created`, else the time it is processed", () => {
    expect(orderTimeOf({ changed: ordered.getTime() }, processed.getTime() - 1000, processed)).toEqual(ordered);
    expect(orderTimeOf({}, ordered.getTime(), processed)).toEqual(ordered);
    expect(orderTimeOf({}, undefined, processed)).toEqual(processed);
    expect(orderTimeOf({ changed: Number.NaN }, undefined, processed)).toEqual(processed);
  });

  it('is never later than now, nor earlier than the bound before it', () => {
    expect(orderTimeOf({ changed: processed.getTime() + 5000 }, undefined, processed)).toEqual(processed);
    expect(orderTimeOf({ changed: 0 }, undefined, processed)).toEqual(new Date(processed.getTime() - ORDER_TIME_MAX_AGE_MS));
    const withinBound = new Date(processed.getTime() - ORDER_TIME_MAX_AGE_MS + 1000);
    expect(orderTimeOf({ changed: withinBound.getTime() }, undefined, processed)).toEqual(withinBound);
  });
});
