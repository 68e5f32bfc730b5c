-- The support requests, trials and mailed links of an address are found by its canonical form (decision 030), stored
-- beside the address and compared byte for byte, like person, login and provider_order since 068: erasure and the
-- personal-data export matched them with lower() under the database's collation, which joined "İnfo@" to "info@" and
-- "Émile@" to "émile@" (two people each) and so erased or exported the other person's records (decision 082).
--
-- The application fills the rows that exist right after this file, in its transaction (db/canonical-addresses.ts,
-- fillCanonicalAddressesOfRecords). NULL is an address nothing matches: blank, or no longer accepted.
ALTER TABLE support_request ADD COLUMN email_canonical text COLLATE "C";
CREATE INDEX support_request_email_canonical ON support_request (email_canonical) WHERE email_canonical IS NOT NULL;

ALTER TABLE trial ADD COLUMN email_canonical text COLLATE "C";
CREATE INDEX trial_email_canonical ON trial (email_canonical) WHERE email_canonical IS NOT NULL;

ALTER TABLE account_link ADD COLUMN email_canonical text COLLATE "C";
CREATE INDEX account_link_email_canonical ON account_link (email_canonical) WHERE email_canonical IS NOT NULL;
