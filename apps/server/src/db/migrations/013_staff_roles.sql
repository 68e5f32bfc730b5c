-- Staff logins (issue: the vendor's back office): besides the built-in administrator, logins with the role
-- "admin" (may do everything) or "support" (persons, orders, mails and key resends; no keys, pages or batches).
-- docs/SECURITY.md and decision 013.
ALTER TABLE login ADD COLUMN role text NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'admin', 'support'));
UPDATE login SET role = 'admin' WHERE is_admin;
ALTER TABLE login DROP COLUMN is_admin;
ALTER TABLE login ADD COLUMN is_admin boolean GENERATED ALWAYS AS (role = 'admin') STORED;
CREATE INDEX login_staff ON login (id) WHERE role <> 'customer';

-- A staff login is invited by a mailed link that sets its password.
ALTER TABLE account_link DROP CONSTRAINT account_link_purpose_check;
ALTER TABLE account_link ADD CONSTRAINT account_link_purpose_check CHECK (purpose IN ('confirm', 'purchase', 'activation', 'staff'));
