-- One counter that every change to the reference data moves, in the same transaction.
-- Servers keep serialised lists in memory keyed by it, and ask for it on every read, so a list
-- is never served stale, whichever instance made the change.
CREATE TABLE data_version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version  bigint NOT NULL
);
INSERT INTO data_version (version) VALUES (1);

CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_version SET version = version + 1;
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
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version()', t || '_version', t);
  END LOOP;
END
$$;
