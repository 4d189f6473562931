-- A write's history entry, off the write's path. Most writes are one statement that also writes
-- their entry (server/repositories/audit.ts, writeWithEntry). Into audit_entries, with its nine
-- indexes, its per-field diff and its count, the entry cost more than the write itself. Such a
-- statement now inserts the record before and after, its label and who and why, into audit_inbox:
-- a table with no index at all. The server moves the inbox in batches into audit_entries, shortly
-- after writes, computing each entry's diff and counting it there. Every read of the history goes
-- through the view audit_log, which shows the inbox's entries exactly as they will be stored, so
-- an entry is visible from the moment its write commits, wherever it is. A move deletes from the
-- inbox and inserts into audit_entries in one statement, so a reader sees each entry once.
-- Writes of several statements (in a transaction) and reverts still insert into audit_entries.

-- No CHECK on the action or the entity: the statement itself derives the action from what the
-- write did, and the entity comes from the server's own list; audit_entries checks both again
-- when the entry moves. Checking them here would be a noticeable share of each write's time in
-- PostgreSQL. The reason, which a client sends, is checked here.
CREATE TABLE audit_inbox (LIKE audit_entries INCLUDING DEFAULTS);
ALTER TABLE audit_inbox
  DROP COLUMN effect,
  DROP COLUMN changes,
  DROP COLUMN reverts,
  DROP COLUMN medication_ids,
  ADD COLUMN before jsonb,
  ADD COLUMN after jsonb,
  -- Ids from the history's own sequence: an entry keeps its id, and its order, when it moves.
  ALTER COLUMN id SET DEFAULT nextval('audit_entries_id_seq'),
  ADD CHECK (char_length(reason) <= 500);

-- An entry's `changes` from the record before and after (NULL when there was none): a create
-- holds every field's `to`, a delete every field's `from` (its dependents included), an update
-- `{ from, to }` for each field that differs. `updated_at` moves on every write: it is no change
-- of its own. No change gives '{}'.
CREATE FUNCTION audit_changes(before jsonb, after jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(jsonb_object_agg(k.field, CASE
           WHEN before IS NULL THEN jsonb_build_object('to', after -> k.field)
           WHEN after IS NULL THEN jsonb_build_object('from', before -> k.field)
           ELSE jsonb_build_object('from', coalesce(before -> k.field, 'null'),
                                   'to', coalesce(after -> k.field, 'null')) END), '{}')
    FROM jsonb_object_keys(coalesce(before, '{}') || coalesce(after, '{}')) AS k (field)
   WHERE before IS NULL OR after IS NULL
      OR (k.field <> 'updated_at' AND before -> k.field IS DISTINCT FROM after -> k.field)
$$;

-- The medications an entry concerns, for a medication's own history, from the record `r`: a
-- medication itself, and what a dosage, contraindication or interaction belongs to.
CREATE FUNCTION audit_medication_ids(entity text, r jsonb) RETURNS integer[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_remove(ARRAY[CASE WHEN entity = 'medication' THEN (r ->> 'id')::int END,
                            (r ->> 'medication_id')::int, (r ->> 'interacting_medication_id')::int],
                      NULL)
$$;

CREATE VIEW audit_log AS
  SELECT id, at, actor_id, actor_name, action, effect, entity, entity_id, label, changes, reason,
         reverts, medication_ids
    FROM audit_entries
  UNION ALL
  SELECT id, at, actor_id, actor_name, action, action, entity, entity_id, label,
         audit_changes(before, after), reason, NULL::integer,
         audit_medication_ids(entity, coalesce(after, before))
    FROM audit_inbox;

-- An entry may be reverted while it is still in the inbox, where a foreign key cannot point. A
-- revert names an entry it has just read, and audit_entries_reverts_key still lets an entry be
-- reverted at most once (every revert is written to audit_entries).
ALTER TABLE audit_entries DROP CONSTRAINT audit_entries_reverts_fkey;
