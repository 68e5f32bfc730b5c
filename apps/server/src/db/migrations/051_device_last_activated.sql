-- When a computer last activated: set on its first registration and on every registration of the same computer
-- again (the plug-in re-activating after a reinstall, JUCE's online unlock), shown in the customer area.
ALTER TABLE order_device ADD COLUMN last_activated_at timestamptz NOT NULL DEFAULT now();
UPDATE order_device SET last_activated_at = creation_date;
