-- Releases. Editors change the draft: the reference tables as they are. A release is a numbered,
-- immutable state of all of them, kept as row versions rather than copies: release_rows.<table>
-- holds every version a release published, valid from the release that brought it until the one
-- that replaced or removed it (valid_to, exclusive; null while current). Storage grows with the
-- rows changed, not with the number of releases.
--
-- release_data.<table> is a view named as the draft's table, over the versions valid at the
-- release named by the setting medref.release: a read sets search_path to release_data, public
-- and runs the draft's own SQL against the release (server/releases/scope.ts). A later migration
-- that adds a column to a reference table adds it to release_rows.<table> too and calls
-- track_release_rows again for that table, which recreates its view.

CREATE TABLE releases (
  number            integer PRIMARY KEY CHECK (number > 0),
  title             text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  notes             text NOT NULL DEFAULT '' CHECK (char_length(notes) <= 5000),
  published_by      integer REFERENCES users (id) ON DELETE SET NULL,
  published_by_name text NOT NULL,
  published_at      timestamptz NOT NULL DEFAULT now(),
  effective_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX releases_effective_idx ON releases (effective_at, number);

CREATE SCHEMA release_rows;
CREATE SCHEMA release_data;

-- The draft's rows written since the newest release: what the next publication versions. A row
-- here may be unchanged after all (an edit undone); publishing compares values.
CREATE TABLE draft_changes (
  table_name text NOT NULL,
  id         integer NOT NULL,
  PRIMARY KEY (table_name, id)
);

-- Once per statement, over the rows it wrote: a bulk load adds one key per row in one insert.
-- Before the first release (a new database being seeded) there is nothing to compare against.
CREATE FUNCTION note_draft_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM releases) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    INSERT INTO draft_changes SELECT TG_TABLE_NAME, id FROM old_rows ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO draft_changes SELECT TG_TABLE_NAME, id FROM new_rows ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

-- One reference table's versions, its release view and the triggers that note its draft changes.
-- The versions keep the draft's indexes, none of them unique (a record has a version per change),
-- so a release is read the way the draft is.
CREATE FUNCTION track_release_rows(tables text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t text;
  cols text;
  idx record;
BEGIN
  FOREACH t IN ARRAY tables
  LOOP
    IF to_regclass(format('release_rows.%I', t)) IS NULL THEN
      EXECUTE format('CREATE TABLE release_rows.%I (LIKE public.%I)', t, t);
      EXECUTE format('ALTER TABLE release_rows.%I ADD COLUMN valid_from integer NOT NULL,
                        ADD COLUMN valid_to integer', t);
      FOR idx IN SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = t
      LOOP
        EXECUTE regexp_replace(
          replace(idx.indexdef, format(' ON public.%s ', quote_ident(t)),
                  format(' ON release_rows.%s ', quote_ident(t))),
          '^CREATE UNIQUE INDEX', 'CREATE INDEX');
      END LOOP;
      EXECUTE format('CREATE INDEX ON release_rows.%I (id, valid_from)', t);
      EXECUTE format('CREATE INDEX ON release_rows.%I (valid_from)', t);
      EXECUTE format('CREATE INDEX ON release_rows.%I (valid_to) WHERE valid_to IS NOT NULL', t);
      EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON public.%I REFERENCING NEW TABLE AS new_rows
                      FOR EACH STATEMENT EXECUTE FUNCTION note_draft_changes()', t || '_draft_insert', t);
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON public.%I REFERENCING NEW TABLE AS new_rows
                      FOR EACH STATEMENT EXECUTE FUNCTION note_draft_changes()', t || '_draft_update', t);
      EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON public.%I REFERENCING OLD TABLE AS old_rows
                      FOR EACH STATEMENT EXECUTE FUNCTION note_draft_changes()', t || '_draft_delete', t);
    END IF;
    SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) INTO cols
      FROM pg_attribute
     WHERE attrelid = format('public.%I', t)::regclass AND attnum > 0 AND NOT attisdropped;
    EXECUTE format('DROP VIEW IF EXISTS release_data.%I', t);
    EXECUTE format(
      'CREATE VIEW release_data.%I AS SELECT %s FROM release_rows.%I
        WHERE valid_from <= current_setting(''medref.release'')::integer
          AND (valid_to IS NULL OR valid_to > current_setting(''medref.release'')::integer)',
      t, cols, t);
  END LOOP;
END
$$;

SELECT track_release_rows(array_agg(table_name ORDER BY table_name)) FROM table_versions;

-- Which release brought each history entry: null while its change is only in the draft. Entries
-- written before releases existed read 0 and belong to release 1.
ALTER TABLE audit_entries ADD COLUMN release_number integer DEFAULT 0;
ALTER TABLE audit_entries ALTER COLUMN release_number DROP DEFAULT;
ALTER TABLE audit_inbox ADD COLUMN release_number integer DEFAULT 0;
ALTER TABLE audit_inbox ALTER COLUMN release_number DROP DEFAULT;
CREATE INDEX audit_entries_unreleased_idx ON audit_entries (entity, entity_id, id)
  WHERE release_number IS NULL;
CREATE INDEX audit_entries_release_idx ON audit_entries (release_number, id);

-- A reviewer's decision on one record's pending change: valid while the record has no unpublished
-- history entry newer than `through_entry`, the newest the reviewer saw.
CREATE TABLE release_reviews (
  entity        text NOT NULL,
  entity_id     integer NOT NULL,
  through_entry integer NOT NULL,
  decision      text NOT NULL CHECK (decision IN ('approved', 'rejected')),
  reviewer_id   integer REFERENCES users (id) ON DELETE SET NULL,
  reviewer_name text NOT NULL,
  comment       text NOT NULL DEFAULT '' CHECK (char_length(comment) <= 1000),
  at            timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (entity, entity_id)
);

-- What a token signs in to: the console (staff), or the app, whose tokens read reference data and
-- run the safety check only.
ALTER TABLE auth_tokens ADD COLUMN audience text NOT NULL DEFAULT 'console'
  CHECK (audience IN ('console', 'app'));

-- The history as every read sees it (migration 014), with the release of each entry.
CREATE OR REPLACE VIEW audit_log AS
  SELECT id, at, actor_id, actor_name, action, effect, entity, entity_id, label, changes, reason,
         reverts, medication_ids, release_number
    FROM audit_entries
  UNION ALL
  SELECT id, at, actor_id, actor_name, action, action, entity, entity_id, label,
         audit_changes(before, after), reason, NULL::integer,
         audit_medication_ids(entity, coalesce(after, before)), release_number
    FROM audit_inbox;
