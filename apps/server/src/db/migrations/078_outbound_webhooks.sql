-- Outbound webhooks by the Standard Webhooks specification (decision 052, docs/outbound-webhooks.md): the endpoints
-- the administrator registers, the events written in the transaction of the change that causes them (the outbox),
-- one delivery per event and endpoint, and each attempt of a delivery with the endpoint's answer (the log).

CREATE TABLE webhook_endpoint (
  id bigserial PRIMARY KEY,
  url text NOT NULL CHECK (url ~ '^https?://'),
  description text NOT NULL DEFAULT '',
  events text[] NOT NULL,
  is_enabled boolean NOT NULL DEFAULT true,
  -- The signing secret (`whsec_…`), sealed with KEY_ENCRYPTION_SECRET; the one before a rotation signs too until
  -- previous_secret_expires_at.
  secret_sealed text NOT NULL,
  previous_secret_sealed text,
  previous_secret_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Emitting an event reads the enabled endpoints that take it.
CREATE INDEX webhook_endpoint_events ON webhook_endpoint USING gin (events) WHERE is_enabled;

CREATE TABLE webhook_message (
  -- The Standard Webhooks message id (`msg_…`), the same in every attempt and replay of it.
  id text PRIMARY KEY,
  event_type text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_delivery (
  id bigserial PRIMARY KEY,
  message_id text NOT NULL REFERENCES webhook_message (id) ON DELETE CASCADE,
  endpoint_id bigint NOT NULL REFERENCES webhook_endpoint (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_status_code integer,
  last_error text,
  last_attempt_at timestamptz,
  -- Set on the delivery a replay made: the delivery it repeats.
  replay_of bigint REFERENCES webhook_delivery (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_delivery_endpoint ON webhook_delivery (endpoint_id, id DESC);

CREATE TABLE webhook_attempt (
  id bigserial PRIMARY KEY,
  delivery_id bigint NOT NULL REFERENCES webhook_delivery (id) ON DELETE CASCADE,
  attempted_at timestamptz NOT NULL DEFAULT now(),
  status_code integer,
  error text,
  duration_ms integer NOT NULL
);
CREATE INDEX webhook_attempt_delivery ON webhook_attempt (delivery_id, id);

-- Emits an event: the message (Standard Webhooks' payload: type, timestamp, data) and one delivery per enabled
-- endpoint that takes the event, with their jobs (the task `deliver_webhook`, ten attempts with the queue's
-- exponential back-off), in the transaction of the statement that calls it, so they exist exactly when the
-- change does and the workers see the jobs once it commits. Writes nothing when no endpoint takes the event.
-- The one way events are written: the service (outbound-webhook.service.ts, emitWebhookEvent) calls it, and so do
-- the triggers below. Answers the number of deliveries.
CREATE FUNCTION emit_webhook_event(event_type text, data jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  message_id text;
  queued integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoint WHERE is_enabled AND events @> ARRAY[event_type]) THEN
    RETURN 0;
  END IF;
  message_id := 'msg_' || replace(gen_random_uuid()::text, '-', '');
  INSERT INTO webhook_message (id, event_type, payload)
  VALUES (message_id, event_type, jsonb_build_object(
    'type', event_type,
    'timestamp', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'data', data));
  WITH delivery AS (
    INSERT INTO webhook_delivery (message_id, endpoint_id)
    SELECT message_id, id FROM webhook_endpoint WHERE is_enabled AND events @> ARRAY[event_type]
    RETURNING id
  )
  SELECT count(*) INTO queued FROM graphile_worker.add_jobs(ARRAY(
    SELECT ('deliver_webhook', json_build_object('deliveryId', id), null, null, 10, 'webhook:' || id, null, null)::graphile_worker.job_spec
      FROM delivery ORDER BY id));
  RETURN queued;
END
$$;

-- Computers registered and removed: the plug-in registration is one statement without a transaction (decision
-- 028), so its event is written by a trigger of that statement rather than a second round trip. A removal by
-- any path (the customer, the administrator, a refund or transfer, a deleted licence) is a removal.
CREATE FUNCTION order_device_webhook_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM emit_webhook_event('computer.registered', jsonb_build_object(
      'licenceId', NEW.order_id, 'computerId', NEW.id, 'deviceName', NEW.device_name, 'deviceIdHash', NEW.device_id_hash));
    RETURN NEW;
  END IF;
  PERFORM emit_webhook_event('computer.removed', jsonb_build_object(
    'licenceId', OLD.order_id, 'computerId', OLD.id, 'deviceName', OLD.device_name, 'deviceIdHash', OLD.device_id_hash));
  RETURN OLD;
END
$$;
CREATE TRIGGER order_device_webhook_event AFTER INSERT OR DELETE ON order_device
  FOR EACH ROW EXECUTE FUNCTION order_device_webhook_event();
