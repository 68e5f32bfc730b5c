import { canonicalEmail } from '@store/contracts/email-address';
import type { Queryable } from '../../db/client.js';
import { countHitInStatement, type CountedHitColumns, type RateLimitHit } from '../../lib/rate-limit.js';
import { deviceStateColumns, insertInLowestFreeSlot } from './device-slot-sql.js';

/**
 * The devices of a licence as a registration sees them: how many, and the stored key of the asking device with its
 * end (null: a permanent key; a date: the module's expiring key, decision 041).
 */
export type LicenceDeviceState = {
  order_id: number;
  is_active: boolean;
  devices: number;
  known_key: string | null;
  known_key_expires_at: Date | null;
};

/**
 * An active licence a device may be registered on: its owner (whom the key file names), how many active licences of
 * the product the owner holds (more than one: a new place is checked for a double, decision 108) and its devices.
 */
export type LicenceCandidate = LicenceDeviceState & {
  person_id: number;
  owner_name: string;
  owner_email: string;
  owner_licences: number;
};

// Every finder answers the licences with their device state for the asking device ($1), saving a round trip.
// The hot queries are named (prepared once per connection): planning them costs more than running them.
const selectCandidates = (condition: string) =>
  `SELECT o.id AS order_id, true AS is_active, o.person_id, pe.name AS owner_name, pe.email AS owner_email,
          (SELECT count(*)::int FROM orders x WHERE x.person_id = o.person_id AND x.product_id = $2 AND x.state = 'active') AS owner_licences,
          ${deviceStateColumns('o.id', '$1')}
     FROM orders o JOIN person pe ON pe.id = o.person_id
    WHERE o.product_id = $2 AND o.state = 'active' AND ${condition}
    ORDER BY o.id`;

/**
 * The licences a key proves (`proves`, a condition on the alias it is given), and the same owners' other active
 * licences of the product that hold the asking computer ($1): a computer holds one place among its owner's licences,
 * whichever of them registers it (decision 108). The key's own licences keep the free slot.
 */
const provenOrHoldingComputer = (proves: (alias: string) => string) =>
  `o.person_id IN (SELECT p.person_id FROM orders p WHERE p.product_id = $2 AND p.state = 'active' AND ${proves('p')})
   AND (${proves('o')}
        OR EXISTS (SELECT 1 FROM order_device d WHERE d.order_id = o.id AND lower(d.device_id_hash) = lower($1)))`;

/**
 * Runs a named finder. With `hit`, the rate limit of the asking caller is counted in the same statement (the
 * plug-in registration's first query: one round trip fewer on every activation) and a hit over the limit is
 * refused with 429.
 */
async function findCandidates(
  db: Queryable,
  finder: { name: string; condition: string; values: [deviceId: string, productId: number, value: unknown] },
  hit: RateLimitHit | undefined,
): Promise<LicenceCandidate[]> {
  if (!hit) {
    const { rows } = await db.query<LicenceCandidate>({
      name: finder.name,
      text: selectCandidates(finder.condition),
      values: finder.values,
    });
    return rows;
  }
  const counted = countHitInStatement(hit, finder.values.length + 1);
  const { rows } = await db.query<LicenceCandidate & CountedHitColumns>({
    name: `${finder.name}-counted`,
    text: `WITH ${counted.cte}
      SELECT ${counted.columns}, candidate.*
        FROM hit LEFT JOIN (${selectCandidates(finder.condition)}) AS candidate ON true
       ORDER BY candidate.order_id`,
    values: [...finder.values, ...counted.values],
  });
  counted.refuseOverLimit(rows[0]);
  return rows.filter((row) => row.order_id !== null);
}

/**
 * Active licences of the product whose serial number is `serial` (case-insensitive), with their owners' other
 * licences of it that hold the computer.
 */
export function findLicencesBySerial(
  db: Queryable,
  deviceId: string,
  productId: number,
  serial: string,
  hit?: RateLimitHit,
): Promise<LicenceCandidate[]> {
  const condition = provenOrHoldingComputer((alias) => `${alias}.serial <> '' AND lower(${alias}.serial) = lower($3)`);
  return findCandidates(db, { name: 'device-licences-by-serial', condition, values: [deviceId, productId, serial] }, hit);
}

/** Active licences of the product owned by the person. */
export async function findLicencesOfPerson(
  db: Queryable,
  deviceId: string,
  productId: number,
  personId: number,
): Promise<LicenceCandidate[]> {
  return findCandidates(
    db,
    { name: 'device-licences-of-person', condition: 'o.person_id = $3', values: [deviceId, productId, personId] },
    undefined,
  );
}

/**
 * Whether the computer holds a place on any licence of the person, of any product (JUCE compares IDs ignoring
 * case): the online unlock's test of a computer known to the address (decision 031).
 */
export async function isDeviceOfPerson(db: Queryable, personId: number, deviceId: string): Promise<boolean> {
  const { rows } = await db.query<{ is_known: boolean }>({
    name: 'device-of-person',
    text: `SELECT EXISTS (SELECT 1 FROM order_device d JOIN orders o ON o.id = d.order_id
                           WHERE lower(d.device_id_hash) = lower($2) AND o.person_id = $1) AS is_known`,
    values: [personId, deviceId],
  });
  return rows[0]?.is_known === true;
}

/**
 * Active licences of the product holding exactly this key file, whitespace ignored, with their owners' other
 * licences of it that hold the computer.
 */
