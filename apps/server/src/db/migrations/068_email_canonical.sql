-- Addresses are matched by their canonical form (decision 030, docs/SECURITY.md "Addresses"), which only the application
-- computes (canonicalEmail, packages/contracts/src/email-address.ts), stored beside the address and compared byte for
-- byte (COLLATE "C"); no longer by lower() under the database's collation, which folds U+212A KELVIN SIGN to "k" and
-- U+0130 "İ" to "i" and so gave a look-alike address the licences of the address it imitates.
--
-- The application fills the columns of the rows that exist right after this file, in its transaction
-- (db/canonical-addresses.ts, run by db/migrate.ts). NULL is an address that nothing matches: a blank person, an address
-- that is no longer accepted (a look-alike spelling), or the second person or login of one canonical address.
ALTER TABLE person ADD COLUMN email_canonical text COLLATE "C";
DROP INDEX person_email_key;
CREATE UNIQUE INDEX person_email_canonical_key ON person (email_canonical);

ALTER TABLE login ADD COLUMN login_name_canonical text COLLATE "C";
DROP INDEX login_name_key;
CREATE UNIQUE INDEX login_name_canonical_key ON login (login_name_canonical);

-- The payer of a purchase, by address (a gift's payer sees its amounts in the customer area).
ALTER TABLE provider_order ADD COLUMN buyer_email_canonical text COLLATE "C";
CREATE INDEX provider_order_buyer ON provider_order (buyer_email_canonical) WHERE buyer_email_canonical IS NOT NULL;

-- Mailed links are found by their token; the address of a used link is read as canonicalEmail reads it.
DROP INDEX account_link_email;
