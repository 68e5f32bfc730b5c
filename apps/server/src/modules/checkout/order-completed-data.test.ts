import { describe, expect, it } from 'vitest';
import { chargebackTimeOf, ORDER_TIME_MAX_AGE_MS, orderTimeOf } from './order-completed-data.js';

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

describe("a chargeback's time, the day its money counts on (decision 107)", () => {
  const processed = new Date('2026-01-05T03:00:00Z');

  it("is its `creationDate` in UTC, else the event's `created`, bounded as an order's time", () => {
    expect(chargebackTimeOf({ creationDate: 'Sat Jan 03 09:00:00 UTC 2026' }, processed.getTime(), processed)).toEqual(
      new Date('2026-01-03T09:00:00Z'),
    );
    const created = new Date('2026-01-04T10:00:00Z');
    // A text in another zone, or none, is not guessed at.
    expect(chargebackTimeOf({ creationDate: 'Sat Jan 03 09:00:00 CET 2026' }, created.getTime(), processed)).toEqual(created);
    expect(chargebackTimeOf({ creationDate: 'Sat Jan 03 09:00:00 2026' }, created.getTime(), processed)).toEqual(created);
    expect(chargebackTimeOf({ creationDate: null }, undefined, processed)).toEqual(processed);
    expect(chargebackTimeOf({ creationDate: 'Mon Jan 01 00:00:00 UTC 2024' }, undefined, processed)).toEqual(
      new Date(processed.getTime() - ORDER_TIME_MAX_AGE_MS),
    );
  });
});
