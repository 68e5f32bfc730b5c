-- A product's own FastSpring path (decision 026): the id FastSpring sells it under, which the checkout pushes and
-- the order webhook names; no longer its name in lower case. FastSpring's rule: lower-case letters, digits and
-- dashes, more than two characters; `licensetransfer` is the paid licence transfer's item (LICENSE_TRANSFER_PRODUCT).
ALTER TABLE product ADD COLUMN path text;

-- Existing products get their name's path as packages/contracts/src/product-path.ts derives it (productPathOfName):
-- ASCII letters and digits in lower case, every run of other characters one dash, none at either end. The demo's
-- one-word products keep the path they sold under (Spacey: spacey). A result too short, reserved or already taken
-- gets `-{id}` (productPathWithId), once more until it is free.
DO $$
DECLARE
  product_row record;
  candidate text;
BEGIN
  FOR product_row IN SELECT id, name FROM product ORDER BY id LOOP
    candidate := lower(trim(BOTH '-' FROM left(regexp_replace(product_row.name, '[^A-Za-z0-9]+', '-', 'g'), 200)));
    IF length(candidate) < 3 OR candidate = 'licensetransfer' OR EXISTS (SELECT 1 FROM product WHERE path = candidate) THEN
      candidate := coalesce(nullif(candidate, ''), 'product') || '-' || product_row.id;
    END IF;
    WHILE EXISTS (SELECT 1 FROM product WHERE path = candidate) LOOP
      candidate := candidate || '-' || product_row.id;
    END LOOP;
    UPDATE product SET path = candidate WHERE id = product_row.id;
  END LOOP;
END
$$;

-- The product_changed notification (010) is a statement trigger on the table: it fires for the column as for the others.
ALTER TABLE product
  ALTER COLUMN path SET NOT NULL,
  ADD CONSTRAINT product_path_valid CHECK (path ~ '^[a-z0-9-]{3,255}$' AND path <> 'licensetransfer'),
  ADD CONSTRAINT product_path_key UNIQUE (path);
