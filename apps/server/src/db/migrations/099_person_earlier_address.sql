-- A person's earlier addresses (decision 109): the administrator's correction of an address (the person screen)
-- keeps the one replaced, so the customer's export and erasure reach what is held under it (mails, support
-- requests, trials, purchases). Personal data like the person's row: exported with it, erased with it.
CREATE TABLE person_earlier_address (
  person_id   bigint NOT NULL REFERENCES person (id) ON DELETE CASCADE,
  email       text NOT NULL CHECK (email <> ''),
  replaced_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (person_id, email)
);

-- The corrections made before: the audit log's person updates whose address changed (an erased person's were
-- redacted, and the erasure has run for them).
INSERT INTO person_earlier_address (person_id, email, replaced_at)
SELECT DISTINCT ON (p.id, a.before ->> 'email') p.id, a.before ->> 'email', a.at
  FROM audit_log a JOIN person p ON p.id::text = a.entity_id
 WHERE a.entity = 'person' AND a.action = 'update' AND p.erased_at IS NULL
   AND coalesce(a.before ->> 'email', '') <> ''
   AND lower(a.before ->> 'email') <> lower(coalesce(a.after ->> 'email', ''))
 ORDER BY p.id, a.before ->> 'email', a.at DESC;
