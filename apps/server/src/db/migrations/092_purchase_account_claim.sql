-- The paying browser's claim (decision 060): the SHA-256 (hex) of a random value that browser kept, handed to the
-- checkout as a tag, so that browser alone may ask, once and within the purchase's hour, for the buyer's sign-in link.
-- Cleared when used; only for a purchase whose licences went to its payer.
ALTER TABLE provider_order ADD COLUMN account_claim_hash text;
