import type { Queryable } from '../../db/client.js';

export type EndpointRow = {
  id: number;
  url: string;
  description: string;
  events: string[];
  is_enabled: boolean;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
};

export type DeliveryRow = {
  id: number;
  message_id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: Date | null;
  replay_of: number | null;
  created_at: Date;
};

/** A delivery's job for the queue's `add_jobs` (as `emit_webhook_event` queues one), from the column `id`. */
const jobSpec = (maxAttempts: string) =>
  `('deliver_webhook', json_build_object('deliveryId', id), null, null, ${maxAttempts}, 'webhook:' || id, null, null)::graphile_worker.job_spec`;

const endpointColumns = `id, url, description, events, is_enabled, secret_sealed, previous_secret_sealed, previous_secret_expires_at, created_at`;

export async function listEndpoints(db: Queryable): Promise<EndpointRow[]> {
  return (await db.query<EndpointRow>(`SELECT ${endpointColumns} FROM webhook_endpoint ORDER BY id`)).rows;
}

export async function findEndpoint(db: Queryable, id: number, options: { lock?: boolean } = {}): Promise<EndpointRow | undefined> {
  const lock = options.lock ? 'FOR UPDATE' : '';
  return (await db.query<EndpointRow>(`SELECT ${endpointColumns} FROM webhook_endpoint WHERE id = $1 ${lock}`, [id])).rows[0];
}

export async function insertEndpoint(
  db: Queryable,
  endpoint: { url: string; description: string; events: string[]; isEnabled: boolean; secretSealed: string },
): Promise<EndpointRow> {
  const { rows } = await db.query<EndpointRow>(
    `INSERT INTO webhook_endpoint (url, description, events, is_enabled, secret_sealed) VALUES ($1, $2, $3, $4, $5) RETURNING ${endpointColumns}`,
    [endpoint.url, endpoint.description, endpoint.events, endpoint.isEnabled, endpoint.secretSealed],
  );
  return rows[0]!;
}

export async function updateEndpoint(
  db: Queryable,
  id: number,
  endpoint: { url: string; description: string; events: string[]; isEnabled: boolean },
): Promise<EndpointRow | undefined> {
  const { rows } = await db.query<EndpointRow>(
    `UPDATE webhook_endpoint SET url = $2, description = $3, events = $4, is_enabled = $5 WHERE id = $1 RETURNING ${endpointColumns}`,
    [id, endpoint.url, endpoint.description, endpoint.events, endpoint.isEnabled],
  );
  return rows[0];
}

export async function deleteEndpoint(db: Queryable, id: number): Promise<EndpointRow | undefined> {
  return (await db.query<EndpointRow>(`DELETE FROM webhook_endpoint WHERE id = $1 RETURNING ${endpointColumns}`, [id])).rows[0];
}

/** Makes `secretSealed` the endpoint's secret; the one it replaces keeps signing for `overlapHours`. */
export async function rotateSecret(
  db: Queryable,
  id: number,
  secretSealed: string,
  overlapHours: number,
): Promise<EndpointRow | undefined> {
  const { rows } = await db.query<EndpointRow>(
    `UPDATE webhook_endpoint
        SET previous_secret_sealed = secret_sealed, secret_sealed = $2,
            previous_secret_expires_at = now() + make_interval(hours => $3)
      WHERE id = $1 RETURNING ${endpointColumns}`,
    [id, secretSealed, overlapHours],
  );
  return rows[0];
}

/**
 * Emits an event through the SQL function `emit_webhook_event` (migration 078): the message and a delivery per
 * enabled endpoint that takes it, with their jobs, in the caller's transaction. Answers the number of deliveries.
 */
export async function insertEvent(db: Queryable, event: { type: string; data: unknown }): Promise<number> {
  const { rows } = await db.query<{ queued: number }>({
    name: 'webhook-emit-event',
    text: 'SELECT emit_webhook_event($1, $2) AS queued',
    values: [event.type, JSON.stringify(event.data)],
  });
  return rows[0]?.queued ?? 0;
}

/**
 * Whether a delivery's endpoint is on and still takes the delivery's event type (what a replay needs), with the
 * endpoint's row share-locked, so a change of the endpoint waits for the replay's transaction; undefined when there
 * is no such delivery.
 */
