import { canonicalEmail, canonicalLoginName } from '@store/contracts/email-address';
import type pg from 'pg';

/** Rows read and written per statement, so a large person table is filled without holding it all in memory. */
const BATCH = 5000;
const ACTOR = 'migration 068';

type Unmatched = { id: number; address: string; reason: 'not accepted' | 'duplicate'; keeperId?: number };

/**
 * Migration 068's data step (decision 030), in the migration's transaction: the canonical form of every stored
 * address, which only the application computes (canonicalEmail). Collisions are settled, never merged:
 *
 * - persons: the first person (lowest id) of a canonical address keeps it; a later one (the same address spelled
 *   otherwise, as NFD or in punycode) and a person whose address is no longer accepted (a look-alike spelling) keep
 *   their row and licences but no canonical address, so no login or purchase reaches them until an administrator
 *   corrects the address or moves the licences;
 * - logins: the first login that proved the address (else the first) keeps it; any other, and a login whose name is
 *   no longer accepted, can no longer log in;
 * - a login keeps its link to a person only when both have the same canonical address; logins that lost it, and
 *   logins that can no longer log in, are logged out.
 *
 * Each person and login left without a canonical address gets an audit record (actor "migration 068"), so the
 * administrator finds them in the audit log.
 */
export async function fillCanonicalAddresses(client: pg.PoolClient): Promise<void> {
  const unmatchedPersons = await fillPersons(client);
  const unmatchedLogins = await fillLogins(client);
  await fillProviderOrders(client);
  const { rows } = await client.query<{ id: number }>(
    `UPDATE login l SET person_id = NULL FROM person p
      WHERE p.id = l.person_id AND p.email_canonical IS DISTINCT FROM l.login_name_canonical RETURNING l.id`,
  );
  const loggedOut = [...rows.map((row) => row.id), ...unmatchedLogins.map((login) => login.id)];
  await client.query('DELETE FROM session WHERE login_id = ANY($1::bigint[])', [loggedOut]);
  await recordUnmatched(client, 'person', unmatchedPersons);
  await recordUnmatched(client, 'login', unmatchedLogins);
}

/** Persons in id order, so the first of an address keeps it. */
async function fillPersons(client: pg.PoolClient): Promise<Unmatched[]> {
  const keepers = new Map<string, number>();
  const unmatched: Unmatched[] = [];
  for (let lastId = 0; ;) {
    const { rows } = await client.query<{ id: number; email: string }>(
      `SELECT id, email FROM person WHERE id > $1 AND email <> '' ORDER BY id LIMIT ${BATCH}`,
      [lastId],
    );
    if (rows.length === 0) return unmatched;
    lastId = rows.at(-1)!.id;
    const filled = settle(
      rows.map((row) => ({ id: row.id, address: row.email, canonical: canonicalEmail(row.email) })),
      keepers,
      unmatched,
    );
    await client.query(
      `UPDATE person SET email_canonical = filled.canonical
         FROM unnest($1::bigint[], $2::text[]) AS filled (id, canonical) WHERE person.id = filled.id`,
      [filled.map((row) => row.id), filled.map((row) => row.canonical)],
    );
  }
}

/** Logins (far fewer than persons: the customers who registered), proven ones first. */
async function fillLogins(client: pg.PoolClient): Promise<Unmatched[]> {
  const { rows } = await client.query<{ id: number; login_name: string }>(
    'SELECT id, login_name FROM login ORDER BY email_verified_at IS NULL, id',
  );
  const unmatched: Unmatched[] = [];
  const filled = settle(
    rows.map((row) => ({ id: row.id, address: row.login_name, canonical: canonicalLoginName(row.login_name) })),
    new Map(),
    unmatched,
  );
  await client.query(
    `UPDATE login SET login_name_canonical = filled.canonical
       FROM unnest($1::bigint[], $2::text[]) AS filled (id, canonical) WHERE login.id = filled.id`,
    [filled.map((row) => row.id), filled.map((row) => row.canonical)],
  );
  return unmatched;
}

