-- Erasure of a customer's personal data (decision 040, docs/PRIVACY.md): what the vendor must keep of a person who
-- had licences (their orders' dates, amounts, country and FastSpring's reference, for the tax records) stays, tied to
-- the person's row emptied of everything else; their licences end.

-- When the person's data was erased: the row keeps only its id and this, so their kept orders still have an owner.
ALTER TABLE person ADD COLUMN erased_at timestamptz;

-- A licence of an erased person has ended: no key files, no computers, no new registrations, unlocks or transfers
-- (every one of them asks for an active licence). The rows stored before satisfy the narrower check of migration
-- 001, so the new one is not validated against them (NOT VALID): the table is not scanned under its lock.
ALTER TABLE orders DROP CONSTRAINT orders_state_check;
ALTER TABLE orders ADD CONSTRAINT orders_state_check CHECK (state IN ('active', 'refunded', 'transferred', 'erased')) NOT VALID;

-- No licence is issued or moved to an erased person, whatever the concurrency. The erasure holds the person's row
-- (FOR UPDATE) until it commits; a webhook, activation or transfer that found the person by address just before waits
-- here for it (FOR KEY SHARE, the lock its foreign key takes anyway), reads the row as committed, and fails as a
-- serialization failure, which its transaction retries (db/client.ts withTransaction): the address is free by then,
-- and the licence goes to a new person.
CREATE FUNCTION refuse_erased_owner() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  erased timestamptz;
BEGIN
  SELECT erased_at INTO erased FROM person WHERE id = NEW.person_id FOR KEY SHARE;
  IF erased IS NOT NULL THEN
    RAISE EXCEPTION 'person % was erased: the licence needs another owner', NEW.person_id USING ERRCODE = 'serialization_failure';
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER orders_owner_not_erased AFTER INSERT OR UPDATE OF person_id ON orders
  FOR EACH ROW EXECUTE FUNCTION refuse_erased_owner();