export async function findReplayTarget(
  db: Queryable,
  deliveryId: number,
): Promise<{ event_type: string; is_enabled: boolean; takes_event: boolean } | undefined> {
  const { rows } = await db.query<{ event_type: string; is_enabled: boolean; takes_event: boolean }>(
    `SELECT m.event_type, e.is_enabled, m.event_type = ANY(e.events) AS takes_event
       FROM webhook_delivery d JOIN webhook_message m ON m.id = d.message_id JOIN webhook_endpoint e ON e.id = d.endpoint_id
      WHERE d.id = $1
      FOR SHARE OF e`,
    [deliveryId],
  );
  return rows[0];
}

/** A new delivery of a delivery's message to the same endpoint, queued; undefined when there is no such delivery. */
export async function insertReplay(db: Queryable, deliveryId: number, maxAttempts: number): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `WITH delivery AS (
       INSERT INTO webhook_delivery (message_id, endpoint_id, replay_of)
       SELECT message_id, endpoint_id, id FROM webhook_delivery WHERE id = $1 RETURNING id
     )
     SELECT id, (SELECT count(*) FROM graphile_worker.add_jobs(ARRAY(SELECT ${jobSpec('$2::int')} FROM delivery))) AS queued FROM delivery`,
    [deliveryId, maxAttempts],
  );
  return rows[0]?.id;
}

export async function listDeliveries(db: Queryable, endpointId: number, limit: number): Promise<DeliveryRow[]> {
  const { rows } = await db.query<DeliveryRow>(
    `SELECT d.id, d.message_id, m.event_type, d.status, d.attempts, d.last_status_code, d.last_error, d.last_attempt_at, d.replay_of, d.created_at
       FROM webhook_delivery d JOIN webhook_message m ON m.id = d.message_id
      WHERE d.endpoint_id = $1 ORDER BY d.id DESC LIMIT $2`,
    [endpointId, limit],
  );
  return rows;
}

export type DeliveryWork = {
  id: number;
  status: DeliveryRow['status'];
  message_id: string;
  event_type: string;
  payload: unknown;
  message_created_at: Date;
  url: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  is_previous_secret_valid: boolean;
  /** Whether the endpoint is on now (the administrator may have switched it off since the event). */
  is_enabled: boolean;
  /** Whether the endpoint still takes the message's event type. */
  takes_event: boolean;
};

/** What an attempt needs: the delivery, its message and its endpoint's address, secrets and whether it is on. */
export async function findDeliveryWork(db: Queryable, deliveryId: number): Promise<DeliveryWork | undefined> {
  const { rows } = await db.query<DeliveryWork>(
    `SELECT d.id, d.status, m.id AS message_id, m.event_type, m.payload, m.created_at AS message_created_at, e.url, e.secret_sealed,
            e.previous_secret_sealed, coalesce(e.previous_secret_expires_at > now(), false) AS is_previous_secret_valid,
            e.is_enabled, m.event_type = ANY(e.events) AS takes_event
       FROM webhook_delivery d JOIN webhook_message m ON m.id = d.message_id JOIN webhook_endpoint e ON e.id = d.endpoint_id
      WHERE d.id = $1`,
    [deliveryId],
  );
  return rows[0];
}

/** Records one attempt in the log and on its delivery: succeeded, failed for good, or still pending. */
export async function recordAttempt(
  db: Queryable,
  attempt: { deliveryId: number; statusCode: number | null; error: string | null; durationMs: number; status: DeliveryRow['status'] },
): Promise<void> {
  await db.query(
    `WITH attempt AS (
       INSERT INTO webhook_attempt (delivery_id, status_code, error, duration_ms) VALUES ($1, $2, $3, $4) RETURNING attempted_at
     )
     UPDATE webhook_delivery SET attempts = attempts + 1, last_status_code = $2, last_error = $3,
            last_attempt_at = (SELECT attempted_at FROM attempt), status = $5
      WHERE id = $1`,
    [attempt.deliveryId, attempt.statusCode, attempt.error?.slice(0, 500) ?? null, attempt.durationMs, attempt.status],
  );
}

/**
 * Ends a pending delivery that is not to be sent (its endpoint was switched off or no longer takes its event):
 * failed, with why in `last_error`; no attempt is logged, as none was made.
 */
export async function markDeliveryNotSent(db: Queryable, deliveryId: number, reason: string): Promise<void> {
  await db.query(`UPDATE webhook_delivery SET status = 'failed', last_error = $2 WHERE id = $1 AND status = 'pending'`, [
    deliveryId,
    reason,
  ]);
}

