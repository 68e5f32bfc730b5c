-- The back office's order detail (decision 060) lists a purchase's webhook events: its own (webhook_event_order_id,
-- migration 002) and its returns, which name the purchase as their original order.
CREATE INDEX IF NOT EXISTS webhook_event_original_order
  ON webhook_event ((coalesce(payload -> 'data' -> 'original' ->> 'id', payload -> 'data' -> 'original' ->> 'order')));
