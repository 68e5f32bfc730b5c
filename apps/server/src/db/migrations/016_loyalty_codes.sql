-- The loyalty discount is a code per customer, used once (docs/SECURITY.md): each is added to the vendor's
-- FastSpring coupon (or honoured by the sandbox) and marked used when an order with it is paid.
CREATE TABLE loyalty_code (
  code        text PRIMARY KEY,
  person_id   bigint NOT NULL REFERENCES person (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  used_at     timestamptz
);
-- At most one open code per customer: asking again answers the same code until it is used.
CREATE UNIQUE INDEX loyalty_code_open ON loyalty_code (person_id) WHERE used_at IS NULL;