async function fillProviderOrders(client: pg.PoolClient): Promise<void> {
  for (let lastId = ''; ;) {
    const { rows } = await client.query<{ provider_order_id: string; buyer_email: string }>(
      `SELECT provider_order_id, buyer_email FROM provider_order
        WHERE provider_order_id > $1 AND buyer_email <> '' ORDER BY provider_order_id LIMIT ${BATCH}`,
      [lastId],
    );
    if (rows.length === 0) return;
    lastId = rows.at(-1)!.provider_order_id;
    await client.query(
      `UPDATE provider_order SET buyer_email_canonical = filled.canonical
         FROM unnest($1::text[], $2::text[]) AS filled (id, canonical) WHERE provider_order.provider_order_id = filled.id`,
      [rows.map((row) => row.provider_order_id), rows.map((row) => canonicalEmail(row.buyer_email) ?? null)],
    );
  }
}

/**
 * Migration 095's data step (decision 082): the canonical address of every support request, trial and mailed link, so
 * that erasure and the export find a person's records by it. Nothing is settled here: several records of one address
 * are all that person's.
 */
export async function fillCanonicalAddressesOfRecords(client: pg.PoolClient): Promise<void> {
  for (const table of ['support_request', 'trial', 'account_link'] as const) {
    // account_link's key is its token's hash; the others have an id. Either orders the batches.
    const key = table === 'account_link' ? 'token_hash' : 'id';
    const keyType = table === 'account_link' ? 'bytea' : 'bigint';
    for (let last: unknown = null; ;) {
      const { rows } = await client.query<{ key: unknown; email: string }>(
        `SELECT ${key} AS key, email FROM ${table} WHERE ($1::${keyType} IS NULL OR ${key} > $1) AND email <> ''
          ORDER BY ${key} LIMIT ${BATCH}`,
        [last],
      );
      if (rows.length === 0) break;
      last = rows.at(-1)!.key;
      await client.query(
        `UPDATE ${table} SET email_canonical = filled.canonical
           FROM unnest($1::${keyType}[], $2::text[]) AS filled (key, canonical) WHERE ${table}.${key} = filled.key`,
        [rows.map((row) => row.key), rows.map((row) => canonicalEmail(row.email) ?? null)],
      );
    }
  }
}

/**
 * The rows that keep their canonical address (the first of each, in the order given; `keepers` remembers them
 * across batches); the others are added to `unmatched`.
 */
function settle(
  rows: { id: number; address: string; canonical: string | undefined }[],
  keepers: Map<string, number>,
  unmatched: Unmatched[],
): { id: number; canonical: string }[] {
  const kept: { id: number; canonical: string }[] = [];
  for (const { id, address, canonical } of rows) {
    const keeperId = canonical === undefined ? undefined : keepers.get(canonical);
    if (canonical === undefined) unmatched.push({ id, address, reason: 'not accepted' });
    else if (keeperId !== undefined) unmatched.push({ id, address, reason: 'duplicate', keeperId });
    else {
      keepers.set(canonical, id);
      kept.push({ id, canonical });
    }
  }
  return kept;
}

async function recordUnmatched(client: pg.PoolClient, entity: 'person' | 'login', rows: Unmatched[]): Promise<void> {
  if (rows.length === 0) return;
  const after = rows.map((row) =>
    JSON.stringify({
      email: row.address,
      matchedByAddress: false,
      reason:
        row.reason === 'duplicate'
          ? `The same address as ${entity} ${row.keeperId} (decision 030): only that ${entity} is found by it.`
          : 'This address is no longer accepted (a look-alike spelling, decision 030): nothing is found by it.',
    }),
  );
  await client.query(
    `INSERT INTO audit_log (actor, action, entity, entity_id, before, after)
     SELECT $1, 'update', $2, entry.id::text, jsonb_build_object('email', entry.address), entry.after::jsonb
       FROM unnest($3::bigint[], $4::text[], $5::text[]) AS entry (id, address, after)`,
    [ACTOR, entity, rows.map((row) => row.id), rows.map((row) => row.address), after],
  );
}