export async function findLicencesByKeyText(
  db: Queryable,
  deviceId: string,
  productId: number,
  compactKey: string,
): Promise<LicenceCandidate[]> {
  const holdsKey = (alias: string) =>
    `$3 IN (regexp_replace(${alias}.serial_new, '\\s', '', 'g'), regexp_replace(${alias}.serial_2048, '\\s', '', 'g'))`;
  const { rows } = await db.query<LicenceCandidate>(selectCandidates(provenOrHoldingComputer(holdsKey)), [deviceId, productId, compactKey]);
  return rows;
}

/** What one statement did with a key file signed in advance: the hit counted, and the computer registered or not. */
export type SignedRegistration = {
  /** The computer was put on a licence with the signed key file. */
  isRegistered: boolean;
  /** Its new place, when it was registered. */
  placeId: number | undefined;
  /**
   * When it registered nothing: the licences of the key's owner as the statement saw them (the ones holding the
   * key's exact text, when any do), for the general path to go on from; empty when the owner has none.
   */
  licences: LicenceCandidate[];
};

/**
 * A plug-in's registration with a key file, in one round trip: counts the caller's `hit` (refused with 429 over
 * its limit, registering nothing), finds the product's active licences owned by the key's address (those holding
 * the key's exact text first, as findLicences* answer them), and, when none of them knows the computer, puts it in
 * the first licence with a free slot, as insertDeviceInFreeSlot does, if that licence's owner is the one `keyFile`
 * names (it was signed before the owner was known, from the key's own name and address). Anything else (a known
 * computer, another owner's name, a full licence, a lost race, no licence) registers nothing and answers the
 * licences it saw, each with its device state, for registerDeviceOnLicences.
 */
export async function registerWithSignedKey(
  db: Queryable,
  registration: {
    hit: RateLimitHit;
    productId: number;
    /** The presented key, as sent and with whitespace removed. */
    key: string;
    compactKey: string;
    /** The key file's digest (licensing/key-file-digest.ts): a key file retired by a replacement finds no licence. */
    keyDigest: Buffer;
    owner: { name: string; email: string };
    deviceId: string;
    deviceName: string;
    keyFile: string;
    maxDevices: number;
  },
): Promise<SignedRegistration> {
  const { owner } = registration;
  // The statement's own parameters, $1 to $11; the hit's are numbered after them. The key's owner is found by the
  // canonical form of its address (decision 030); a key of an address no longer accepted finds none.
  const values = [
    registration.productId,
    registration.compactKey,
    owner.email,
    registration.deviceId,
    registration.maxDevices,
    owner.name,
    registration.deviceName,
    registration.keyFile,
    registration.key,
    canonicalEmail(owner.email) ?? null,
    registration.keyDigest,
  ];
  const counted = countHitInStatement(registration.hit, values.length + 1);
  const { rows } = await db.query<LicenceCandidate & CountedHitColumns & { place_id: number | null }>({
    name: 'device-register-with-signed-key',
    text: `WITH ${counted.cte},
      owned AS (
        SELECT o.id AS order_id, o.person_id, pe.name AS owner_name, pe.email AS owner_email,
               ($9 IN (o.serial_2048, o.serial_new, btrim(o.serial_2048, E' \\t\\r\\n'), btrim(o.serial_new, E' \\t\\r\\n'))
                OR $2 IN (regexp_replace(o.serial_new, '\\s', '', 'g'), regexp_replace(o.serial_2048, '\\s', '', 'g'))) AS is_exact
          FROM hit, orders o JOIN person pe ON pe.id = o.person_id
         WHERE ${counted.isWithinLimit} AND o.product_id = $1 AND o.state = 'active' AND pe.email_canonical = $10::text
           AND NOT EXISTS (SELECT 1 FROM retired_licence_key r WHERE r.product_id = $1 AND r.key_digest = $11::bytea)),
      state AS (
        SELECT owned.*, true AS is_active, (SELECT count(*)::int FROM owned) AS owner_licences,
               ${deviceStateColumns('owned.order_id', '$4')},
               owned.is_exact OR NOT EXISTS (SELECT 1 FROM owned WHERE owned.is_exact) AS is_candidate
          FROM owned),
      candidate AS (SELECT * FROM state WHERE is_candidate OR known_key IS NOT NULL),
      known AS (SELECT order_id FROM state WHERE known_key IS NOT NULL ORDER BY order_id LIMIT 1),
      free AS (
        SELECT order_id, person_id, owner_name, owner_email FROM candidate
         WHERE is_candidate AND devices < $5 AND NOT EXISTS (SELECT 1 FROM known) ORDER BY order_id LIMIT 1),
      licence AS (
        SELECT o.id FROM free JOIN orders o ON o.id = free.order_id
         WHERE free.owner_name = $6 AND free.owner_email = $3 AND o.state = 'active' AND o.person_id = free.person_id
           FOR SHARE OF o),
      inserted AS (
        ${insertInLowestFreeSlot('$5', { device_id_hash: '$4', device_name: '$7', device_id_hash_encrypted: '$8' })}
        RETURNING id, order_id)
      SELECT ${counted.columns}, candidate.*, (SELECT id FROM inserted WHERE inserted.order_id = candidate.order_id) AS place_id
        FROM hit LEFT JOIN candidate ON true
       ORDER BY candidate.order_id`,
    values: [...values, ...counted.values],
  });
  counted.refuseOverLimit(rows[0]);
  const licences = rows.filter((row) => row.order_id !== null);
  const placeId = licences.find((row) => row.place_id !== null)?.place_id ?? undefined;
  return { isRegistered: placeId !== undefined, placeId, licences };
}
