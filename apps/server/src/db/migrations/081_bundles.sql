-- Bundles (issue 25, decision 054): a bundle is a product of its own (one FastSpring path, one price) that holds
-- several of the vendor's products. Buying it issues one licence per product it holds, never one of the bundle itself.
CREATE TABLE bundle_part (
  bundle_product_id  bigint NOT NULL REFERENCES product (id) ON DELETE CASCADE,
  part_product_id    bigint NOT NULL REFERENCES product (id) ON DELETE CASCADE,
  PRIMARY KEY (bundle_product_id, part_product_id),
  CONSTRAINT bundle_part_not_itself CHECK (bundle_product_id <> part_product_id)
);
CREATE INDEX bundle_part_part ON bundle_part (part_product_id);
