import type { Queryable } from '../../db/client.js';

/** The devices of a licence as a registration sees them: how many, and the stored key of the asking device. */
export type LicenceDeviceState = { order_id: number; is_active: boolean; devices: number; known_key: string | null };

/** An active licence a device may be registered on: its owner (whom the key file names), key files and devices. */
export type LicenceCandidate = LicenceDeviceState & {
  person_id: number;
  owner_name: string;
  owner_email: string;
  serial_new: string;
  serial_2048: string;
};

// Every finder answers the licences with their device state for the asking device ($1), saving a round trip.
// The hot queries are named (prepared once per connection): planning them costs more than running them.
const selectCandidates = (condition: string) =>
  `SELECT o.id AS order_id, true AS is_active, o.person_id, pe.name AS owner_name, pe.email AS owner_email, o.serial_new, o.serial_2048,
          (SELECT count(*)::int FROM order_device d WHERE d.order_id = o.id) AS devices,
          (SELECT min(d.device_id_hash_encrypted) FROM order_device d
            WHERE d.order_id = o.id AND lower(d.device_id_hash) = lower($1)) AS known_key
     FROM orders o JOIN person pe ON pe.id = o.person_id
    WHERE o.product_id = $2 AND o.state = 'active' AND ${condition}
    ORDER BY o.id`;

/** Active licences of the product whose serial number is `serial` (case-insensitive). */
export async function findLicencesBySerial(db: Queryable, deviceId: string, productId: number, serial: string): Promise<LicenceCandidate[]> {
  const { rows } = await db.query<LicenceCandidate>({
    name: 'device-licences-by-serial',
    text: selectCandidates(`o.serial <> '' AND lower(o.serial) = lower($3)`),
    values: [deviceId, productId, serial],
  });
  return rows;
}

/** Active licences of the product owned by the person with this address. */
export async function findLicencesByOwnerEmail(db: Queryable, deviceId: string, productId: number, email: string): Promise<LicenceCandidate[]> {
  const { rows } = await db.query<LicenceCandidate>({
    name: 'device-licences-by-owner-email',
    text: selectCandidates(`lower(pe.email) = lower($3) AND pe.email <> ''`),
    values: [deviceId, productId, email],
  });
  return rows;
}

/** Active licences of the product owned by the person. */
export async function findLicencesOfPerson(db: Queryable, deviceId: string, productId: number, personId: number): Promise<LicenceCandidate[]> {
  const { rows } = await db.query<LicenceCandidate>({
    name: 'device-licences-of-person',
    text: selectCandidates('o.person_id = $3'),
    values: [deviceId, productId, personId],
  });
  return rows;
}

/** Active licences of the product holding exactly this key file, whitespace ignored. */
export async function findLicencesByKeyText(db: Queryable, deviceId: string, productId: number, compactKey: string): Promise<LicenceCandidate[]> {
  const { rows } = await db.query<LicenceCandidate>(
    selectCandidates(`$3 IN (regexp_replace(o.serial_new, '\\s', '', 'g'), regexp_replace(o.serial_2048, '\\s', '', 'g'))`),
    [deviceId, productId, compactKey],
  );
  return rows;
}

/**
 * For each licence: whether it is still active and still the same owner's, its device count, and the stored key
 * of this device (JUCE compares IDs ignoring case).
 */
export async function readDeviceStates(
  db: Queryable,
  licences: readonly { order_id: number; person_id: number }[],
  deviceId: string,
): Promise<LicenceDeviceState[]> {
  const { rows } = await db.query<LicenceDeviceState>({
    name: 'device-states',
    text: `SELECT o.id AS order_id, bool_and(o.state = 'active' AND o.person_id = c.person_id) AS is_active, count(d.id)::int AS devices,
            min(d.device_id_hash_encrypted) FILTER (WHERE lower(d.device_id_hash) = lower($3)) AS known_key
       FROM unnest($1::bigint[], $2::bigint[]) AS c (order_id, person_id)
       JOIN orders o ON o.id = c.order_id LEFT JOIN order_device d ON d.order_id = o.id
      GROUP BY o.id ORDER BY o.id`,
    values: [licences.map((licence) => licence.order_id), licences.map((licence) => licence.person_id), deviceId],
  });
  return rows;
}

/**
 * Puts the device in the active licence's lowest free slot (1..maxDevices). The unique (order, slot) and
 * (order, device) constraints decide between concurrent registrations, in any number of processes: a fifth
 * device or a double cannot exist. Undefined when no slot was free or a concurrent registration took it.
 */
export async function insertDeviceInFreeSlot(
  db: Queryable,
  device: { orderId: number; ownerId: number; deviceId: string; deviceName: string; keyFile: string; maxDevices: number },
): Promise<{ id: number } | undefined> {
  const { rows } = await db.query<{ id: number }>({
    name: 'device-insert-in-free-slot',
    // The share lock waits for a transfer or refund of the licence in progress, then sees its outcome: a key file
    // signed for the previous owner never lands on a moved or refunded licence.
    text: `WITH licence AS (SELECT id FROM orders WHERE id = $1 AND state = 'active' AND person_id = $6 FOR SHARE)
     INSERT INTO order_device (order_id, slot, device_id_hash, device_name, device_id_hash_encrypted)
     SELECT licence.id, free.slot, $2, $3, $4 FROM licence, generate_series(1, $5::int) AS free (slot)
      WHERE NOT EXISTS (SELECT 1 FROM order_device d WHERE d.order_id = $1 AND d.slot = free.slot)
      ORDER BY free.slot LIMIT 1
     ON CONFLICT DO NOTHING
     RETURNING id`,
    values: [device.orderId, device.deviceId, device.deviceName, device.keyFile, device.maxDevices, device.ownerId],
  });
  return rows[0];
}
