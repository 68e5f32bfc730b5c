-- A licence's states, all of them: migrations 075 (erased, decision 040) and 076 (revoked, decision 041) each
-- replaced the check with its own list; this one admits both.
ALTER TABLE orders DROP CONSTRAINT orders_state_check;
ALTER TABLE orders ADD CONSTRAINT orders_state_check CHECK (state IN ('active', 'refunded', 'transferred', 'erased', 'revoked'));
