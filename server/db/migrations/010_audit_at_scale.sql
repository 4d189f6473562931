-- The change history at scale: writes that wait less on each other, and a word search served by
-- one index.

-- 1. A table's version moves at commit. Every write to a table moves the same row of
-- table_versions; moved by each statement (migration 003), its lock was held from that statement
-- to the commit, across the history's reads and its entry, so concurrent writers of one table
-- queued behind each other for the whole transaction. A deferred trigger moves it once, as the
-- transaction commits, in the same transaction as the change, so lists stay never stale across
-- servers while the lock is held only for the commit. TRUNCATE keeps its statement trigger (a
-- constraint trigger cannot fire on it).
CREATE FUNCTION bump_table_version_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per table and transaction, however many rows it wrote (a transaction-local setting).
  IF current_setting('medref.version_moved_' || TG_TABLE_NAME, true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('medref.version_moved_' || TG_TABLE_NAME, 'on', true);
    UPDATE table_versions SET version = version + 1 WHERE table_name = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['conditions', 'age_categories', 'weight_categories', 'medications',
    'medication_contraindications', 'weight_category_dosages', 'age_category_dosages', 'lifestyles',
    'lifestyle_contraindications', 'drug_interactions', 'drugs']
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_version', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version()', t || '_version', t);
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I
                    DEFERRABLE INITIALLY DEFERRED
                    FOR EACH ROW EXECUTE FUNCTION bump_table_version_at_commit()',
                   t || '_version_at_commit', t);
  END LOOP;
END
$$;

-- 2. The history's counts in shards. One actor's updates of one kind of record all moved the same
-- count row, whose lock each writer then held to its commit. Each connection now moves a row of
-- its own shard (its backend's process id modulo 16); GET /audit sums the shards as before.
ALTER TABLE audit_counts ADD COLUMN shard smallint NOT NULL DEFAULT 0;
ALTER TABLE audit_counts DROP CONSTRAINT audit_counts_pkey;
ALTER TABLE audit_counts ADD PRIMARY KEY (entity, action, actor_id, shard);
CREATE OR REPLACE FUNCTION count_audit_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_counts AS c (entity, action, actor_id, shard, n)
  SELECT entity, action, actor_id, pg_backend_pid() % 16, count(*)
    FROM added GROUP BY entity, action, actor_id
  ON CONFLICT (entity, action, actor_id, shard) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;

-- 3. `q` matches a word inside the label or the reason. One trigram index over both (joined by a
-- space, which no word contains, so no match spans the two) serves every word of a search in one
-- index scan, where two indexes needed a bitmap OR per word.
CREATE INDEX audit_entries_search_trgm_idx ON audit_entries
  USING gin ((label || ' ' || coalesce(reason, '')) gin_trgm_ops);
DROP INDEX audit_entries_label_trgm_idx;
DROP INDEX audit_entries_reason_trgm_idx;
