import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deviceStateColumns, insertInLowestFreeSlot } from './device-slot-sql.js';

const server = path.resolve(import.meta.dirname, '../..');
const builderFile = 'modules/device/device-slot-sql.ts';

/** The server's product code (not tests, test factories or migrations). */
const productFiles = readdirSync(server, { recursive: true, encoding: 'utf8' })
  .map((file) => file.split(path.sep).join('/'))
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|\.test-factory\.ts$/.test(file) && !file.startsWith('db/'));

/** The three parts of the device-slot rule, as any hand-written copy of them would read. */
const slotRules = {
  'device count': /count\((?:\*|\w+\.id)\)(?:::int)?\s+(?:FROM\s+order_device|AS\s+devices)/i,
  'known key': /min\(\w+\.device_id_hash_encrypted\)/i,
  'free-slot insert': /INSERT\s+INTO\s+order_device[\s\S]{0,400}generate_series\(\s*1\s*,/i,
};

describe('the device-slot SQL is written once (decision 063)', () => {
  it('recognises each rule in the fragments that state it', () => {
    const columns = deviceStateColumns('o.id', '$1');
    expect(slotRules['device count'].test(columns)).toBe(true);
    expect(slotRules['known key'].test(columns)).toBe(true);
    expect(slotRules['free-slot insert'].test(insertInLowestFreeSlot('$5', { device_id_hash: '$4' }))).toBe(true);
    // The forms the copies had before: an aggregate over a join, and a slot series joined without LATERAL.
    expect(slotRules['device count'].test('count(d.id)::int AS devices')).toBe(true);
    expect(
      slotRules['free-slot insert'].test('INSERT INTO order_device (order_id) SELECT 1 FROM licence, generate_series(1, $5::int)'),
    ).toBe(true);
  });

  it('has no copy outside device-slot-sql.ts', () => {
    expect(productFiles).toContain(builderFile);
    const copies = productFiles
      .filter((file) => file !== builderFile)
      .flatMap((file) => {
        const text = readFileSync(path.join(server, file), 'utf8');
        return Object.entries(slotRules).flatMap(([rule, pattern]) => (pattern.test(text) ? [`${file}: ${rule}`] : []));
      });
    expect(copies).toEqual([]);
  });

  it('takes the lowest free slot of the licence and counts the asking computer by its ID ignoring case', () => {
    const insert = insertInLowestFreeSlot('$5', { device_id_hash: '$4', device_name: '$7' });
    expect(insert).toContain('INSERT INTO order_device (order_id, slot, device_id_hash, device_name)');
    expect(insert).toContain('SELECT licence.id, free.slot, $4, $7 FROM licence');
    expect(insert).toMatch(/ORDER BY s\.slot LIMIT 1\) AS free\s+ON CONFLICT DO NOTHING$/);
    expect(deviceStateColumns('owned.order_id', '$4')).toContain('lower(d.device_id_hash) = lower($4)');
  });
});
