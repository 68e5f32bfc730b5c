-- Mails are HTML with a plain-text alternative (docs/decisions/023-customer-journey.md): the outbox keeps both.
-- Mails queued before this migration, and mails still written in the text-only style, have no HTML.
ALTER TABLE mail_outbox ADD COLUMN IF NOT EXISTS body_html text;
