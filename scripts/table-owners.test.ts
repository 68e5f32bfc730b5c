import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const server = path.resolve(import.meta.dirname, '../apps/server/src');

/** The server's product code: not the migrations and seeds (db/), tests or test factories. */
const productFiles = readdirSync(server, { recursive: true, encoding: 'utf8' })
  .map((file) => file.split(path.sep).join('/'))
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|\.test-factory\.ts$/.test(file) && !file.startsWith('db/'))
  .sort();
const outsidePersonModule = productFiles.filter((file) => !file.startsWith('modules/person/'));
const textOf = (file: string) => readFileSync(path.join(server, file), 'utf8');

/** The table as a statement names it: `person`, `"person"`, `public.person`; not `person_id` or `person_login`. */
const personTable = String.raw`(?:public\.)?"?person\b`;
const writesPerson = new RegExp(String.raw`\b(?:UPDATE|INSERT\s+INTO|DELETE\s+FROM)\s+${personTable}`, 'i');
/** `FROM person`, `JOIN person`, and a comma join (`FROM orders o, person p`): after tables, not any comma of code. */
const readsPerson = new RegExp(
  String.raw`\b(?:FROM|JOIN)\s+${personTable}|\bFROM\s+(?:[\w."]+(?:\s+(?:AS\s+)?\w+)?\s*,\s*)+${personTable}`,
  'i',
);

/**
 * The statements of other domains that may join the person table, read-only: a list's page, the plug-in
 * registration's single statement (decision 028) and the admin search (decision 024). docs/ARCHITECTURE.md
 * ("Another domain's table") names them and why.
 */
const readOnlyJoins = [
  // The administrator's order detail: the licence's owner and a transfer's two parties, beside the order (decision 060).
  'modules/checkout/order-detail.repository.ts',
  'modules/device/device.repository.ts',
  // Whether the caller may have beta builds (the person's opt-in), inside the download and update statements (decision 055).
  'modules/download/download.repository.ts',
  // The upgrades bought on a charged-back or refunded licence, with their owners' addresses for support's mail, in the
  // statement that revokes them (decision 115).
  'modules/offer/bought-on.repository.ts',
  'modules/order/order-list.repository.ts',
  // The licences an outbound event names, with their owners' addresses, in one statement (decision 062).
  'modules/order/order.repository.ts',
  // The owners who consented to a release's mail, claimed in the statement that records each mail once (decision 055);
  // and an opted-in owner's key, checked in the update check's one statement.
  'modules/release/release-mail.repository.ts',
  'modules/release/release.repository.ts',
  'modules/search/search.repository.ts',
  'modules/unassigned/batch.repository.ts',
];

describe('the person table belongs to the person module', () => {
  it('is written only by the person module', () => {
    expect(writesPerson.test('UPDATE person SET name = $2') && !writesPerson.test('UPDATE orders SET person_id = $2')).toBe(true);
    expect(writesPerson.test('INSERT INTO public.person (email) VALUES ($1)')).toBe(true);
    expect(outsidePersonModule.filter((file) => writesPerson.test(textOf(file)))).toEqual([]);
  });

  it('is read elsewhere only in the listed read-only joins, and each of them still needs its place on the list', () => {
    for (const reader of [
      'SELECT name FROM person WHERE id = $1',
      'JOIN person p ON p.id = o.person_id',
      'FROM orders o, person p WHERE p.id = o.person_id',
      'FROM orders AS o, device d, public.person p',
      'FROM public.person',
      'LEFT JOIN "person" p ON true',
    ])
      expect(readsPerson.test(reader), reader).toBe(true);
    for (const other of [
      'SELECT person_id FROM orders',
      'FROM person_login WHERE id = $1',
      'JOIN orders o ON o.person_id = p.id',
      'FROM orders o, person_login l',
      'const found = await findPerson(db, person);',
    ])
      expect(readsPerson.test(other), other).toBe(false);
    expect(outsidePersonModule.filter((file) => readsPerson.test(textOf(file)))).toEqual(readOnlyJoins);
  });
});

/** The devices table as a statement names it: `order_device`, `"order_device"`, `public.order_device`. */
const writesDevices = new RegExp(String.raw`\b(?:UPDATE|INSERT\s+INTO|DELETE\s+FROM)\s+(?:public\.)?"?order_device\b`, 'i');

describe('the order_device table belongs to the device module', () => {
  it('is written only by the device module (other domains call device.service)', () => {
    for (const writer of [
      'DELETE FROM order_device WHERE id = $1',
      'UPDATE "order_device" d SET device_name = $3',
      'INSERT INTO public.order_device (order_id)',
    ])
      expect(writesDevices.test(writer), writer).toBe(true);
    for (const other of ['SELECT count(*) FROM order_device d', 'DELETE FROM orders WHERE id = $1', 'UPDATE order_device_daily SET n = 1'])
      expect(writesDevices.test(other), other).toBe(false);
    expect(productFiles.filter((file) => !file.startsWith('modules/device/') && writesDevices.test(textOf(file)))).toEqual([]);
  });
});
