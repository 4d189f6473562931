-- Standard codes on records: ATC and RxNorm on medications, ingredients and drug classes, ICD-10
-- and SNOMED CT on conditions. The record's own `codes` column is what is read, versioned by the
-- releases and kept in the history: a list of {"system": uri, "code": text, "display": text|null}.
-- Codes are stored as the server normalised them (trimmed, upper case), so an exact containment
-- test matches them case-insensitively.
ALTER TABLE medications ADD COLUMN codes jsonb NOT NULL DEFAULT '[]'
  CHECK (jsonb_typeof(codes) = 'array');
ALTER TABLE ingredients ADD COLUMN codes jsonb NOT NULL DEFAULT '[]'
  CHECK (jsonb_typeof(codes) = 'array');
ALTER TABLE drug_classes ADD COLUMN codes jsonb NOT NULL DEFAULT '[]'
  CHECK (jsonb_typeof(codes) = 'array');
ALTER TABLE conditions ADD COLUMN codes jsonb NOT NULL DEFAULT '[]'
  CHECK (jsonb_typeof(codes) = 'array');

-- Finding a record by code (`codes @> '[{"code": "B01AA03"}]'`, with or without its system), in
-- the draft and in a release alike.
CREATE INDEX medications_codes_idx ON medications USING gin (codes jsonb_path_ops);
CREATE INDEX ingredients_codes_idx ON ingredients USING gin (codes jsonb_path_ops);
CREATE INDEX drug_classes_codes_idx ON drug_classes USING gin (codes jsonb_path_ops);
CREATE INDEX conditions_codes_idx ON conditions USING gin (codes jsonb_path_ops);

-- A code belongs to one record of a kind: two medications with one RxNorm code would make a
-- lookup by code ambiguous. A medication and its ingredient may share one, so the key holds the
-- kind. Kept from the records' columns by the triggers below; a unique violation here is a
-- duplicate code.
CREATE TABLE record_codes (
  entity    text NOT NULL CHECK (entity IN ('medication', 'ingredient', 'drug_class', 'condition')),
  record_id integer NOT NULL,
  system    text NOT NULL,
  code      text NOT NULL,
  PRIMARY KEY (entity, system, code)
);
CREATE INDEX record_codes_record_idx ON record_codes (entity, record_id);

-- TG_ARGV[0]: the kind of record the table holds.
CREATE FUNCTION keep_record_codes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM record_codes WHERE entity = TG_ARGV[0] AND record_id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO record_codes (entity, record_id, system, code)
      SELECT TG_ARGV[0], NEW.id, c ->> 'system', c ->> 'code'
        FROM jsonb_array_elements(NEW.codes) c;
  END IF;
  RETURN NULL;
END
$$;

-- Only rows with codes, or whose codes change, pay for the trigger: a bulk load without codes
-- does not.
CREATE TRIGGER medications_codes_insert AFTER INSERT ON medications
  FOR EACH ROW WHEN (NEW.codes <> '[]') EXECUTE FUNCTION keep_record_codes('medication');
CREATE TRIGGER medications_codes_update AFTER UPDATE OF codes ON medications
  FOR EACH ROW WHEN (OLD.codes IS DISTINCT FROM NEW.codes)
  EXECUTE FUNCTION keep_record_codes('medication');
CREATE TRIGGER medications_codes_delete AFTER DELETE ON medications
  FOR EACH ROW WHEN (OLD.codes <> '[]') EXECUTE FUNCTION keep_record_codes('medication');

CREATE TRIGGER ingredients_codes_insert AFTER INSERT ON ingredients
  FOR EACH ROW WHEN (NEW.codes <> '[]') EXECUTE FUNCTION keep_record_codes('ingredient');
CREATE TRIGGER ingredients_codes_update AFTER UPDATE OF codes ON ingredients
  FOR EACH ROW WHEN (OLD.codes IS DISTINCT FROM NEW.codes)
  EXECUTE FUNCTION keep_record_codes('ingredient');
CREATE TRIGGER ingredients_codes_delete AFTER DELETE ON ingredients
  FOR EACH ROW WHEN (OLD.codes <> '[]') EXECUTE FUNCTION keep_record_codes('ingredient');

CREATE TRIGGER drug_classes_codes_insert AFTER INSERT ON drug_classes
  FOR EACH ROW WHEN (NEW.codes <> '[]') EXECUTE FUNCTION keep_record_codes('drug_class');
CREATE TRIGGER drug_classes_codes_update AFTER UPDATE OF codes ON drug_classes
  FOR EACH ROW WHEN (OLD.codes IS DISTINCT FROM NEW.codes)
  EXECUTE FUNCTION keep_record_codes('drug_class');
CREATE TRIGGER drug_classes_codes_delete AFTER DELETE ON drug_classes
  FOR EACH ROW WHEN (OLD.codes <> '[]') EXECUTE FUNCTION keep_record_codes('drug_class');

CREATE TRIGGER conditions_codes_insert AFTER INSERT ON conditions
  FOR EACH ROW WHEN (NEW.codes <> '[]') EXECUTE FUNCTION keep_record_codes('condition');
CREATE TRIGGER conditions_codes_update AFTER UPDATE OF codes ON conditions
  FOR EACH ROW WHEN (OLD.codes IS DISTINCT FROM NEW.codes)
  EXECUTE FUNCTION keep_record_codes('condition');
CREATE TRIGGER conditions_codes_delete AFTER DELETE ON conditions
  FOR EACH ROW WHEN (OLD.codes <> '[]') EXECUTE FUNCTION keep_record_codes('condition');

-- The releases version the column too (migration 026): the versions get it, with the draft's
-- index, and track_release_rows recreates the release views with it.
ALTER TABLE release_rows.medications ADD COLUMN codes jsonb NOT NULL DEFAULT '[]';
ALTER TABLE release_rows.ingredients ADD COLUMN codes jsonb NOT NULL DEFAULT '[]';
ALTER TABLE release_rows.drug_classes ADD COLUMN codes jsonb NOT NULL DEFAULT '[]';
ALTER TABLE release_rows.conditions ADD COLUMN codes jsonb NOT NULL DEFAULT '[]';
CREATE INDEX ON release_rows.medications USING gin (codes jsonb_path_ops);
CREATE INDEX ON release_rows.ingredients USING gin (codes jsonb_path_ops);
CREATE INDEX ON release_rows.drug_classes USING gin (codes jsonb_path_ops);
CREATE INDEX ON release_rows.conditions USING gin (codes jsonb_path_ops);
SELECT track_release_rows(ARRAY['conditions', 'drug_classes', 'ingredients', 'medications']);