/** Deletes events (with their deliveries and log) older than `retentionDays`: an hourly job. */
export async function purgeOldWebhookMessages(db: Queryable, retentionDays: number): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM webhook_message WHERE created_at < now() - make_interval(days => $1)`, [retentionDays]);
  return rowCount ?? 0;
}

/**
 * The messages that may be about a person, locked for their redaction: their payload mentions them (`ILIKE`
 * patterns) or names a licence they held (`data.licenceId`: a computer's events carry its name, not theirs).
 * `is_theirs`: the message is of a licence while they held it (`holdings`, compared as listDeviceIdsOfComputerEvents
 * does), so a record of theirs; a message of the licence before or after them is its other owner's.
 */
export async function lockMessagesAbout(
  db: Queryable,
  about: { patterns: readonly string[]; holdings: readonly LicenceHolding[] },
): Promise<{ id: number; payload: unknown; is_theirs: boolean }[]> {
  const { patterns, holdings } = about;
  if (patterns.length === 0 && holdings.length === 0) return [];
  const { rows } = await db.query<{ id: number; payload: unknown; is_theirs: boolean }>(
    `WITH h (licence_id, held_from, held_until) AS (SELECT * FROM unnest($2::bigint[], $3::timestamptz[], $4::timestamptz[]))
     SELECT m.id, m.payload,
            EXISTS (SELECT 1 FROM h WHERE m.payload -> 'data' ->> 'licenceId' = h.licence_id::text
                       AND (h.held_from IS NULL OR date_trunc('milliseconds', m.created_at) > h.held_from)
                       AND (h.held_until IS NULL OR date_trunc('milliseconds', m.created_at) <= h.held_until)) AS is_theirs
       FROM webhook_message m
      WHERE m.payload::text ILIKE ANY($1::text[]) OR m.payload -> 'data' ->> 'licenceId' IN (SELECT licence_id::text FROM h)
      ORDER BY m.id FOR UPDATE OF m`,
    [
      patterns,
      holdings.map((holding) => holding.licenceId),
      holdings.map((holding) => holding.from),
      holdings.map((holding) => holding.until),
    ],
  );
  return rows;
}

/** A licence and when a person held it: after `from` (null: since it was issued) until `until` (null: still). */
export type LicenceHolding = { licenceId: number; from: Date | null; until: Date | null };

/**
 * The Device IDs in the computer events (`computer.registered`, `computer.removed`) of licences while a person held
 * them: their computers removed since, and those of licences they sold on, which the erasure no longer finds on
 * their licences (review W2). A message written in the transaction of a transfer belongs to the side that gave the
 * licence away (its computers are removed then). Times are compared to the millisecond, as the holdings' times
 * arrive here (JavaScript's Date), so a message of the transfer's transaction falls on the right side.
 */
export async function listDeviceIdsOfComputerEvents(db: Queryable, holdings: readonly LicenceHolding[]): Promise<string[]> {
  if (holdings.length === 0) return [];
  const { rows } = await db.query<{ device_id: string }>(
    `SELECT DISTINCT m.payload -> 'data' ->> 'deviceIdHash' AS device_id
       FROM unnest($1::bigint[], $2::timestamptz[], $3::timestamptz[]) AS h (licence_id, held_from, held_until)
       JOIN webhook_message m ON m.payload -> 'data' ->> 'licenceId' = h.licence_id::text
      WHERE m.event_type IN ('computer.registered', 'computer.removed')
        AND (h.held_from IS NULL OR date_trunc('milliseconds', m.created_at) > h.held_from)
        AND (h.held_until IS NULL OR date_trunc('milliseconds', m.created_at) <= h.held_until)
        AND coalesce(m.payload -> 'data' ->> 'deviceIdHash', '') <> ''`,
    [holdings.map((holding) => holding.licenceId), holdings.map((holding) => holding.from), holdings.map((holding) => holding.until)],
  );
  return rows.map((row) => row.device_id);
}

/** Replaces a message's payload (an erasure's redaction); its deliveries and their log stay. */
export async function replaceMessagePayload(db: Queryable, id: number, payload: unknown): Promise<void> {
  await db.query('UPDATE webhook_message SET payload = $2 WHERE id = $1', [id, JSON.stringify(payload)]);
}
