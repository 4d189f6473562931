-- Drug classes: real knowledge bases state an effect once per class ("an SSRI with an NSAID raises
-- the risk of bleeding") rather than pair by pair, which cannot keep up with the medications added.
-- A medication may belong to several classes (sertraline is an SSRI and serotonergic).
CREATE TABLE drug_classes (
  id                 serial PRIMARY KEY,
  name               text NOT NULL CHECK (btrim(name) <> ''),
  -- The WHO ATC code of the class (a level-1 to level-4 group, such as C10AA or N06AB).
  atc_code           text CHECK (atc_code ~ '^[A-Z]([0-9]{2}([A-Z]([A-Z])?)?)?$'),
  -- Set on classes where two members together are a duplicate (two statins, two SSRIs): the
  -- severity of that finding. Null: members may be combined.
  duplicate_severity text CHECK (duplicate_severity IN ('minor', 'moderate', 'major', 'contraindicated')),
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX drug_classes_name_key ON drug_classes (lower(name));

CREATE TABLE drug_class_members (
  id            serial PRIMARY KEY,
  drug_class_id integer NOT NULL REFERENCES drug_classes (id) ON DELETE CASCADE,
  medication_id integer NOT NULL REFERENCES medications (id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (drug_class_id, medication_id)
);
CREATE INDEX drug_class_members_medication_idx ON drug_class_members (medication_id);

-- A rule about a class: an `interaction` of its members with the members of another class (or
-- the same one: two QT-prolonging medications) or with one medication; or a `cross_sensitivity`,
-- where a patient allergic to the class (`drug_class_id`) may react to the other class too
-- (penicillins to cephalosporins). A class still named by a rule cannot be deleted: the rule
-- would go silently with it.
CREATE TABLE class_rules (
  id                  serial PRIMARY KEY,
  kind                text NOT NULL CHECK (kind IN ('interaction', 'cross_sensitivity')),
  drug_class_id       integer NOT NULL REFERENCES drug_classes (id) ON DELETE RESTRICT,
  other_class_id      integer REFERENCES drug_classes (id) ON DELETE RESTRICT,
  other_medication_id integer REFERENCES medications (id) ON DELETE CASCADE,
  severity            text NOT NULL CHECK (severity IN ('minor', 'moderate', 'major', 'contraindicated')),
  description         text NOT NULL CHECK (btrim(description) <> ''),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  CHECK ((other_class_id IS NULL) <> (other_medication_id IS NULL)),
  CHECK (kind = 'interaction' OR (other_class_id IS NOT NULL AND other_class_id <> drug_class_id))
);
-- One interaction rule per pair of classes, whichever order it was entered in; one per class and
-- medication; one cross-sensitivity per direction.
CREATE UNIQUE INDEX class_rules_class_pair_key
  ON class_rules (least(drug_class_id, other_class_id), greatest(drug_class_id, other_class_id))
  WHERE kind = 'interaction' AND other_class_id IS NOT NULL;
CREATE UNIQUE INDEX class_rules_class_medication_key
  ON class_rules (drug_class_id, other_medication_id) WHERE other_medication_id IS NOT NULL;
CREATE UNIQUE INDEX class_rules_cross_sensitivity_key
  ON class_rules (drug_class_id, other_class_id) WHERE kind = 'cross_sensitivity';
CREATE INDEX class_rules_other_class_idx ON class_rules (other_class_id);
CREATE INDEX class_rules_other_medication_idx ON class_rules (other_medication_id);

-- A reference table's writes move its version (as migration 010 set up for the first tables), so
-- the lists cached from it are rebuilt: one call for each table a later migration adds.
CREATE FUNCTION track_table_versions(tables text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t text;
BEGIN
  INSERT INTO table_versions (table_name) SELECT unnest(tables);
  FOREACH t IN ARRAY tables
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version()', t || '_version', t);
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I
                    DEFERRABLE INITIALLY DEFERRED
                    FOR EACH ROW EXECUTE FUNCTION bump_table_version_at_commit()',
                   t || '_version_at_commit', t);
  END LOOP;
END
$$;

SELECT track_table_versions(ARRAY['drug_classes', 'drug_class_members', 'class_rules']);

ALTER TABLE audit_entries DROP CONSTRAINT audit_entries_entity_check;
ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_entity_check CHECK (entity IN ('condition',
  'age_category', 'weight_category', 'medication', 'weight_dosage', 'age_dosage',
  'contraindication', 'lifestyle_contraindication', 'drug_interaction', 'lifestyle', 'drug',
  'account', 'test_prescription', 'drug_class', 'class_member', 'class_rule'));

-- A class membership belongs to its medication's history, and so does a class rule about one
-- medication.
CREATE OR REPLACE FUNCTION audit_medication_ids(entity text, r jsonb) RETURNS integer[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_remove(ARRAY[CASE WHEN entity = 'medication' THEN (r ->> 'id')::int END,
                            (r ->> 'medication_id')::int, (r ->> 'interacting_medication_id')::int,
                            (r ->> 'other_medication_id')::int],
                      NULL)
$$;
