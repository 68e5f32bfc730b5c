-- JUCE compares machine IDs ignoring case, and so do the registration calls: "ABC" and "abc" are one computer.
-- The uniqueness the database enforces must be the same, or two concurrent registrations of one computer, spelled
-- differently, would take two slots.
CREATE UNIQUE INDEX order_device_order_device_ci_key ON order_device (order_id, lower(device_id_hash));
ALTER TABLE order_device DROP CONSTRAINT IF EXISTS order_device_order_id_device_id_hash_key;
