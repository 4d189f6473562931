-- Who may change clinical data, and the history of every change.

-- Roles: admin (everything and the accounts), editor (the reference data), viewer (reads), user
-- (the app users who search drugs: no console), or NULL: a pending registration with no access
-- until an administrator gives it a role. A disabled account cannot sign in and its sessions end.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ALTER COLUMN role DROP NOT NULL;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('admin', 'editor', 'viewer', 'user'));
ALTER TABLE users
  ADD COLUMN disabled        boolean NOT NULL DEFAULT false,
  ADD COLUMN last_sign_in_at timestamptz;

-- A condition contraindication gets an id of its own, so its history entries can name it.
ALTER TABLE medication_contraindications ADD COLUMN id serial NOT NULL UNIQUE;

-- The history: one entry per change, written in the same transaction as the change. `effect` is
-- what the entry did to the record (a revert's action is 'revert', its effect what it undid it
-- with); `changes` holds {field: {from, to}} as stored. `medication_ids` names the medications an
-- entry concerns (a medication's own entries, and those of its dosages, contraindications and
-- interactions), for a medication's history page.
CREATE TABLE audit_entries (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at             timestamptz NOT NULL DEFAULT now(),
  actor_id       integer NOT NULL,
  actor_name     text NOT NULL,
  action         text NOT NULL CHECK (action IN ('create', 'update', 'delete', 'revert')),
  effect         text NOT NULL CHECK (effect IN ('create', 'update', 'delete')),
  entity         text NOT NULL CHECK (entity IN ('condition', 'age_category', 'weight_category',
                   'medication', 'weight_dosage', 'age_dosage', 'contraindication',
                   'lifestyle_contraindication', 'drug_interaction', 'lifestyle', 'drug', 'account')),
  entity_id      integer NOT NULL,
  label          text NOT NULL,
  changes        jsonb NOT NULL,
  reason         text CHECK (char_length(reason) <= 500),
  reverts        integer REFERENCES audit_entries (id),
  medication_ids integer[] NOT NULL DEFAULT '{}'
);

-- Paging and sorting (GET /audit): newest first by default, and by actor, action or entity, each
-- with the id as tie-breaker so a page can be read straight off an index, whichever way.
CREATE INDEX audit_entries_at_idx ON audit_entries (at, id);
CREATE INDEX audit_entries_actor_name_idx ON audit_entries (lower(actor_name), id);
CREATE INDEX audit_entries_action_idx ON audit_entries (action, id);
CREATE INDEX audit_entries_entity_idx ON audit_entries (entity, id);
-- Filters: one record's history (and "changed since" checks on revert), one actor's entries.
CREATE INDEX audit_entries_record_idx ON audit_entries (entity, entity_id, id);
CREATE INDEX audit_entries_actor_idx ON audit_entries (actor_id, id);
CREATE INDEX audit_entries_medication_idx ON audit_entries USING gin (medication_ids);
-- `q` matches words inside the label or the reason (ILIKE '%word%'): trigram indexes serve it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX audit_entries_label_trgm_idx ON audit_entries USING gin (label gin_trgm_ops);
CREATE INDEX audit_entries_reason_trgm_idx ON audit_entries USING gin (reason gin_trgm_ops);
-- An entry is reverted at most once: a second, concurrent revert fails here.
CREATE UNIQUE INDEX audit_entries_reverts_key ON audit_entries (reverts) WHERE reverts IS NOT NULL;

-- A medication's interactions by either side: its history entry on delete, the delete confirm's
-- count, and the cascade itself read them (the pair index orders by least/greatest, not by side).
CREATE INDEX drug_interactions_medication_idx ON drug_interactions (medication_id);

-- GET /audit's total without counting a million rows: entries are never updated or deleted, so a
-- count per entity, action and actor, moved by each insert in its own transaction, sums to the
-- exact total of any page filtered by those alone (or not filtered at all).
CREATE TABLE audit_counts (
  entity   text NOT NULL,
  action   text NOT NULL,
  actor_id integer NOT NULL,
  n        bigint NOT NULL,
  PRIMARY KEY (entity, action, actor_id)
);
-- Once per statement, over the rows it added: a bulk load adds one count per key, not one update
-- of the same few rows per entry.
CREATE FUNCTION count_audit_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_counts AS c (entity, action, actor_id, n)
  SELECT entity, action, actor_id, count(*) FROM added GROUP BY entity, action, actor_id
  ON CONFLICT (entity, action, actor_id) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;
CREATE TRIGGER audit_entries_count AFTER INSERT ON audit_entries
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_audit_entries();
