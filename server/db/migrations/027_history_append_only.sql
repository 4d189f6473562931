-- The history is written once and never changed. Which release brought an entry (026 kept it in
-- the entry) is kept beside it: entry_releases for the entries a release brought, and
-- unreleased_entries for those of the reference data that no release has brought yet, by record,
-- which the review reads. Publishing moves the second into the first; cancelling moves them back.
CREATE TABLE entry_releases (
  entry_id       integer PRIMARY KEY,
  release_number integer NOT NULL
);
CREATE INDEX entry_releases_release_idx ON entry_releases (release_number, entry_id);

CREATE TABLE unreleased_entries (
  entry_id  integer PRIMARY KEY,
  entity    text NOT NULL,
  entity_id integer NOT NULL
);

-- Entries written before releases existed belong to release 1.
INSERT INTO entry_releases (entry_id, release_number)
SELECT id, greatest(release_number, 1) FROM audit_log WHERE release_number IS NOT NULL;
INSERT INTO unreleased_entries (entry_id, entity, entity_id)
SELECT id, entity, entity_id FROM audit_log
 WHERE release_number IS NULL AND entity NOT IN ('account', 'test_prescription');

DROP VIEW audit_log;
CREATE VIEW audit_log AS
  SELECT id, at, actor_id, actor_name, action, effect, entity, entity_id, label, changes, reason,
         reverts, medication_ids
    FROM audit_entries
  UNION ALL
  SELECT id, at, actor_id, actor_name, action, action, entity, entity_id, label,
         audit_changes(before, after), reason, NULL::integer,
         audit_medication_ids(entity, coalesce(after, before))
    FROM audit_inbox;
ALTER TABLE audit_entries DROP COLUMN release_number;
ALTER TABLE audit_inbox DROP COLUMN release_number;

-- Append-only: no statement, whatever its origin, changes or removes an entry.
CREATE FUNCTION refuse_history_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The history is append-only: its entries are never changed or deleted'
    USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER audit_entries_append_only BEFORE UPDATE OR DELETE ON audit_entries
  FOR EACH ROW EXECUTE FUNCTION refuse_history_change();
CREATE TRIGGER audit_entries_never_emptied BEFORE TRUNCATE ON audit_entries
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_change();
