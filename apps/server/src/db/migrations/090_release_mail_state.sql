-- The admin's list of releases shows whether a release mailed its owners and how far the mailing got (issue 26):
-- whether the administrator asked for the mail, and each recipient's mail in the outbox (queued, sent, failed).
ALTER TABLE product_release ADD COLUMN notify_owners boolean NOT NULL DEFAULT false;
ALTER TABLE release_mail ADD COLUMN mail_id bigint REFERENCES mail_outbox (id) ON DELETE SET NULL;
CREATE INDEX release_mail_mail_id ON release_mail (mail_id) WHERE mail_id IS NOT NULL;
-- Releases published before: those that mailed anyone were published with the mail.
UPDATE product_release r SET notify_owners = true WHERE EXISTS (SELECT 1 FROM release_mail m WHERE m.release_id = r.id);
